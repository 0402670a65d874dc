//! Makes the *metrics* twins of the sheet cut: `templates/fonts/DejaVuSans-sheet.metrics.ttf`
//! and `DejaVuSans-Bold-sheet.metrics.ttf`, the sheet cut (`examples/font_subset.rs`) without
//! its `glyf` and `loca` tables: same character map, advances, metrics and names, no outlines.
//!
//! Why: a sheet measures its text in the sheet cut, and printpdf writes the embedded font's
//! `/W` widths by decoding each used glyph's *outline* (azul-layout, built at opt-level 0),
//! ~1 ms of a sheet's run. Parsed from the metrics twin, the face has no outlines to decode
//! (every glyph reads its advance from `hmtx`), while the PDF still carries the real sheet cut,
//! written from its pre-deflated bytes (`src/sheet/pdf/mod.rs`, `save`).
//!
//! Needs nothing but std, so it runs without building ptg:
//! `rustc --edition 2021 -O examples/font_metrics.rs -o /tmp/font_metrics && /tmp/font_metrics`
//! from the repository's root (or `cargo run --example font_metrics`).

use std::error::Error;
use std::path::Path;

fn main() -> Result<(), Box<dyn Error>> {
    let dir = Path::new("templates/fonts");
    for name in ["DejaVuSans", "DejaVuSans-Bold"] {
        let cut = std::fs::read(dir.join(format!("{name}-sheet.ttf")))?;
        let bytes = metrics_only(&cut).ok_or("not a TrueType font")?;
        let out = dir.join(format!("{name}-sheet.metrics.ttf"));
        std::fs::write(&out, &bytes)?;
        println!("{}: {} bytes (from {})", out.display(), bytes.len(), cut.len());
    }
    Ok(())
}

/// The font `ttf` without its `glyf` and `loca` tables, the table directory rebuilt (offsets,
/// 4-byte padding, checksums).
fn metrics_only(ttf: &[u8]) -> Option<Vec<u8>> {
    let u16_at = |at: usize| Some(u16::from_be_bytes(ttf.get(at..at + 2)?.try_into().ok()?));
    let u32_at = |at: usize| Some(u32::from_be_bytes(ttf.get(at..at + 4)?.try_into().ok()?));
    let count = usize::from(u16_at(4)?);
    let mut tables = Vec::new();
    for i in 0..count {
        let rec = 12 + 16 * i;
        let tag: [u8; 4] = ttf.get(rec..rec + 4)?.try_into().ok()?;
        let (off, len) = (u32_at(rec + 8)? as usize, u32_at(rec + 12)? as usize);
        if &tag != b"glyf" && &tag != b"loca" {
            tables.push((tag, ttf.get(off..off + len)?.to_vec()));
        }
    }
    let n = tables.len() as u16;
    let mut pow = 1u16;
    while pow * 2 <= n {
        pow *= 2;
    }
    let search = pow * 16;
    let mut out = ttf.get(0..4)?.to_vec();
    for v in [n, search, pow.trailing_zeros() as u16, n * 16 - search] {
        out.extend(v.to_be_bytes());
    }
    let header = 12 + 16 * tables.len();
    let mut offset = header;
    let mut data = Vec::new();
    for (tag, bytes) in &mut tables {
        if tag == b"head" {
            // checkSumAdjustment is recomputed below, over the whole file.
            bytes.get_mut(8..12)?.fill(0);
        }
        out.extend(*tag);
        out.extend(checksum(bytes).to_be_bytes());
        out.extend((offset as u32).to_be_bytes());
        out.extend((bytes.len() as u32).to_be_bytes());
        data.extend_from_slice(bytes);
        while data.len() % 4 != 0 {
            data.push(0);
        }
        offset = header + data.len();
    }
    let head_at = tables.iter().position(|(t, _)| t == b"head")?;
    out.extend(data);
    let head_off = u32_at_vec(&out, 12 + 16 * head_at + 8)? as usize;
    let adjust = 0xB1B0_AFBAu32.wrapping_sub(checksum(&out));
    out.get_mut(head_off + 8..head_off + 12)?
        .copy_from_slice(&adjust.to_be_bytes());
    Some(out)
}

fn u32_at_vec(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

/// The sfnt checksum: the sum of big-endian u32 words, the tail zero-padded.
fn checksum(bytes: &[u8]) -> u32 {
    bytes.chunks(4).fold(0u32, |sum, c| {
        let mut w = [0u8; 4];
        w[..c.len()].copy_from_slice(c);
        sum.wrapping_add(u32::from_be_bytes(w))
    })
}
