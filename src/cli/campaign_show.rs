//! `ptg campaign show`: a campaign's settings and the options in force, each with what it
//! does; the league table sorted by the campaign's standings rule; the newest battles with
//! their results and whose aftermath is still to run.

use super::App;
use super::battle::list::pending_aftermaths;
use super::battle::show::side_line;
use super::output::{json, line, table};
use crate::error::Result;
use crate::ops;
use crate::ops::campaign::legends_words;

pub fn run(app: &mut App, name: &str) -> Result<()> {
    let json_out = app.json;
    let campaign = app.campaign_id(name)?;
    let (cat, store) = app.both()?;
    let shown = ops::campaign::show(cat, store, campaign)?;
    if json_out {
        return json(&shown);
    }
    let c = &shown.campaign;
    let mut out = format!(
        "{} — {} ({}); {}\n",
        c.name,
        shown.battlepack,
        c.battlepack,
        legends_words(c.legends)
    );
    if shown.options.is_empty() {
        out.push_str("Options: none (`ptg campaign set NAME --option realms,...` turns them on)\n");
    } else {
        out.push_str("Options in force:\n");
        for o in &shown.options {
            out.push_str(&format!("  {:<13} {:<4} {}\n", o.option, o.value, o.what));
        }
    }
    if shown.standings.is_empty() {
        out.push_str("No rosters yet.\n");
    } else {
        out.push_str(&league_table(&shown));
        out.push('\n');
        out.push_str(&format!(
            "League table {} (`ptg campaign set \"{}\" --standings wins|glory`).\n",
            shown.standings_rule.words(),
            c.name
        ));
    }
    out.push_str(&match shown.battles {
        1 => "1 battle fought or planned.".to_string(),
        n => format!("{n} battles fought or planned."),
    });
    if !shown.recent_battles.is_empty() {
        out.push_str(" The newest:\n");
        let mut t = table(["#", "Battleplan", "Sides", "Status"]);
        for b in &shown.recent_battles {
            let sides: Vec<String> = b.sides.iter().map(side_line).collect();
            t.add_row([
                b.id.to_string(),
                b.battleplan.clone().unwrap_or_else(|| "-".into()),
                sides.join("\n"),
                pending_aftermaths(b),
            ]);
        }
        out.push_str(&t.to_string());
    }
    line(out)
}

/// The league table: place, roster and player, the record, glory, renown, units, quest, and
/// favour where the option keeps it.
fn league_table(shown: &ops::campaign::Shown) -> String {
    let favour = |roster: &str| {
        shown
            .rosters
            .iter()
            .find(|r| r.name == roster)
            .and_then(|r| r.favour)
    };
    let with_favour = shown.rosters.iter().any(|r| r.favour.is_some());
    let mut header = vec![
        "#",
        "Roster",
        "Player",
        "Faction",
        "Played",
        "Won",
        "Major",
        "Drawn",
        "Lost",
        "Glory earned",
        "Glory held",
        "Renown",
        "Units",
        "Quest",
    ];
    if with_favour {
        header.push("Favour");
    }
    let mut t = table(header);
    // Dropped in this order when the terminal is narrow, as the league page hides them.
    t.lesser(&["Quest", "Renown", "Played", "Faction", "Player"]);
    for s in &shown.standings {
        let e = &s.entry;
        let r = &e.record;
        let mut row = vec![
            s.place.to_string(),
            e.roster.clone(),
            e.player.clone(),
            e.faction.clone(),
            r.played.to_string(),
            r.victories().to_string(),
            r.major_victories.to_string(),
            r.draws.to_string(),
            r.defeats().to_string(),
            e.glory_earned.to_string(),
            e.glory_held.to_string(),
            e.renown.to_string(),
            e.units.to_string(),
            e.quest.clone().unwrap_or_else(|| "-".into()),
        ];
        if with_favour {
            row.push(favour(&e.roster).map_or("-".into(), |f| f.to_string()));
        }
        t.add_row(row);
    }
    t.to_string()
}
