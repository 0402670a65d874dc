//! End-to-end: `ptg roster sheet`. A 25-unit roster with a full Arcane Tome, a finished and a
//! current quest, two battles, a retired unit, names too long for their columns and more
//! notable events than the template has lines is printed as PDF and read back page by page
//! with poppler's `pdftotext` and `pdfinfo`: nothing cut, nothing left out, ids beside the
//! units; the text and JSON formats say the same. (Templates and the files written:
//! `sheet_template.rs`; the pages as images: `sheet_png.rs`.)

use crate::wardens;

use serde_json::Value;
use wardens::read::*;
use wardens::*;

/// The Order of Battle's column headings in the bundled template, as pdftotext reads them.
const HEADER: &str = "# Unit Pts Models Reinf. Renown Rank Path Path abilities Enhancements";

/// `oob` holds the Order of Battle and no other section: the first page under "Order of
/// Battle", every later page under "Order of Battle (continued)", each with the column
/// headings; every unit `units` lists exactly once, in order, the warlord first, its id before
/// its name (the long name wrapped, whole); the retired unit nowhere.
fn assert_order_of_battle(oob: &[Vec<String>], units: &[(u64, String)]) {
    assert_eq!(units.len(), 25);
    let names: Vec<&str> = units.iter().map(|(_, n)| n.as_str()).collect();
    assert_eq!(names, printed_units());
    for (i, page) in oob.iter().enumerate() {
        let title = if i == 0 {
            "Order of Battle"
        } else {
            "Order of Battle (continued)"
        };
        assert_eq!(
            page[0],
            format!("{title} 25 units · 945 points"),
            "Order of Battle page {}",
            i + 1
        );
        assert_eq!(
            page[1],
            HEADER,
            "Order of Battle page {}: the column headings",
            i + 1
        );
        for other in ["Quest Log", "Battles Fought", "Arcane Tome", "Notable Events"] {
            assert_lacks(page, other);
        }
    }
    // The first row is the warlord's: id, custom name, points and models; the warscroll and
    // the WARLORD mark under the name.
    let first = &oob[0];
    assert!(
        first[2].starts_with(&format!("{} {WARLORD} 120 1 – 8 Aspiring", units[0].0)),
        "{:?}",
        first[2]
    );
    assert!(first[3].starts_with("Gate-Captain"), "{:?}", first[3]);
    assert!(first[4].starts_with("WARLORD"), "{:?}", first[4]);

    // Where each unit's row starts: (page, line), at its id and name.
    let mut last = (0, 0);
    for (id, name) in units {
        let start = format!("{id} {} ", head(name));
        let rows: Vec<(usize, usize)> = oob
            .iter()
            .enumerate()
            .flat_map(|(p, page)| {
                page.iter()
                    .enumerate()
                    .filter(|(_, l)| l.starts_with(&start))
                    .map(move |(i, _)| (p, i))
            })
            .collect();
        assert_eq!(rows.len(), 1, "{start:?} should start exactly one row: {rows:?}");
        assert!(rows[0] > last, "{name:?} is out of order");
        last = rows[0];
    }
    let all: Vec<&String> = oob.iter().flatten().collect();
    let count = |needle: &str| all.iter().filter(|l| l.contains(needle)).count();
    assert_eq!(count("WARLORD"), 1);
    assert_eq!(count(RETIRED), 0, "a retired unit is left out");
    assert_eq!(count(GUARD), 1);
    assert_eq!(count("…"), 0, "nothing is cut short");
    let long = all.iter().position(|l| l.contains(&head(LONG_NAME))).unwrap();
    assert_whole(&all, long, LONG_NAME);
    // The reinforced unit: twice the points and models.
    assert_eq!(count(&format!("{REINFORCED} 60 10 Yes 0")), 1);
    // Paths, abilities (tagged with their rank) and enhancements (with their table).
    let guard = all.iter().position(|l| l.contains(GUARD)).unwrap();
    assert!(
        all[guard].ends_with(&format!("{GUARD} 40 5 – 12 Aspiring Path of the Hardened –")),
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
    // Åsa Ærønsdóttir's rows 13.5 mm (wrapped Path and ability), the long name's five lines:
    // with the heading and column headings that is about 256 mm, inside the 267 mm an A4 page
    // leaves between its margins. Two of the three blank rows after the units do not fit: they
    // carry over to page 3 under the repeated headings.
    assert_eq!(pages.len(), 3, "{pages:#?}");
    assert_footers(&pages, &dates);
    // The file is dated the day it is printed (not 1970), and says ptg made it (issue #33).
    let pdf = l.path("sheet.pdf");
    let year = &dates[1][..4];
    let created = wardens::read::pdf_info(&pdf, "CreationDate");
    assert!(created.contains(year) && !created.contains("1970"), "{created}");
    assert!(wardens::read::pdf_info(&pdf, "Creator").starts_with("ptg "));

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
        "Spell lore (6/6) Prayer lore (6/6) Manifestation lore (1/6)",
        "1. Kindle the Hearth 4",
        "1. Summon Brass Colossus 7",
    ] {
        assert_has(p1, needle);
    }
    // All six spells and prayers, numbered, with their casting and chanting values; the
    // prayer too long for its column wrapped onto the lines under it, whole.
    for (n, (spell, value)) in SPELLS.iter().enumerate() {
        assert_has(p1, &format!("{}. {spell} {value}", n + 1));
    }
    let lines: Vec<&String> = p1.iter().collect();
    for (n, (prayer, value)) in PRAYERS.iter().enumerate() {
        let start = format!("{}. {} ", n + 2, head(prayer));
        let at = find(p1, &start).unwrap_or_else(|| panic!("{start:?} not on page 1"));
        assert!(p1[at].contains(&format!(" {value} ")), "{:?}", p1[at]);
        assert_whole(&lines, at, prayer);
    }
    assert_lacks(p1, "…");
    // Every notable event, latest first: more than the template's 8 lines, none left out.
    let events = listed_events(&l);
    assert_eq!(events.len(), 9, "{events:#?}");
    assert_events(p1, &events);
    assert!(events[0].ends_with(
        "Psalm of Sparks added to the prayer lore (from Hymns of the Hearth; taught at the Hearth)"
    ));
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

    assert_order_of_battle(&pages[1..], &listed_units(&l));
    // Page 3 holds the blank rows only.
    assert_eq!(pages[2].len(), 3, "{:#?}", pages[2]);
}

#[test]
fn notable_events_and_a_long_order_of_battle_continue_with_their_headings_repeated() {
    let l = wardens();
    // Deeper top and bottom margins (room for binder holes) leave 217 mm per page: page 1
    // holds its sections and the first notable events, the rest continue on page 2, and the
    // Order of Battle needs two pages after it.
    let template = template_with(
        &l,
        "deep.toml",
        &[
            ("margin_top = 14", "margin_top = 40"),
            ("margin_bottom = 16", "margin_bottom = 40"),
        ],
    );
    let (pages, dates) = render(&l, Some(&template));
    assert_eq!(pages.len(), 4, "{pages:#?}");
    assert_footers(&pages, &dates);
    let (p1, p2) = (&pages[0], &pages[1]);
    assert_has(p1, "Current quest Master Magical Lore — quest points 1 / 3");
    let events = listed_events(&l);
    let on_1 = find(p1, "Notable Events latest first").expect("the events start on page 1");
    assert_eq!(p2[0], "Notable Events (continued)");
    // Page 1's events then page 2's: all of them, in order, each once.
    let mut both: Vec<String> = p1[on_1 + 1..p1.len() - 1].to_vec();
    both.extend_from_slice(&p2[1..p2.len() - 1]);
    assert_events(&both, &events);
    assert_has(p2, "Battle 1: quest completed: Seek Glory in Battle");
    for e in &events {
        let start: String = e.chars().take(50).collect();
        assert_eq!(
            pages.iter().flatten().filter(|l| l.contains(&start)).count(),
            1,
            "{e}"
        );
    }
    // Both Order of Battle pages hold units.
    assert!(pages[3].iter().any(|l| l.starts_with("25 Dusk Riders of 40 3")));
    assert_order_of_battle(&pages[2..], &listed_units(&l));
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
        &format!("- #1 {WARLORD} (Gate-Captain) · WARLORD · 120 pts · 1 model ·"),
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
    // Every notable event, latest first.
    let events = listed_events(&l);
    let from = text.find("Notable Events\n").unwrap();
    let listed: Vec<&str> = text[from..]
        .lines()
        .take_while(|l| !l.starts_with("---"))
        .filter_map(|l| l.strip_prefix("- "))
        .collect();
    assert_eq!(listed, events);
    // The Order of Battle lists each of the 25 units once, in print order, as "- #id name ...".
    let oob = &text[text.find("Order of Battle (25 units").unwrap()..];
    let bullets: Vec<&str> = oob.lines().filter(|l| l.starts_with("- ")).collect();
    assert_eq!(bullets.len(), 25, "{oob}");
    for (bullet, (id, name)) in bullets.iter().zip(listed_units(&l)) {
        assert!(
            bullet.starts_with(&format!("- #{id} {name} ")),
            "{bullet:?} for {name:?}"
        );
    }
    assert!(!oob.contains(RETIRED));
    // --date sets the date printed.
    let dated = l.ok(&[
        "roster",
        "sheet",
        ARMY,
        "--format",
        "text",
        "--date",
        "2026-03-14",
    ]);
    assert!(dated.ends_with("printed 2026-03-14\n"), "{dated}");
    let dated = l.json(&[
        "roster",
        "sheet",
        ARMY,
        "--format",
        "json",
        "--date",
        "2026-03-14",
    ]);
    assert_eq!(dated["printed"], "2026-03-14");

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
