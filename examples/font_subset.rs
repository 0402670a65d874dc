//! Makes the "core" DejaVu Sans faces the PDF sheet is set in: the full fonts cut down to the
//! scripts players write in, so a run parses and subsets ~170 KB instead of ~730 KB per face.
//! A sheet with a character outside them is set in the full fonts instead (see
//! `src/sheet/pdf/faces.rs`), so the cut changes speed, never what a sheet shows.
//!
//! Run after changing `RANGES` or the fonts, and commit the output:
//!
//! ```text
//! cargo run --release --example font_subset
//! ```
//!
//! It writes `templates/fonts/DejaVuSans-core.ttf` and `DejaVuSans-Bold-core.ttf` next to
//! the full fonts. The kept glyphs stay in the full font's order, with every component a
//! composite glyph is built from, so subsetting a sheet's glyphs out of the core font gives
//! the same font program, glyph numbers and widths as out of the full one. The tables are the
//! ones printpdf embeds (outlines, metrics, hinting programs, names) plus OS/2, which it reads
//! for the font descriptor; the shaping tables (GSUB, GPOS, kern) go, since the sheet maps
//! characters to glyphs one by one. The Bitstream Vera licence
//! (`templates/fonts/LICENSE-DejaVu.txt`) allows modified copies whose names contain neither
//! "Bitstream" nor "Vera"; the family stays "DejaVu Sans", and the copyright notices stay in
//! the name table.

use allsorts::binary::read::ReadScope;
use allsorts::font_data::FontData;
use allsorts::subset::{CmapTarget, SubsetProfile, subset};
use allsorts::tables::glyf::{GlyfRecord, GlyfTable, Glyph};
use allsorts::tables::loca::LocaTable;
use allsorts::tables::{FontTableProvider, HeadTable, MaxpTable};
use allsorts::tag;
use std::collections::BTreeSet;
use std::error::Error;
use std::path::Path;

/// The Unicode blocks kept: Latin (with its extensions, the IPA and spacing modifier letters
/// and combining marks names are written with), Greek, Cyrillic, and the punctuation,
/// currency, letter-like and number forms a name or note may hold.
const RANGES: &[(u32, u32)] = &[
    (0x0020, 0x007E), // Basic Latin
    (0x00A0, 0x024F), // Latin-1 Supplement, Latin Extended-A and -B
    (0x0250, 0x02FF), // IPA Extensions, Spacing Modifier Letters
    (0x0300, 0x036F), // Combining Diacritical Marks
    (0x0370, 0x03FF), // Greek and Coptic
    (0x0400, 0x052F), // Cyrillic, Cyrillic Supplement
    (0x1E00, 0x1EFF), // Latin Extended Additional
    (0x2000, 0x206F), // General Punctuation
    (0x20A0, 0x20CF), // Currency Symbols
    (0x2100, 0x218F), // Letterlike Symbols, Number Forms
];

/// The tables kept (loca and glyf are always written).
const TABLES: &[u32] = &[
    tag::CMAP,
    tag::HEAD,
    tag::CVT,
    tag::FPGM,
    tag::HHEA,
    tag::HMTX,
    tag::MAXP,
    tag::NAME,
    tag::OS_2,
    tag::POST,
    tag::PREP,
];

/// The characters of the *sheet* cut, the smallest: what nearly every sheet prints (the
/// template's own text, names in the Latin alphabets of Europe). Embedded whole, so a sheet in
/// it neither subsets nor deflates a font at run time: it is also written deflated
/// (`*-sheet.ttf.zlib`), and the PDF carries those bytes as they are (`src/sheet/pdf/faces.rs`).
const SHEET_RANGES: &[(u32, u32)] = &[
    (0x0020, 0x007E), // Basic Latin
    (0x00A0, 0x017F), // Latin-1 Supplement, Latin Extended-A
    (0x2010, 0x2027), // dashes, quotation marks, bullet, ellipsis
    (0x2030, 0x203A), // per mille, primes, angle quotation marks
    (0x20AC, 0x20AC), // euro sign
    (0x2122, 0x2122), // trade mark sign
];

fn main() -> Result<(), Box<dyn Error>> {
    use std::io::Write;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/fonts");
    for name in ["DejaVuSans", "DejaVuSans-Bold"] {
        let full = std::fs::read(dir.join(format!("{name}.ttf")))?;
        for (cut, ranges) in [("core", RANGES), ("sheet", SHEET_RANGES)] {
            let bytes = cut_from(&full, ranges)?;
            let out = dir.join(format!("{name}-{cut}.ttf"));
            std::fs::write(&out, &bytes)?;
            println!("{}: {} bytes (from {})", out.display(), bytes.len(), full.len());
            if cut == "sheet" {
                let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
                z.write_all(&bytes)?;
                let packed = z.finish()?;
                let out = dir.join(format!("{name}-{cut}.ttf.zlib"));
                std::fs::write(&out, &packed)?;
                println!("{}: {} bytes", out.display(), packed.len());
            }
        }
    }
    Ok(())
}

/// The font cut from `full` to the characters in `ranges`.
fn cut_from(full: &[u8], ranges: &[(u32, u32)]) -> Result<Vec<u8>, Box<dyn Error>> {
    let file = ReadScope::new(full).read::<FontData<'_>>()?;
    let provider = file.table_provider(0)?;
    let mut font = allsorts::Font::new(file.table_provider(0)?)?;
    let mut keep = BTreeSet::from([0u16]);
    for &(first, last) in ranges {
        for ch in (first..=last).filter_map(char::from_u32) {
            let (gid, _) =
                font.lookup_glyph_index(ch, allsorts::font::MatchingPresentation::NotRequired, None);
            if gid != 0 {
                keep.insert(gid);
            }
        }
    }
    with_components(&provider, &mut keep)?;
    // Ascending ids with .notdef first: allsorts numbers the subset's glyphs in this order.
    let ids: Vec<u16> = keep.into_iter().collect();
    Ok(subset(
        &provider,
        &ids,
        &SubsetProfile::Custom(TABLES.to_vec()),
        CmapTarget::Unicode,
    )?)
}

/// Adds the glyphs composites in `keep` are built from, to any depth, so none is appended out
/// of order when the subset is made.
fn with_components(
    provider: &impl FontTableProvider,
    keep: &mut BTreeSet<u16>,
) -> Result<(), Box<dyn Error>> {
    let head = ReadScope::new(&provider.read_table_data(tag::HEAD)?).read::<HeadTable>()?;
    let maxp = ReadScope::new(&provider.read_table_data(tag::MAXP)?).read::<MaxpTable>()?;
    let loca_data = provider.read_table_data(tag::LOCA)?;
    let loca =
        ReadScope::new(&loca_data).read_dep::<LocaTable<'_>>((maxp.num_glyphs, head.index_to_loc_format))?;
    let glyf_data = provider.read_table_data(tag::GLYF)?;
    let mut glyf = ReadScope::new(&glyf_data).read_dep::<GlyfTable<'_>>(&loca)?;
    let mut todo: Vec<u16> = keep.iter().copied().collect();
    while let Some(gid) = todo.pop() {
        let record = glyf
            .records_mut()
            .get_mut(usize::from(gid))
            .ok_or("a composite names a glyph the font does not have")?;
        record.parse()?;
        if let GlyfRecord::Parsed(Glyph::Composite(c)) = record {
            for part in &c.glyphs {
                if keep.insert(part.glyph_index) {
                    todo.push(part.glyph_index);
                }
            }
        }
    }
    Ok(())
}
