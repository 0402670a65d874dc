//! Rendering a 25-unit roster sheet (two Order of Battle pages, a full Arcane Tome) as PDF and
//! as text, and the one-off parse of the embedded fonts (core and full cut) that a run pays once.
//!
//! `cargo bench --bench sheet -- --warm-up-time 1 --measurement-time 5`

use criterion::{Criterion, criterion_group, criterion_main};
use ptg::rules::battle::BattleResult;
use ptg::sheet::view::{BattleLine, Lore, LoreEntry, QuestLine, Record, Sheet, Tagged, UnitRow};
use ptg::sheet::{Faces, Template, pdf, text};
use std::hint::black_box;

fn tagged(name: &str, tag: &str) -> Tagged {
    Tagged {
        name: name.into(),
        tag: tag.into(),
    }
}

/// A veteran roster: 25 units, 6 spells, 3 battles, 8 notable events.
fn sheet() -> Sheet {
    let units = (0..25)
        .map(|i| UnitRow {
            id: i + 1,
            name: (i % 2 == 0).then(|| format!("Ævarr's Hearthguard {i}")),
            warscroll: if i == 0 {
                "Lord-Vigilant on Gryph-stalker".into()
            } else {
                format!("Liberators {i}")
            },
            warlord: i == 0,
            points: 120,
            models: 5,
            reinforced: i % 3 == 0,
            renown: 12,
            rank: Some("Veteran".into()),
            path: Some("Path of the Warrior".into()),
            abilities: vec![tagged("Berserker", "Aspiring"), tagged("Unyielding", "Veteran")],
            enhancements: if i % 4 == 0 {
                vec![tagged("Staunch Defender", "Heroic Traits")]
            } else {
                vec![]
            },
            in_current_data: i != 7,
            ally: None,
        })
        .collect();
    let spells = (1..=6)
        .map(|i| LoreEntry {
            name: format!("Spell of the Storm {i}"),
            value: Some(5 + i),
            wild: false,
        })
        .collect();
    Sheet {
        army: "Hammers of Dawn".into(),
        player: "Ana".into(),
        faction: "Stormcast Eternals".into(),
        realm: Some("Azyr".into()),
        campaign: "Ashen Vale".into(),
        battlepack: "Path to Glory: Ascension".into(),
        glory: 55,
        favour: None,
        points: 3000,
        quest: Some(QuestLine {
            name: "Search for the Artefact".into(),
            points: 2,
            target: Some(4),
            unit: None,
        }),
        completed_quests: vec!["Seek Glory in Battle".into()],
        battles: (1..=3)
            .map(|b| BattleLine {
                battle: b,
                opponent: "Rat Tide".into(),
                points_limit: 1000,
                battleplan: Some("Relics of Myth".into()),
                victory_points: 13,
                opponent_victory_points: 7,
                result: BattleResult::MajorVictory,
                realm: None,
                realm_phrase: None,
                triumph: None,
                letter: 'W',
                decided: None,
            })
            .collect(),
        battles_fought: 3,
        earlier_battles: 0,
        record: Record {
            wins: 3,
            draws: 0,
            losses: 0,
        },
        tome: vec![
            Lore {
                title: "Spell lore".into(),
                entries: spells,
            },
            Lore {
                title: "Prayer lore".into(),
                entries: vec![],
            },
            Lore {
                title: "Manifestation lore".into(),
                entries: vec![],
            },
        ],
        events: (1..=8)
            .map(|i| format!("Battle {i}: Dawn Guard reached rank Veteran"))
            .collect(),
        earlier_events: 0,
        units,
        printed: "2026-11-21".into(),
    }
}

fn bench(c: &mut Criterion) {
    let s = sheet();
    let t = Template::bundled();
    let faces = Faces::embedded();
    assert_eq!(
        pdf::render(&s, &t, faces).pages,
        3,
        "page 1 and two Order of Battle pages"
    );
    c.bench_function("sheet pdf, 25 units", |b| {
        b.iter(|| pdf::render(black_box(&s), &t, faces))
    });
    c.bench_function("sheet text, 25 units", |b| {
        b.iter(|| text::render(black_box(&s), &t))
    });
    // What a run pays once: parsing the core cut it starts in, and the full font a sheet with a
    // character outside the core falls back to.
    for (cut, regular, bold) in [
        (
            "core",
            &include_bytes!("../templates/fonts/DejaVuSans-core.ttf")[..],
            &include_bytes!("../templates/fonts/DejaVuSans-Bold-core.ttf")[..],
        ),
        (
            "full",
            &include_bytes!("../templates/fonts/DejaVuSans.ttf")[..],
            &include_bytes!("../templates/fonts/DejaVuSans-Bold.ttf")[..],
        ),
    ] {
        c.bench_function(&format!("parse the two embedded fonts, {cut} cut"), |b| {
            b.iter(|| Faces::from_files(Some(black_box(regular)), Some(bold)).is_ok())
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
