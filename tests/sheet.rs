//! End-to-end: `ptg roster sheet`. A 25-unit roster with a full Arcane Tome, a finished and a
//! current quest, two battles and a retired unit is printed as PDF and read back page by page
//! with poppler's `pdftotext` and `pdfinfo`; the text and JSON formats say the same; broken
//! templates are refused with their file, line and field, and write nothing.

mod common;

use common::{Fixture, Ptg, roster_new};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

const ARMY: &str = "Wardens of the Brass Gate";
const CAMPAIGN: &str = "Ashen Vale";
const RIVAL: &str = "Rat Tide";
/// The warlord's own name (a Gate-Captain), and a Hearthguard unit's: non-ASCII letters that
/// must come out of the PDF intact.
const WARLORD: &str = "Brokk Grüngsson";
const GUARD: &str = "Åsa Ærønsdóttir";
/// Taken at set-up reinforced (10 models, 60 points).
const REINFORCED: &str = "Oak Spears";
/// Taken at set-up, retired in the aftermath of battle 2: never on the Order of Battle.
const RETIRED: &str = "Rust Spears";

/// The Order of Battle's column headings in the bundled template, as pdftotext reads them.
const HEADER: &str = "Unit Pts Models Reinf. Renown Rank Path Path abilities Enhancements";

/// A hand-made faction with units cheap enough for 26 of them to fit in the 1000-point
/// starting limit, and a spell lore of seven spells.
const BRASS_WARDENS: &str = r#"
name = "Brass Wardens"
grand_alliance = "Order"

[source]
origin = "hand-written test data for tests/sheet.rs"

[[units]]
name = "Gate-Captain"
points = 120
unit_size = 1
reinforceable = false
keywords = ["HERO", "INFANTRY", "WIZARD (1)"]

[[units]]
name = "Hearth-Priest"
points = 60
unit_size = 1
reinforceable = false
keywords = ["HERO", "INFANTRY", "PRIEST (1)"]

[[units]]
name = "Hearthguard"
points = 40
unit_size = 5
reinforceable = true
keywords = ["INFANTRY"]

[[units]]
name = "Spearwardens"
points = 30
unit_size = 5
reinforceable = true
keywords = ["INFANTRY"]

[[units]]
name = "Bowwardens"
points = 35
unit_size = 5
reinforceable = true
keywords = ["INFANTRY"]

[[units]]
name = "Outriders"
points = 40
unit_size = 3
reinforceable = true
keywords = ["CAVALRY"]

[[units]]
name = "Lone Sentinel"
points = 20
unit_size = 1
reinforceable = false
keywords = ["INFANTRY"]

[[enhancement_tables]]
name = "Heroic Traits"
kind = "heroic-trait"
enhancements = ["Iron Resolve", "Keen Eye"]

[[lores]]
name = "Lore of the Brass Gate"
kind = "spell"
entries = [
  { name = "Molten Ward", value = 6 },
  { name = "Searing Bolt", value = 7 },
  { name = "Gilded Aegis", value = 5 },
  { name = "Furnace Breath", value = 8 },
  { name = "Anvil's Echo", value = 6 },
  { name = "Tempered Will", value = 7 },
  { name = "Slag Storm", value = 9 },
]

[[lores]]
name = "Hymns of the Hearth"
kind = "prayer"
entries = [{ name = "Kindle the Hearth", value = 4 }]

[[lores]]
name = "Brass Manifestations"
kind = "manifestation"
entries = [{ name = "Summon Brass Colossus", value = 7 }]
"#;

/// The six spells in the roster's spell lore, in the order taken, with casting values.
const SPELLS: [(&str, u32); 6] = [
    ("Molten Ward", 6),
    ("Searing Bolt", 7),
    ("Gilded Aegis", 5),
    ("Furnace Breath", 8),
    ("Anvil's Echo", 6),
    ("Tempered Will", 7),
];

/// The units joining after the warlord, in order: (warscroll, custom name).
const UNITS: [(&str, Option<&str>); 25] = [
    ("Hearthguard", Some(GUARD)),
    ("Hearth-Priest", None),
    ("Lone Sentinel", None),
    ("Spearwardens", Some("Alder Spears")),
    ("Spearwardens", Some("Birch Spears")),
    ("Spearwardens", Some("Cedar Spears")),
    ("Spearwardens", Some("Elm Spears")),
    ("Spearwardens", Some("Fir Spears")),
    ("Spearwardens", Some("Hazel Spears")),
    ("Spearwardens", Some("Juniper Spears")),
    ("Spearwardens", Some("Larch Spears")),
    ("Spearwardens", Some("Maple Spears")),
    ("Spearwardens", Some(REINFORCED)),
    ("Spearwardens", Some("Pine Spears")),
    ("Spearwardens", Some("Rowan Spears")),
    ("Spearwardens", Some("Willow Spears")),
    ("Spearwardens", Some("Yew Spears")),
    ("Bowwardens", Some("Amber Bows")),
    ("Bowwardens", Some("Flint Bows")),
    ("Bowwardens", Some("Jet Bows")),
    ("Bowwardens", Some("Onyx Bows")),
    ("Bowwardens", Some("Slate Bows")),
    ("Outriders", Some("Dawn Riders")),
    ("Outriders", Some("Dusk Riders")),
    ("Spearwardens", Some(RETIRED)),
];

/// The 25 names printed on the Order of Battle, in print order: the warlord first, then by
/// when they joined (a custom name, or the warscroll when there is none); the retired unit
/// left out.
fn printed_units() -> Vec<&'static str> {
    let joined = UNITS.iter().map(|(warscroll, name)| name.unwrap_or(warscroll));
    std::iter::once(WARLORD)
        .chain(joined.filter(|n| *n != RETIRED))
        .collect()
}

/// A test database plus a data folder holding the Brass Wardens; every command reads both.
struct League {
    p: Ptg,
    data_dir: String,
}

impl League {
    fn new() -> League {
        let p = Ptg::new();
        let dir = p.dir.path().join("mydata");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("brass-wardens.toml"), BRASS_WARDENS).unwrap();
        let data_dir = dir.display().to_string();
        League { p, data_dir }
    }

    fn with_data<'a>(&'a self, args: &[&'a str]) -> Vec<&'a str> {
        let mut all = vec!["--data-dir", self.data_dir.as_str()];
        all.extend_from_slice(args);
        all
    }

    fn ok(&self, args: &[&str]) -> String {
        self.p.ok(&self.with_data(args))
    }

    fn json(&self, args: &[&str]) -> Value {
        self.p.json(&self.with_data(args))
    }

    fn refused(&self, args: &[&str], expected: &str) -> String {
        self.p.refused(&self.with_data(args), expected)
    }

    /// A path in this test's temp folder.
    fn path(&self, name: &str) -> PathBuf {
        self.p.dir.path().join(name)
    }
}

/// Builds the Wardens of the Brass Gate (26 units at set-up, 975 points), fights two battles
/// against the Rat Tide with typed dice, and retires one unit:
/// - set-up: warlord Brokk Grüngsson (Gate-Captain, 5 renown, Iron Resolve), 25 more units,
///   6 spells (1 starting pick + 5 with a reason), a prayer, a manifestation, realm Chamon,
///   quest Seek Glory in Battle for Åsa Ærønsdóttir;
/// - battle 1 (The Ruined Settlement, 14-8, major victory): glory 30 + 20 + 5 = 55, Seek Glory
///   completed, Åsa Ærønsdóttir reaches Aspiring (3 + 4 + 5 = 12 renown);
/// - then quest Master Magical Lore;
/// - battle 2 (The Ambush, 6-9, minor defeat, 1 quest point): glory 30 + 5 = 35 (90), Rust
///   Spears retired.
fn build_wardens() -> League {
    let l = League::new();
    l.ok(&["campaign", "new", CAMPAIGN]);
    let mut new = roster_new(
        ARMY,
        CAMPAIGN,
        "Brass Wardens",
        "Gate-Captain",
        "mage",
        "dedicated-practitioner",
    );
    new.extend(["--warlord-name", WARLORD, "--realm", "Ghur"]);
    l.ok(&new);
    // The realm can be changed later; the sheet prints the latest.
    l.ok(&["roster", "realm", ARMY, "Chamon"]);
    for (warscroll, name) in UNITS {
        let mut add = vec!["roster", "add", ARMY, warscroll];
        if let Some(name) = name {
            add.extend(["--name", name]);
        }
        if name == Some(REINFORCED) {
            add.push("--reinforced");
        }
        l.ok(&add);
    }
    l.ok(&["roster", "enhance", ARMY, WARLORD, "Iron Resolve"]);
    // The WIZARD brings one starting spell; the other five need a reason.
    l.ok(&["roster", "lore", ARMY, "add", "spell", SPELLS[0].0]);
    for (spell, _) in &SPELLS[1..] {
        l.ok(&[
            "roster",
            "lore",
            ARMY,
            "add",
            "spell",
            spell,
            "--reason",
            "gifts of the Brass Gate",
        ]);
    }
    l.ok(&["roster", "lore", ARMY, "add", "prayer", "Kindle the Hearth"]);
    l.ok(&[
        "roster",
        "lore",
        ARMY,
        "add",
        "manifestation",
        "Summon Brass Colossus",
    ]);
    l.ok(&["quest", "start", ARMY, "Seek Glory in Battle", "--unit", GUARD]);
    let check = l.json(&["roster", "check", ARMY]);
    assert_eq!(check["problems"], serde_json::json!([]), "{check}");

    l.ok(&roster_new(
        RIVAL,
        CAMPAIGN,
        "Skaven",
        "Grey Seer",
        "mage",
        "dedicated-practitioner",
    ));
    l.ok(&["roster", "add", RIVAL, "Clanrats"]);

    // Battle 1: both generals have 5 renown, so a roll-off (6 v 1) for territories once both
    // armies are in.
    l.ok(&[
        "battle",
        "new",
        "--campaign",
        CAMPAIGN,
        "--points",
        "1000",
        ARMY,
        RIVAL,
        "--battleplan",
        "The Ruined Settlement",
    ]);
    l.ok(&["battle", "army", "1", ARMY, WARLORD, GUARD, "Alder Spears"]);
    l.ok(&[
        "battle",
        "army",
        "1",
        RIVAL,
        "Grey Seer",
        "Clanrats",
        "--dice",
        "6,1",
    ]);
    l.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        &format!("{ARMY}=14"),
        "--vp",
        &format!("{RIVAL}=8"),
        "--destroyed",
        "Clanrats",
    ]);
    // D3 renown for the warlord (2), Åsa Ærønsdóttir (3) and Alder Spears (1); favoured D6
    // (4); Seek Glory in Battle's D3+3 (2).
    l.ok(&["aftermath", "1", ARMY, "--favoured", GUARD, "--dice", "2,3,1,4,2"]);
    l.ok(&[
        "rank",
        "choose",
        ARMY,
        GUARD,
        "hardened-resolve",
        "--path",
        "defender",
    ]);
    l.ok(&["quest", "start", ARMY, "Master Magical Lore"]);

    // Battle 2: generals 7 v 5 renown, no roll-off.
    l.ok(&[
        "battle",
        "new",
        "--campaign",
        CAMPAIGN,
        "--points",
        "1000",
        ARMY,
        RIVAL,
        "--battleplan",
        "The Ambush",
    ]);
    l.ok(&["battle", "army", "2", ARMY, WARLORD, "Birch Spears"]);
    l.ok(&["battle", "army", "2", RIVAL, "Grey Seer", "Clanrats"]);
    l.ok(&[
        "battle",
        "result",
        "2",
        "--vp",
        &format!("{ARMY}=6"),
        "--vp",
        &format!("{RIVAL}=9"),
        "--quest-points",
        &format!("{ARMY}=1"),
    ]);
    // D3 renown for the warlord (1) and Birch Spears (2); favoured D6 (3).
    l.ok(&[
        "aftermath",
        "2",
        ARMY,
        "--favoured",
        "Birch Spears",
        "--dice",
        "1,2,3",
        "--retire",
        RETIRED,
    ]);
    l
}

/// The Wardens of the Brass Gate (`build_wardens`): the roster takes some 50 commands to build,
/// so it is built once per test run and each test gets its own copy of the database.
static WARDENS: Fixture = Fixture::new(|| build_wardens().p);

/// A League holding a copy of the Wardens of the Brass Gate.
fn wardens() -> League {
    let l = League::new();
    WARDENS.copy_into(&l.p);
    l
}

/// The local date, as the sheet prints it.
fn today() -> String {
    chrono::Local::now().date_naive().format("%Y-%m-%d").to_string()
}

/// Runs a poppler tool; fails the test, saying what to install, when it is missing.
fn poppler(tool: &str, args: &[&str]) -> String {
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
fn pdf_info(pdf: &Path, key: &str) -> String {
    let info = poppler("pdfinfo", &[pdf.to_str().unwrap()]);
    info.lines()
        .find_map(|l| l.strip_prefix(&format!("{key}:")))
        .unwrap_or_else(|| panic!("no {key} in pdfinfo:\n{info}"))
        .trim()
        .to_string()
}

/// The text of each page of `pdf`, one line per printed line, runs of spaces squeezed to one
/// and blank lines dropped (pdftotext -layout pads columns with spaces).
fn pages(pdf: &Path) -> Vec<Vec<String>> {
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
fn render(l: &League, template: Option<&Path>) -> (Vec<Vec<String>>, [String; 2]) {
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
fn find(page: &[String], needle: &str) -> Option<usize> {
    page.iter().position(|l| l.contains(needle))
}

fn assert_has(page: &[String], needle: &str) {
    assert!(
        find(page, needle).is_some(),
        "{needle:?} not found on the page:\n{}",
        page.join("\n")
    );
}

fn assert_lacks(page: &[String], needle: &str) {
    assert!(
        find(page, needle).is_none(),
        "{needle:?} should not be on the page:\n{}",
        page.join("\n")
    );
}

/// Every page ends with the footer: army and campaign, the date printed, page x of y.
fn assert_footers(pages: &[Vec<String>], dates: &[String; 2]) {
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

/// Pages 2 and on hold the Order of Battle and no other section: page 2 under "Order of Battle",
/// every later page under "Order of Battle (continued)", each with the column headings; every
/// printed unit exactly once, in order, the warlord first; the retired unit nowhere.
fn assert_order_of_battle(pages: &[Vec<String>]) {
    let oob = &pages[1..];
    for (i, page) in oob.iter().enumerate() {
        let title = if i == 0 {
            "Order of Battle"
        } else {
            "Order of Battle (continued)"
        };
        assert_eq!(
            page[0],
            format!("{title} 25 units · 945 points"),
            "page {}",
            i + 2
        );
        assert_eq!(page[1], HEADER, "page {}: the column headings", i + 2);
        for other in ["Quest Log", "Battles Fought", "Arcane Tome", "Notable Events"] {
            assert_lacks(page, other);
        }
    }
    // The first row on page 2 is the warlord's: custom name, points and models; the
    // warscroll and the WARLORD mark under the name.
    let first = &oob[0];
    assert!(
        first[2].starts_with(&format!("{WARLORD} 120 1 – 8 Aspiring")),
        "{:?}",
        first[2]
    );
    assert!(first[3].starts_with("Gate-Captain"), "{:?}", first[3]);
    assert!(first[4].starts_with("WARLORD"), "{:?}", first[4]);

    // Where each unit's row starts: (page, line). A name is a whole line start, so a name cut
    // short or wrapped would not be found.
    let mut last = (0, 0);
    for name in printed_units() {
        let rows: Vec<(usize, usize)> = oob
            .iter()
            .enumerate()
            .flat_map(|(p, page)| {
                page.iter()
                    .enumerate()
                    .filter(|(_, l)| l.starts_with(&format!("{name} ")))
                    .map(move |(i, _)| (p, i))
            })
            .collect();
        assert_eq!(rows.len(), 1, "{name:?} should start exactly one row: {rows:?}");
        assert!(rows[0] > last, "{name:?} is out of order");
        last = rows[0];
    }
    let all: Vec<&String> = oob.iter().flatten().collect();
    let count = |needle: &str| all.iter().filter(|l| l.contains(needle)).count();
    assert_eq!(count("WARLORD"), 1);
    assert_eq!(count(RETIRED), 0, "a retired unit is left out");
    assert_eq!(count(GUARD), 1);
    // The reinforced unit: twice the points and models.
    assert_eq!(count(&format!("{REINFORCED} 60 10 Yes 0")), 1);
    // Paths, abilities (tagged with their rank) and enhancements (with their table).
    let guard = all.iter().position(|l| l.starts_with(GUARD)).unwrap();
    assert!(
        all[guard].starts_with(&format!("{GUARD} 40 5 – 12 Aspiring Path of the Hardened")),
        "{:?}",
        all[guard]
    );
    assert!(
        all[guard + 1].contains("Defender Resolve"),
        "{:?}",
        all[guard + 1]
    );
    assert!(all[2].ends_with("Iron Resolve"), "{:?}", all[2]);
    assert!(all[3].ends_with("Heroic Traits"), "{:?}", all[3]);
}

#[test]
fn the_pdf_puts_page_1_facts_on_page_1_and_the_order_of_battle_after_it() {
    let l = wardens();
    let (pages, dates) = render(&l, None);
    // Page 1, then one page of Order of Battle. A row with a custom name takes two lines (name
    // over warscroll, 9.3 mm), one without a custom name one line (6.1 mm), the warlord's and
    // Åsa Ærønsdóttir's rows 13.5 mm (wrapped Path and ability): with the heading and column
    // headings that is about 247 mm, inside the 267 mm an A4 page leaves between its margins.
    // Two more named units would spill onto a third page.
    assert_eq!(pages.len(), 2, "{pages:#?}");
    assert_footers(&pages, &dates);

    let p1 = &pages[0];
    assert_eq!(p1[0], ARMY, "the title is the army's name");
    for needle in [
        "PLAYER FACTION",
        "Ana Brass Wardens",
        "REALM OF ORIGIN CAMPAIGN",
        "Chamon Ashen Vale (Path to Glory: Ascension)",
        "GLORY POINTS ORDER OF BATTLE BATTLES FOUGHT",
        // 55 + 35 glory; 975 points at set-up less the 30 retired.
        "90 945 points 2 (W 1 · D 0 · L 1)",
        "Current quest Master Magical Lore — quest points 1 / 3",
        "Completed quests Seek Glory in Battle",
        "# Opponent Points Battleplan VP Result",
        "1 Rat Tide 1000 The Ruined Settlement 14–8 W major victory",
        "2 Rat Tide 1000 The Ambush 6–9 L minor defeat",
        "Spell lore (6/6) Prayer lore (1/6) Manifestation lore (1/6)",
        "1. Kindle the Hearth 4",
        "1. Summon Brass Colossus 7",
    ] {
        assert_has(p1, needle);
    }
    // All six spells, numbered, with their casting values.
    for (n, (spell, value)) in SPELLS.iter().enumerate() {
        assert_has(p1, &format!("{}. {spell} {value}", n + 1));
    }
    // Notable events, latest first.
    let retired = find(p1, "Battle 2: Rust Spears retired from the Order of Battle");
    let ranked = find(p1, &format!("Battle 1: {GUARD} reached rank Aspiring"));
    let quest = find(p1, "Battle 1: quest completed: Seek Glory in Battle");
    assert!(
        retired.is_some() && retired < ranked && ranked < quest,
        "{retired:?} {ranked:?} {quest:?}\n{}",
        p1.join("\n")
    );
    // The Order of Battle is not on page 1.
    assert!(!p1.iter().any(|l| l.starts_with("Order of Battle")));
    for absent in [HEADER, "WARLORD", "Gate-Captain", "Dusk Riders", REINFORCED] {
        assert_lacks(p1, absent);
    }

    assert_order_of_battle(&pages);
}

#[test]
fn a_long_order_of_battle_continues_with_its_headings_repeated() {
    let l = wardens();
    // Deeper top and bottom margins (room for binder holes) leave 217 mm per page: page 1
    // still holds its sections, but the Order of Battle needs two pages.
    let template = template_with(
        &l,
        "deep.toml",
        &[
            ("margin_top = 14", "margin_top = 40"),
            ("margin_bottom = 16", "margin_bottom = 40"),
        ],
    );
    let (pages, dates) = render(&l, Some(&template));
    assert_eq!(pages.len(), 3, "{pages:#?}");
    assert_footers(&pages, &dates);
    assert_has(
        &pages[0],
        "Current quest Master Magical Lore — quest points 1 / 3",
    );
    assert_has(&pages[0], "Battle 1: quest completed: Seek Glory in Battle");
    // Both Order of Battle pages hold units.
    assert!(pages[2].iter().any(|l| l.starts_with("Dusk Riders 40 3")));
    assert_order_of_battle(&pages);
}

#[test]
fn text_and_json_formats_hold_the_same_facts() {
    let l = wardens();
    let before = today();
    let text = l.ok(&["roster", "sheet", ARMY, "--format", "text"]);
    let after = today();
    for needle in [
        &format!("{ARMY}\n"),
        "Player:          Ana\n",
        "Realm of origin: Chamon\n",
        "Glory points: 90    Order of Battle: 945 points",
        "Current quest: Master Magical Lore — quest points 1 / 3\n",
        "Completed quests: Seek Glory in Battle\n",
        "W #1 v Rat Tide (1000 points, The Ruined Settlement): 14–8 VP, major victory\n",
        "L #2 v Rat Tide (1000 points, The Ambush): 6–9 VP, minor defeat\n",
        "Spell lore (6/6)\n",
        "- Battle 2: Rust Spears retired from the Order of Battle\n",
        "Order of Battle (25 units, 945 points)\n",
        &format!("- {WARLORD} (Gate-Captain) · WARLORD · 120 pts · 1 model ·"),
        "    Enhancements: Iron Resolve (Heroic Traits)\n",
    ] {
        assert!(text.contains(needle), "{needle:?} not in:\n{text}");
    }
    assert!(
        [before, after]
            .iter()
            .any(|d| text.contains(&format!("printed {d}"))),
        "{text}"
    );
    for (n, (spell, value)) in SPELLS.iter().enumerate() {
        let line = format!("  {}. {spell} ({value})\n", n + 1);
        assert!(text.contains(&line), "{line:?} not in:\n{text}");
    }
    // The Order of Battle lists each of the 25 units once, in print order, as "- name ...".
    let oob = &text[text.find("Order of Battle (25 units").unwrap()..];
    let bullets: Vec<&str> = oob.lines().filter(|l| l.starts_with("- ")).collect();
    assert_eq!(bullets.len(), 25, "{oob}");
    for (bullet, name) in bullets.iter().zip(printed_units()) {
        assert!(
            bullet.starts_with(&format!("- {name} ")),
            "{bullet:?} for {name:?}"
        );
    }
    assert!(!oob.contains(RETIRED));

    // -o writes the same text to a file.
    let file = l.path("sheet.txt");
    l.ok(&[
        "roster",
        "sheet",
        ARMY,
        "--format",
        "text",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert_eq!(
        std::fs::read_to_string(&file).unwrap().trim_end(),
        text.trim_end()
    );

    // JSON is the view model itself.
    let sheet = l.json(&["roster", "sheet", ARMY, "--format", "json"]);
    let units = sheet["units"].as_array().unwrap();
    assert_eq!(units.len(), 25);
    let names: Vec<&str> = units
        .iter()
        .map(|u| u["name"].as_str().or(u["warscroll"].as_str()).unwrap())
        .collect();
    assert_eq!(names, printed_units());
    assert_eq!(units[0]["warlord"], true);
    assert_eq!(units.iter().filter(|u| u["warlord"] == true).count(), 1);
    let oak = units.iter().find(|u| u["name"] == REINFORCED).unwrap();
    assert_eq!(
        (oak["points"].as_u64(), oak["models"].as_u64()),
        (Some(60), Some(10))
    );
    assert_eq!(sheet["realm"], "Chamon");
    assert_eq!(sheet["glory"], 90);
    assert_eq!(sheet["points"], 945);
    assert_eq!(
        sheet["quest"],
        serde_json::json!({"name": "Master Magical Lore", "points": 1, "target": 3, "unit": null})
    );
    assert_eq!(
        sheet["completed_quests"],
        serde_json::json!(["Seek Glory in Battle"])
    );
    // -o writes the same JSON to a file.
    let file = l.path("sheet.json");
    l.ok(&[
        "roster",
        "sheet",
        ARMY,
        "--format",
        "json",
        "-o",
        file.to_str().unwrap(),
    ]);
    let mut written: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    // (The printed date may differ if the clock passed midnight between the runs.)
    written["printed"] = sheet["printed"].clone();
    assert_eq!(written, sheet);
    let letters: Vec<&str> = sheet["battles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["letter"].as_str().unwrap())
        .collect();
    assert_eq!(letters, ["W", "L"]);
    let spells: Vec<(&str, u64)> = sheet["tome"][0]["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["name"].as_str().unwrap(), e["value"].as_u64().unwrap()))
        .collect();
    let expected: Vec<(&str, u64)> = SPELLS.iter().map(|(s, v)| (*s, u64::from(*v))).collect();
    assert_eq!(spells, expected);
}

/// A copy of the bundled template with each `(from, to)` replaced once, written to `name` in
/// a folder of its own; returns its path.
fn template_with(l: &League, name: &str, edits: &[(&str, &str)]) -> PathBuf {
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
    // 78 + 142 mm of the other columns, on A4 with 14 mm margins.
    let t = template_with(
        &l,
        "wide.toml",
        &[(
            "{ field = \"unit\", width = 40 }",
            "{ field = \"unit\", width = 78 }",
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
  { field = "unit", width = 40 },
  { field = "points", width = 10 },
  { field = "models", width = 13 },
  { field = "reinforced", width = 12 },
  { field = "renown", width = 14 },
  { field = "rank", width = 17 },
  { field = "path", width = 20 },
  { field = "abilities", width = 31 },
  { field = "enhancements", width = 25 },
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
        assert_has(p1, name);
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
