//! `ptg demo`: a guided walk-through that sets up a campaign with two rosters from the
//! bundled data, fights their first battle and runs both aftermaths, by running the real
//! commands one after another and printing each. It keeps a database of its own (`demo.sqlite3`
//! beside the default one, or the `--db` typed), so a player's league never holds demo
//! campaigns, in its history or its exports; it says where. Its campaign and rosters carry
//! " (demo)" in their names; each run first deletes the campaign the last run made (as
//! `campaign delete --force` does), so demo campaigns do not pile up.

use super::{
    Cli,
    output::{json, line},
};
use crate::error::{Error, Result};
use crate::ids::CampaignId;
use crate::names::SameName;
use crate::ops;
use crate::ops::Store;
use clap::Parser;
use std::path::{Path, PathBuf};

/// The walk-through, with `{s}` standing for [`DEMO`] (the names' mark), `{b}` for the
/// battle's id and `{pdf}` for a roster sheet file in the temporary folder.
const STEPS: &[&[&str]] = &[
    &["campaign", "new", "Ashen Vale{s}"],
    &[
        "roster",
        "new",
        "Hammers of Dawn{s}",
        "--campaign",
        "Ashen Vale{s}",
        "--player",
        "Ana",
        "--faction",
        "Stormcast Eternals",
        "--warlord",
        "Lord-Vigilant on Gryph-stalker",
        "--path",
        "warrior",
        "--ability",
        "berserker",
        "--realm",
        "Azyr",
    ],
    &[
        "roster",
        "add",
        "Hammers of Dawn{s}",
        "Liberators",
        "--reinforced",
        "--name",
        "Dawn Guard",
    ],
    &["roster", "add", "Hammers of Dawn{s}", "Knight-Arcanum"],
    &["roster", "add", "Hammers of Dawn{s}", "Prosecutors"],
    &[
        "roster",
        "enhance",
        "Hammers of Dawn{s}",
        "Lord-Vigilant on Gryph-stalker",
        "Staunch Defender",
    ],
    &[
        "roster",
        "enhance",
        "Hammers of Dawn{s}",
        "Knight-Arcanum",
        "Mirrorshield",
    ],
    &[
        "roster",
        "lore",
        "Hammers of Dawn{s}",
        "add",
        "spell",
        "Lightning Blast",
    ],
    &[
        "roster",
        "lore",
        "Hammers of Dawn{s}",
        "add",
        "manifestation",
        "Summon Celestian Vortex",
    ],
    &[
        "quest",
        "start",
        "Hammers of Dawn{s}",
        "Seek Glory in Battle",
        "--unit",
        "Dawn Guard",
    ],
    &[
        "roster",
        "new",
        "Rat Tide{s}",
        "--campaign",
        "Ashen Vale{s}",
        "--player",
        "Ben",
        "--faction",
        "Skaven",
        "--warlord",
        "Grey Seer",
        "--path",
        "mage",
        "--ability",
        "dedicated-practitioner",
    ],
    &["roster", "add", "Rat Tide{s}", "Clanrats", "--reinforced"],
    &["roster", "add", "Rat Tide{s}", "Stormvermin"],
    &["roster", "add", "Rat Tide{s}", "Warlock Engineer"],
    &[
        "roster",
        "enhance",
        "Rat Tide{s}",
        "Grey Seer",
        "Skilled Manipulator",
    ],
    &["roster", "lore", "Rat Tide{s}", "add", "spell", "Warpgale"],
    &["quest", "start", "Rat Tide{s}", "Search for the Artefact"],
    &["roster", "show", "Rat Tide{s}"],
    &["roster", "check", "Rat Tide{s}"],
    // The first battle, with the dice typed in as if rolled at the table.
    &[
        "battle",
        "new",
        "--campaign",
        "Ashen Vale{s}",
        "--points",
        "1000",
        "Hammers of Dawn{s}",
        "Rat Tide{s}",
        "--battleplan",
        "Relics of Myth",
    ],
    &[
        "battle",
        "army",
        "{b}",
        "Hammers of Dawn{s}",
        "Lord-Vigilant on Gryph-stalker",
        "Dawn Guard",
        "Knight-Arcanum",
        "Prosecutors",
    ],
    &[
        "battle",
        "army",
        "{b}",
        "Rat Tide{s}",
        "Grey Seer",
        "Clanrats",
        "Stormvermin",
        "Warlock Engineer",
        "--dice",
        "5,2",
    ],
    &[
        "battle",
        "twist",
        "{b}",
        "--round",
        "2",
        "--underdog",
        "Rat Tide{s}",
        "--dice",
        "3",
    ],
    &[
        "battle",
        "result",
        "{b}",
        "--vp",
        "Hammers of Dawn{s}=13",
        "--vp",
        "Rat Tide{s}=7",
        "--destroyed",
        "Prosecutors",
        "Stormvermin",
        "--quest-points",
        "Rat Tide{s}=1",
    ],
    &[
        "aftermath",
        "{b}",
        "Hammers of Dawn{s}",
        "--favoured",
        "Dawn Guard",
        "--dice",
        "2,3,2,5,3,4",
    ],
    &[
        "aftermath",
        "{b}",
        "Rat Tide{s}",
        "--favoured",
        "Clanrats",
        "--dice",
        "1,2,3,4",
    ],
    &[
        "rank",
        "choose",
        "Hammers of Dawn{s}",
        "Dawn Guard",
        "battle-fury",
        "--path",
        "attacker",
    ],
    &[
        "roster",
        "enhance",
        "Hammers of Dawn{s}",
        "Lord-Vigilant on Gryph-stalker",
        "Quicksilver Draught",
    ],
    &["roster", "show", "Hammers of Dawn{s}"],
    &["rolls", "--battle", "{b}"],
    &["audit", "--campaign", "Ashen Vale{s}"],
    &["roster", "sheet", "Hammers of Dawn{s}", "-o", "{pdf}", "--force"],
    &["roster", "list", "--campaign", "Ashen Vale{s}"],
];

/// The mark on the names of the demo's campaign and rosters.
const DEMO: &str = " (demo)";

/// The demo's database: the one typed with `--db`, else `demo.sqlite3` beside the default
/// database (never `PTG_DB`'s, which is a player's league).
pub fn database(typed: Option<PathBuf>) -> Result<PathBuf> {
    match typed {
        Some(db) => Ok(db),
        None => Ok(ops::db_path(None)?.with_file_name("demo.sqlite3")),
    }
}

/// Runs the walk-through against database `db` (opened as `store`) and the data folder.
///
/// With `--json` every step prints its JSON, after a `{"step": [...]}` naming it, so the
/// whole walk-through is a stream of JSON documents (as `jq` reads them).
pub fn run(db: &Path, data_dir: Option<PathBuf>, store: &mut Store, json_out: bool) -> Result<()> {
    let say = |text: String, data: serde_json::Value| match json_out {
        true => json(&data),
        false => line(text),
    };
    say(
        format!(
            "The demo keeps a database of its own, {}: your league is not touched.",
            db.display()
        ),
        serde_json::json!({ "database": db }),
    )?;
    let campaign = format!("Ashen Vale{DEMO}");
    let earlier = ops::campaign::list(store)?
        .into_iter()
        .find(|c| c.campaign.name.same_name(&campaign));
    if let Some(earlier) = earlier {
        let done = ops::manage::delete_campaign(store, CampaignId(earlier.campaign.id), true)?;
        say(
            format!(
                "\n$ ptg campaign delete \"{campaign}\" --force\nThe last demo's campaign is deleted \
                 (change set #{}; it stays in the history).",
                done.set_id
            ),
            serde_json::json!({ "deleted": campaign, "change_set": done.set_id }),
        )?;
    }
    let battle = ops::battle::next_id(store)?;
    // Beside the demo's database, in the player's own folder: not a name in the machine's
    // shared temporary folder that another user's file could already hold.
    let pdf = db.with_file_name("demo-hammers-of-dawn.pdf");
    for step in STEPS {
        let args: Vec<String> = step
            .iter()
            .map(|a| {
                a.replace("{s}", DEMO)
                    .replace("{b}", &battle.to_string())
                    .replace("{pdf}", &pdf.display().to_string())
            })
            .collect();
        let shown: Vec<String> = args
            .iter()
            .map(|a| {
                if a.contains(' ') {
                    format!("\"{a}\"")
                } else {
                    a.clone()
                }
            })
            .collect();
        say(
            format!("\n$ ptg {}", shown.join(" ")),
            serde_json::json!({ "step": args }),
        )?;
        let mut cli = Cli::try_parse_from(std::iter::once("ptg".to_string()).chain(args))
            .map_err(|e| Error::Internal(anyhow::anyhow!("a demo step does not parse: {e}")))?;
        cli.db = Some(db.to_path_buf());
        cli.data_dir = data_dir.clone();
        cli.json = json_out;
        super::run(cli)?;
    }
    let ptg = how_to_run();
    if json_out {
        return json(&serde_json::json!({ "done": { "database": db, "sheet": pdf, "battle": battle } }));
    }
    line(format!(
        "\nDone. Open {} to see the printable roster. To look around the demo's league, give \
         its database: `{ptg} --db {} roster show \"Hammers of Dawn{DEMO}\"`, `{ptg} --db {} \
         battle show {battle}`; and `{ptg} --help` for everything else.",
        pdf.display(),
        quoted(db),
        quoted(db),
    ))
}

/// How to run this ptg again: `ptg` when it is the one on the PATH, else its own path (a
/// fresh clone runs it as `cargo run`, before anything is installed).
fn how_to_run() -> String {
    let exe = std::env::current_exe().ok();
    let on_path = std::env::var_os("PATH").is_some_and(|paths| {
        std::env::split_paths(&paths).any(|dir| {
            let found = dir.join(format!("ptg{}", std::env::consts::EXE_SUFFIX));
            found.is_file() && found.canonicalize().ok() == exe.as_ref().and_then(|e| e.canonicalize().ok())
        })
    });
    match exe {
        Some(exe) if !on_path => quoted(&exe),
        _ => "ptg".to_string(),
    }
}

/// A path as typed in a shell: quoted when it holds a space.
fn quoted(path: &Path) -> String {
    let shown = path.display().to_string();
    if shown.contains(' ') {
        format!("\"{shown}\"")
    } else {
        shown
    }
}
