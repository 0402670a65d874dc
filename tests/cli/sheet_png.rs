//! Layout regressions seen, not only read: the Wardens of the Brass Gate's sheet
//! (`tests/wardens`), printed as PDF, is drawn page by page as PNG by poppler's `pdftoppm` at
//! 40 dpi in grey and compared with the reference images in `tests/golden/sheet/`
//! (`page-1.png`, ...). A page passes when under 0.5% of its pixels differ by more than a
//! quarter of the grey scale: anti-aliasing that shifts by a shade passes; a section that
//! moves, grows, shrinks or loses a line does not. The text of the pages is `tests/cli/sheet.rs`'s.
//!
//! The sheet is made the same on every run: the date printed is given with `--date`, and the
//! change log's times (which date the notable events no battle dates) are set to one day in
//! the test's copy of the database.
//!
//! When a page differs, the test writes the page drawn now and a picture of the differences
//! (red where they are) to `target/tmp/sheet_png/` and names them. After a change to the layout
//! that is meant, look at those, then rewrite the references and commit them:
//!
//! ```sh
//! PTG_BLESS=1 cargo test --release --test cli sheet_png::
//! ```

use crate::wardens;

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use wardens::read::poppler;
use wardens::*;

/// Dots per inch of the images: enough to see every line and box, small enough to commit
/// (about 25 KB a page).
const DPI: &str = "40";
/// How far apart two grey levels (0 to 255) may be and still count as the same pixel.
const SHADE: u8 = 64;
/// The share of a page's pixels that may differ by more than [`SHADE`].
const LIMIT: f64 = 0.005;
/// The day printed on the sheet and given to every change set.
const DAY: &str = "2026-03-14";

/// A page as 8-bit grey levels, row by row.
struct Grey {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

/// Reads a PNG as grey levels, whatever its colour type (`pdftoppm -gray` writes 8-bit grey).
fn read_png(path: &Path) -> Grey {
    let file = File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut decoder = png::Decoder::new(BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a page-sized image")];
    let info = reader.next_frame(&mut buf).expect("the PNG's pixels");
    let channels = info.color_type.samples();
    let pixels = buf[..info.buffer_size()]
        .chunks(info.line_size)
        .flat_map(|row| row[..info.width as usize * channels].chunks(channels))
        .map(|px| match px.len() {
            1 | 2 => px[0],
            // Luma of RGB (and RGBA: the pages are opaque).
            _ => ((u32::from(px[0]) * 299 + u32::from(px[1]) * 587 + u32::from(px[2]) * 114) / 1000) as u8,
        })
        .collect();
    Grey {
        width: info.width as usize,
        height: info.height as usize,
        pixels,
    }
}

/// Writes `new` over `old` as an RGB picture: the reference faded, differing pixels in red.
fn write_diff(path: &Path, old: &Grey, new: &Grey) {
    let mut rgb = Vec::with_capacity(old.pixels.len() * 3);
    for (&a, &b) in old.pixels.iter().zip(&new.pixels) {
        if a.abs_diff(b) > SHADE {
            rgb.extend([255, 0, 0]);
        } else {
            let faded = 160 + a / 3;
            rgb.extend([faded, faded, faded]);
        }
    }
    let file = File::create(path).unwrap();
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), old.width as u32, old.height as u32);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(&rgb).unwrap();
}

/// The share of pixels that differ by more than [`SHADE`]; `None` when the sizes differ.
fn differing(old: &Grey, new: &Grey) -> Option<f64> {
    if (old.width, old.height) != (new.width, new.height) {
        return None;
    }
    let n = old
        .pixels
        .iter()
        .zip(&new.pixels)
        .filter(|(a, b)| a.abs_diff(**b) > SHADE)
        .count();
    Some(n as f64 / old.pixels.len() as f64)
}

/// The PNG files in `dir`, in page order (`NAME-1.png`, `NAME-2.png`, ...; pdftoppm pads the
/// number with zeros for ten pages or more, which sorts the same).
fn pngs(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| Some(e.ok()?.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "png"));
    files.sort_by_key(|p| {
        let stem = p.file_stem().unwrap().to_string_lossy().to_string();
        let number = stem.rsplit('-').next().and_then(|n| n.parse::<u32>().ok());
        (number, stem)
    });
    files
}

/// The Wardens' sheet drawn now: one PNG per page, in `dir`.
fn draw_sheet(dir: &Path) -> Vec<PathBuf> {
    let l = wardens();
    let conn = rusqlite::Connection::open(l.p.db()).expect("the test's database");
    conn.execute(
        "UPDATE change_sets SET created_at = ?1",
        [format!("{DAY}T18:00:00Z")],
    )
    .expect("every change set dated DAY");
    drop(conn);
    let pdf = l.path("sheet.pdf");
    l.ok(&[
        "roster",
        "sheet",
        ARMY,
        "-o",
        pdf.to_str().unwrap(),
        "--date",
        DAY,
    ]);
    std::fs::create_dir_all(dir).unwrap();
    let root = dir.join("page");
    poppler(
        "pdftoppm",
        &[
            "-r",
            DPI,
            "-gray",
            "-png",
            pdf.to_str().unwrap(),
            root.to_str().unwrap(),
        ],
    );
    pngs(dir)
}

#[test]
fn the_sheets_pages_look_as_the_reference_images() {
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/sheet");
    let work = tempfile::tempdir().unwrap();
    let drawn = draw_sheet(work.path());
    assert!(!drawn.is_empty(), "pdftoppm drew no page");

    if std::env::var_os("PTG_BLESS").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(&golden).unwrap();
        for old in pngs(&golden) {
            std::fs::remove_file(old).unwrap();
        }
        for (n, page) in drawn.iter().enumerate() {
            std::fs::copy(page, golden.join(format!("page-{}.png", n + 1))).unwrap();
        }
        eprintln!(
            "note: wrote {} reference pages to {}",
            drawn.len(),
            golden.display()
        );
        return;
    }

    let bless = "if the change is meant, run `PTG_BLESS=1 cargo test --release --test cli sheet_png::` \
                 and commit tests/golden/sheet/";
    let references = pngs(&golden);
    assert_eq!(
        drawn.len(),
        references.len(),
        "the sheet has {} pages, the references {}; {bless}",
        drawn.len(),
        references.len()
    );
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sheet_png");
    let mut failures = Vec::new();
    for (n, (reference, page)) in references.iter().zip(&drawn).enumerate() {
        let (old, new) = (read_png(reference), read_png(page));
        let share = differing(&old, &new);
        if share.is_some_and(|s| s <= LIMIT) {
            continue;
        }
        std::fs::create_dir_all(&out).unwrap();
        let now = out.join(format!("page-{}.png", n + 1));
        std::fs::copy(page, &now).unwrap();
        let what = match share {
            Some(s) => {
                let diff = out.join(format!("page-{}-diff.png", n + 1));
                write_diff(&diff, &old, &new);
                format!("{:.2}% of its pixels differ (see {})", s * 100.0, diff.display())
            }
            None => format!(
                "it is {}x{} pixels, the reference {}x{}",
                new.width, new.height, old.width, old.height
            ),
        };
        failures.push(format!("page {}: {what}; drawn now: {}", n + 1, now.display()));
    }
    assert!(
        failures.is_empty(),
        "the sheet's layout changed:\n{}\n{bless}",
        failures.join("\n")
    );
}
