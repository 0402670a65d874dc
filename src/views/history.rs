//! A change set of the log in words, as `ptg history` prints it and the history page shows it.

use crate::ops::history::Names;
use crate::rules::log::{Command, LoggedSet};

/// "#12 2026-11-23 18:02:11 aftermath: ... (Ashen Vale / Hammers of Dawn)  [undone by #13]".
pub fn heading(set: &LoggedSet) -> String {
    heading_naming(set, &set.command)
}

/// [`heading`] as the history page shows it: the command by what it did, not its flags.
pub fn page_heading(set: &LoggedSet) -> String {
    let command = match Command::parse(&set.command) {
        Some(Command::BattleCorrect) => "battle result corrected",
        _ => &set.command,
    };
    heading_naming(set, command)
}

fn heading_naming(set: &LoggedSet, command: &str) -> String {
    let mut status = String::new();
    if let Some(u) = set.undone_by {
        status = format!("  [undone by #{u}]");
    }
    if let Some(u) = set.undoes {
        status = format!("  [undoes #{u}]");
    }
    // Whose: the campaign, and the roster when the command was one roster's.
    let whose: Vec<&str> = [set.campaign.as_deref(), set.roster.as_deref()]
        .into_iter()
        .flatten()
        .collect();
    let whose = match whose.as_slice() {
        [] => String::new(),
        names => format!("  ({})", names.join(" / ")),
    };
    format!(
        "#{} {} {}: {}{whose}{status}",
        set.id,
        set.created_at.replace('T', " ").trim_end_matches('Z'),
        command,
        set.summary
    )
}

/// A line per change of the set, naming the roster (for a command of several) and the unit.
pub fn change_lines(set: &LoggedSet, names: &Names) -> Vec<String> {
    set.changes
        .iter()
        .map(|c| {
            let whose = match (set.roster_id, c.roster_id) {
                (None, Some(r)) => names
                    .rosters
                    .get(&r)
                    .map(|n| format!("{n}: "))
                    .unwrap_or_default(),
                _ => String::new(),
            };
            let unit = c
                .unit_id
                .filter(|_| c.kind != "add_unit")
                .and_then(|u| names.units.get(&u))
                .map(|l| format!("{l} "))
                .unwrap_or_default();
            format!("{whose}{unit}{}", c.description)
        })
        .collect()
}
