//! End-to-end: the templates `ptg roster sheet` prints with, and the files it writes. The
//! bundled template is compiled in and written out with `--template-out` to edit (a sheet
//! needs no file beside the binary); a changed copy prints with `--template`; broken ones are
//! refused with their file, line and field, and write nothing; a sheet or template file gets
//! the permissions any new file gets.

use crate::common;
use crate::wardens;

use std::path::Path;
use wardens::read::*;
use wardens::*;

/// The 1-based line of `template` holding `needle`.
fn line_of(template: &Path, needle: &str) -> usize {
    std::fs::read_to_string(template)
        .unwrap()
        .lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("{needle:?} not in {}", template.display()))
        + 1
}

/// Expects the PDF with `template` refused (exit 1, database unchanged) with
/// "error: FILE:LINE: FIELD: ..." where LINE holds `at`, the message holding `message`, and no
/// file written.
fn assert_template_refused(l: &League, template: &Path, at: &str, field: &str, message: &str) {
    let pdf = l.path("refused.pdf");
    let located = format!("{}:{}: {field}: ", template.display(), line_of(template, at));
    let err = l.refused(
        &[
            "roster",
            "sheet",
            ARMY,
            "--template",
            template.to_str().unwrap(),
            "-o",
            pdf.to_str().unwrap(),
        ],
        &located,
    );
    assert!(err.starts_with(&format!("error: {located}")), "{err}");
    assert!(err.contains(message), "{message:?} not in {err}");
    assert!(!pdf.exists(), "a refused template wrote {}", pdf.display());
}

#[test]
fn broken_templates_are_refused_with_file_line_and_field() {
    let l = wardens();
    let t = template_with(
        &l,
        "section.toml",
        &[("  \"battles\",", "  \"battles\",\n  \"lore_of_the_storm\",")],
    );
    assert_template_refused(
        &l,
        &t,
        "lore_of_the_storm",
        "layout.sections",
        "unknown variant `lore_of_the_storm`",
    );
    let t = template_with(&l, "a5.toml", &[("size = \"A4\"", "size = \"A5\"")]);
    assert_template_refused(
        &l,
        &t,
        "size = \"A5\"",
        "page.size",
        "unknown variant `A5`, expected `A4` or `Letter`",
    );
    // 73 + 147 mm of the other columns, on A4 with 14 mm margins.
    let t = template_with(
        &l,
        "wide.toml",
        &[(
            "{ field = \"unit\", width = 35 }",
            "{ field = \"unit\", width = 73 }",
        )],
    );
    assert_template_refused(
        &l,
        &t,
        "columns = [",
        "order_of_battle.columns",
        "the columns add up to 220.0 mm but only 182.0 mm fit between the margins",
    );
    let t = template_with(
        &l,
        "colour.toml",
        &[("margin_top = 14", "margin_top = 14\ncolour = \"red\"")],
    );
    assert_template_refused(&l, &t, "colour", "page.colour", "unknown field `colour`");
}

#[test]
fn font_files_are_read_next_to_the_template_and_refused_when_missing_or_not_fonts() {
    let l = wardens();
    let comment = "# regular = \"fonts/MyFont.ttf\"";
    let t = template_with(&l, "missing.toml", &[(comment, "regular = \"missing.ttf\"")]);
    assert_template_refused(
        &l,
        &t,
        "regular = \"missing.ttf\"",
        "fonts.regular",
        "cannot read",
    );
    let t = template_with(&l, "text.toml", &[(comment, "regular = \"notes.ttf\"")]);
    std::fs::write(t.with_file_name("notes.ttf"), "not a font").unwrap();
    assert_template_refused(
        &l,
        &t,
        "regular = \"notes.ttf\"",
        "fonts.regular",
        "not a TrueType or OpenType font",
    );
    // A real font beside the template is used: the path is relative to the template's folder,
    // not to where ptg runs.
    let t = template_with(&l, "own-font.toml", &[(comment, "regular = \"MyFont.ttf\"")]);
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/templates/fonts/DejaVuSans-Bold.ttf"),
        t.with_file_name("MyFont.ttf"),
    )
    .unwrap();
    let (pages, _) = render(&l, Some(&t));
    assert_eq!(pages[0][0], ARMY);
}

#[test]
fn a_custom_template_prints_on_letter_with_its_own_sections_and_columns() {
    let l = wardens();
    let sections_from = r#"sections = [
  "army",
  "glory",
  "quest_log",
  "battles",
  "arcane_tome",
  "notable_events",
  "page_break",
  "order_of_battle",
]"#;
    let sections_to = r#"sections = [
  "army",
  "order_of_battle",
  "page_break",
  "quest_log",
  "arcane_tome",
  "battles",
]"#;
    let columns_from = r#"columns = [
  { field = "id", width = 9 },
  { field = "unit", width = 35 },
  { field = "points", width = 10 },
  { field = "models", width = 13 },
  { field = "reinforced", width = 11 },
  { field = "renown", width = 14 },
  { field = "rank", width = 16 },
  { field = "path", width = 20 },
  { field = "abilities", width = 31 },
  { field = "enhancements", width = 23 },
]"#;
    let columns_to = r#"columns = [
  { field = "name", width = 60 },
  { field = "warscroll", width = 50 },
  { field = "points", width = 12 },
  { field = "renown", width = 16 },
]"#;
    let edits = [
        ("size = \"A4\"", "size = \"Letter\""),
        (sections_from, sections_to),
        (columns_from, columns_to),
    ];
    let t = template_with(&l, "letter.toml", &edits);
    let (pages, dates) = render(&l, Some(&t));
    assert_eq!(
        pdf_info(&l.path("sheet.pdf"), "Page size"),
        "612 x 792 pts (letter)"
    );
    // One-line rows (name and warscroll side by side) let the Order of Battle share page 1
    // with the army; the Quest Log, Arcane Tome and battles follow on page 2.
    assert_eq!(pages.len(), 2, "{pages:#?}");
    assert_footers(&pages, &dates);
    let (p1, p2) = (&pages[0], &pages[1]);
    assert_eq!(p1[0], ARMY);
    assert_has(p1, "Name Warscroll Pts Renown");
    assert_has(p1, &format!("{WARLORD} Gate-Captain 120 8"));
    assert_has(p1, "– Hearth-Priest 60 0");
    for name in printed_units() {
        assert_has(p1, &head(name));
    }
    for absent in [
        "Models",
        "Path abilities",
        "Enhancements",
        "GLORY POINTS",
        "Quest Log",
    ] {
        assert_lacks(p1, absent);
    }
    let quest = find(p2, "Quest Log").unwrap();
    let tome = find(p2, "Arcane Tome").unwrap();
    let battles = find(p2, "Battles Fought").unwrap();
    assert!(quest < tome && tome < battles, "{}", p2.join("\n"));
    assert_lacks(p2, "Notable Events");
}

#[test]
fn a_template_file_that_cannot_be_read_is_refused_naming_the_fix() {
    let l = wardens();
    let missing = l.path("no-such.toml");
    let pdf = l.path("refused.pdf");
    let args = [
        "roster",
        "sheet",
        ARMY,
        "--template",
        missing.to_str().unwrap(),
        "-o",
        pdf.to_str().unwrap(),
    ];
    let err = l.refused(&args, "cannot read the template");
    assert!(err.contains("--template-out FILE"), "{err}");
    // Not TOML at all: located at its first line, pointing at the bundled template too.
    let junk = l.path("junk.toml");
    std::fs::write(&junk, "this is not a template\n").unwrap();
    let err = l.refused(
        &[
            "roster",
            "sheet",
            ARMY,
            "--template",
            junk.to_str().unwrap(),
            "-o",
            pdf.to_str().unwrap(),
        ],
        &format!("{}:1:", junk.display()),
    );
    assert!(err.contains("--template-out FILE"), "{err}");
    assert!(!pdf.exists());
}

/// The bundled template as the repository holds it.
fn bundled() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/templates/roster-sheet.toml"
    ))
    .unwrap()
}

#[test]
fn template_out_writes_the_bundled_template_to_change_and_print_with() {
    let l = wardens();
    // A folder without the repository's templates/, as after `cargo install`: the template and
    // the fonts come from the binary.
    let work = l.path("elsewhere");
    std::fs::create_dir_all(&work).unwrap();
    let run = |args: &[&str]| {
        let mut c = l.p.cmd(&l.with_data(args));
        c.current_dir(&work);
        c
    };
    let stdout = |args: &[&str]| {
        let out = run(args).output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let said = stdout(&["roster", "sheet", ARMY, "--template-out", "mine.toml"]);
    assert!(said.contains("--template mine.toml"), "{said}");
    let mine = work.join("mine.toml");
    assert_eq!(std::fs::read_to_string(&mine).unwrap(), bundled());
    assert!(
        !work.join("wardens-of-the-brass-gate.pdf").exists(),
        "no sheet drawn"
    );

    // A file already there is kept unless --force.
    std::fs::write(&mine, "# my own notes\n").unwrap();
    let err = l.p.refused_cmd(
        run(&["roster", "sheet", ARMY, "--template-out", "mine.toml"]),
        1,
        "mine.toml already exists; pass --force to replace it",
    );
    assert!(err.starts_with("error: "), "{err}");
    assert_eq!(std::fs::read_to_string(&mine).unwrap(), "# my own notes\n");
    stdout(&["roster", "sheet", "--template-out", "mine.toml", "--force"]);
    assert_eq!(std::fs::read_to_string(&mine).unwrap(), bundled());

    // The copy, changed, prints with --template; the bundled layout prints with none.
    let letter = bundled().replacen("size = \"A4\"", "size = \"Letter\"", 1);
    std::fs::write(&mine, letter).unwrap();
    stdout(&[
        "roster",
        "sheet",
        ARMY,
        "--template",
        "mine.toml",
        "-o",
        "mine.pdf",
    ]);
    assert_eq!(
        pdf_info(&work.join("mine.pdf"), "Page size"),
        "612 x 792 pts (letter)"
    );
    stdout(&["roster", "sheet", ARMY]);
    let default = work.join("wardens-of-the-brass-gate.pdf");
    assert!(pdf_info(&default, "Page size").ends_with("(A4)"));

    // No database is needed, or made, to write the template.
    let fresh = common::Ptg::new();
    let file = fresh.dir.path().join("t.toml");
    let json = fresh.json(&["roster", "sheet", "--template-out", file.to_str().unwrap()]);
    assert_eq!(json["template"], file.to_str().unwrap());
    assert!(!fresh.db().exists());
    // Wrong usage (exit 2): --template-out with what only a sheet takes.
    for args in [
        &["roster", "sheet", ARMY, "--template-out", "x.toml", "-o", "x.pdf"][..],
        &[
            "roster",
            "sheet",
            ARMY,
            "--template-out",
            "x.toml",
            "--format",
            "text",
        ],
        &[
            "roster",
            "sheet",
            ARMY,
            "--template-out",
            "x.toml",
            "--template",
            "mine.toml",
        ],
        &["roster", "sheet", ARMY, "--date", "2026-02-30"],
        &["roster", "sheet"],
    ] {
        l.p.refused_cmd(run(args), 2, "");
    }
    assert!(!work.join("x.toml").exists());
}

/// Sheets and templates are created as any new file is: 0666 less the umask (0640 under the
/// 027 the child is given here), where they used to be the 0600 of the temporary file they
/// are written through; a file written over keeps its permissions.
#[cfg(unix)]
#[test]
fn files_are_written_with_the_permissions_of_any_new_file() {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    let l = wardens();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let run = |args: &[&str]| {
        let mut c = l.p.process(&l.with_data(args));
        // SAFETY: umask is async-signal-safe; it only sets the child's file mode mask.
        unsafe {
            c.pre_exec(|| {
                libc::umask(0o027);
                Ok(())
            });
        }
        let out = c.output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let pdf = l.path("sheet.pdf");
    let txt = l.path("sheet.txt");
    let toml = l.path("sheet.toml");
    run(&["roster", "sheet", ARMY, "-o", pdf.to_str().unwrap()]);
    run(&[
        "roster",
        "sheet",
        ARMY,
        "--format",
        "text",
        "-o",
        txt.to_str().unwrap(),
    ]);
    run(&["roster", "sheet", "--template-out", toml.to_str().unwrap()]);
    for file in [&pdf, &txt, &toml] {
        assert_eq!(mode(file), 0o640, "{}", file.display());
    }
    std::fs::set_permissions(&pdf, std::fs::Permissions::from_mode(0o604)).unwrap();
    run(&["roster", "sheet", ARMY, "-o", pdf.to_str().unwrap(), "--force"]);
    assert_eq!(
        mode(&pdf),
        0o604,
        "a sheet written over keeps the file's permissions"
    );
    let leftovers: Vec<_> = std::fs::read_dir(l.p.dir.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
}

/// A sheet never writes over a file without `--force` (issue #33): a template being edited,
/// given to `-o` by mistake, is kept as it was; with `--force` the sheet replaces it.
#[test]
fn a_sheet_writes_over_a_file_only_with_force() {
    let l = wardens();
    let mine = l.path("mine.toml");
    std::fs::write(&mine, "# my own layout, half done\n").unwrap();
    let target = mine.to_str().unwrap();
    for format in ["pdf", "text"] {
        let args = ["roster", "sheet", ARMY, "--format", format, "-o", target];
        let err =
            l.p.refused_cmd(l.p.cmd(&l.with_data(&args)), 1, "already exists; pass --force");
        assert!(err.contains("mine.toml"), "{err}");
        assert_eq!(
            std::fs::read_to_string(&mine).unwrap(),
            "# my own layout, half done\n"
        );
    }
    let forced = [
        "roster", "sheet", ARMY, "--format", "text", "-o", target, "--force",
    ];
    assert!(
        l.p.process(&l.with_data(&forced))
            .output()
            .unwrap()
            .status
            .success()
    );
    assert!(std::fs::read_to_string(&mine).unwrap().contains(ARMY));
}
