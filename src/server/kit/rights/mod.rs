//! Who a request comes from and what it may change: the invite token or the browser's
//! keyring of sign-ins (`auth`, `keyring`), and the same-site key of the forms sent before a
//! sign-in (`same_site`).

pub(in crate::server) mod auth;
pub(in crate::server) mod keyring;
pub(in crate::server) mod same_site;
