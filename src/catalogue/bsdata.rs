//! Importer of the BSData Age of Sigmar 4th edition catalogues (placeholder).
