//! Reading a printed sheet back: poppler's `pdftotext` and `pdfinfo` on the PDF, the sheet's
//! JSON for what it should hold, and the checks the sheet tests share.

use super::{ARMY, CAMPAIGN, League};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The local date, as the sheet prints it.
pub fn today() -> String {
    chrono::Local::now().date_naive().format("%Y-%m-%d").to_string()
}

/// Runs a poppler tool; fails the test, saying what to install, when it is missing.
pub fn poppler(tool: &str, args: &[&str]) -> String {
    let out = Command::new(tool).args(args).output().unwrap_or_else(|e| {
        panic!(
            "cannot run `{tool}` ({e}): the roster sheet tests read the PDF back with poppler; \
             install poppler-utils (e.g. `sudo apt-get install poppler-utils`)"
        )
    });
    assert!(
        out.status.success(),
        "{tool} {args:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("poppler prints UTF-8")
}

/// `pdfinfo`'s value for `key`, e.g. "Pages" or "Page size".
pub fn pdf_info(pdf: &Path, key: &str) -> String {
    let info = poppler("pdfinfo", &[pdf.to_str().unwrap()]);
    info.lines()
        .find_map(|l| l.strip_prefix(&format!("{key}:")))
        .unwrap_or_else(|| panic!("no {key} in pdfinfo:\n{info}"))
        .trim()
        .to_string()
}

/// The text of each page of `pdf`, one line per printed line, runs of spaces squeezed to one
/// and blank lines dropped (pdftotext -layout pads columns with spaces).
pub fn pages(pdf: &Path) -> Vec<Vec<String>> {
    let count: usize = pdf_info(pdf, "Pages").parse().expect("a page count");
    (1..=count)
        .map(|n| {
            let n = n.to_string();
            let text = poppler(
                "pdftotext",
                &["-layout", "-f", &n, "-l", &n, pdf.to_str().unwrap(), "-"],
            );
            text.lines()
                .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
                .filter(|l| !l.is_empty())
                .collect()
        })
        .collect()
}

/// Renders the roster's PDF (with `template` if given) and returns the pages' text and the
/// dates it may carry (the local date before and after, in case the run straddles midnight).
pub fn render(l: &League, template: Option<&Path>) -> (Vec<Vec<String>>, [String; 2]) {
    let pdf = l.path("sheet.pdf");
    let mut args = vec!["roster", "sheet", ARMY, "-o", pdf.to_str().unwrap()];
    if let Some(t) = template {
        args.extend(["--template", t.to_str().unwrap()]);
    }
    let before = today();
    let written = l.json(&args);
    let after = today();
    let pages = pages(&pdf);
    // The command's own page count agrees with the file's.
    assert_eq!(written["pages"], pages.len(), "{written}");
    assert_eq!(written["file"], pdf.to_str().unwrap());
    (pages, [before, after])
}

/// The index of the first line of `page` containing `needle`.
pub fn find(page: &[String], needle: &str) -> Option<usize> {
    page.iter().position(|l| l.contains(needle))
}

pub fn assert_has(page: &[String], needle: &str) {
    assert!(
        find(page, needle).is_some(),
        "{needle:?} not found on the page:\n{}",
        page.join("\n")
    );
}

pub fn assert_lacks(page: &[String], needle: &str) {
    assert!(
        find(page, needle).is_none(),
        "{needle:?} should not be on the page:\n{}",
        page.join("\n")
    );
}

/// Every page ends with the footer: army and campaign, the date printed, page x of y.
pub fn assert_footers(pages: &[Vec<String>], dates: &[String; 2]) {
    let total = pages.len();
    for (i, page) in pages.iter().enumerate() {
        let footer = page.last().expect("a page with text");
        assert!(
            footer.starts_with(&format!("{ARMY} — campaign {CAMPAIGN}")),
            "page {}: {footer:?}",
            i + 1
        );
        assert!(
            dates.iter().any(|d| footer.contains(&format!("Printed {d}"))),
            "page {}: {footer:?} should say Printed {}",
            i + 1,
            dates[0]
        );
        assert!(
            footer.ends_with(&format!("Page {} of {total}", i + 1)),
            "page {}: {footer:?}",
            i + 1
        );
    }
}

/// The units as the sheet's JSON lists them, in print order: (id, custom name or warscroll).
pub fn listed_units(l: &League) -> Vec<(u64, String)> {
    let sheet = l.json(&["roster", "sheet", ARMY, "--format", "json"]);
    sheet["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| {
            let name = u["name"].as_str().or(u["warscroll"].as_str()).unwrap();
            (u["id"].as_u64().unwrap(), name.to_string())
        })
        .collect()
}

/// The first two words of a name: what starts its row even when the rest wraps.
pub fn head(name: &str) -> String {
    name.split(' ').take(2).collect::<Vec<_>>().join(" ")
}

/// Every word of `text`, in order, in the lines from `from` on (other columns' words may sit
/// between them): text wrapped over several lines, printed whole.
pub fn assert_whole(lines: &[&String], from: usize, text: &str) {
    let mut words = lines[from..].iter().flat_map(|l| l.split(' '));
    for w in text.split(' ') {
        assert!(
            words.any(|x| x == w),
            "{w:?} of {text:?} is missing after line {from}:\n{}",
            lines[from..]
                .iter()
                .map(|l| l.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

/// The roster's notable events as its JSON lists them, latest first.
pub fn listed_events(l: &League) -> Vec<String> {
    let sheet = l.json(&["roster", "sheet", ARMY, "--format", "json"]);
    serde_json::from_value(sheet["events"].clone()).unwrap()
}

/// Each event of `events` on `lines`, in order (each found by its first 50 characters: a long
/// one wraps).
pub fn assert_events(lines: &[String], events: &[String]) {
    let mut last = None;
    for e in events {
        let start: String = e.chars().take(50).collect();
        let at = find(lines, &start);
        assert!(
            at.is_some() && at > last,
            "{e:?} missing or out of order:\n{}",
            lines.join("\n")
        );
        last = at;
    }
}

/// A copy of the bundled template with each `(from, to)` replaced once, written to `name` in
/// a folder of its own; returns its path.
pub fn template_with(l: &League, name: &str, edits: &[(&str, &str)]) -> PathBuf {
    let mut text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/templates/roster-sheet.toml"
    ))
    .unwrap();
    for (from, to) in edits {
        assert!(text.contains(from), "{from:?} is not in the bundled template");
        text = text.replacen(from, to, 1);
    }
    let dir = l.path("templates");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}
