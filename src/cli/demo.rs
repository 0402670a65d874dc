//! `ptg demo`: a guided walk-through that sets up a campaign with two rosters from the
//! bundled data, by running the real commands one after another and printing each.

use super::{Cli, output::line};
use crate::store::{Campaign, Store};
use anyhow::{Context, Result};
use clap::Parser;
use std::path::PathBuf;

/// The walk-through, with `{s}` standing for a suffix that keeps names unused.
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
        "Master of the Swarm",
    ],
    &[
        "roster",
        "enhance",
        "Rat Tide{s}",
        "Clanrats",
        "Anabolic Accelerators",
    ],
    &["roster", "lore", "Rat Tide{s}", "add", "spell", "Warpgale"],
    &["quest", "start", "Rat Tide{s}", "Search for the Artefact"],
    &["roster", "show", "Hammers of Dawn{s}"],
    &["roster", "show", "Rat Tide{s}"],
    &["roster", "check", "Rat Tide{s}"],
    &["roster", "list", "--campaign", "Ashen Vale{s}"],
];

/// Runs the walk-through against the given database and data folder.
pub fn run(db: Option<PathBuf>, data_dir: Option<PathBuf>, store: &Store) -> Result<()> {
    let taken: Vec<String> = Campaign::list(store.conn())?
        .into_iter()
        .map(|c| c.campaign.name)
        .collect();
    let suffix = (1..)
        .map(|n: u32| if n == 1 { String::new() } else { format!(" {n}") })
        .find(|s| {
            !taken
                .iter()
                .any(|t| t.eq_ignore_ascii_case(&format!("Ashen Vale{s}")))
        })
        .context("no free demo campaign name")?;
    for step in STEPS {
        let args: Vec<String> = step.iter().map(|a| a.replace("{s}", &suffix)).collect();
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
        line(format!("\n$ ptg {}", shown.join(" ")))?;
        let mut cli = Cli::try_parse_from(std::iter::once("ptg".to_string()).chain(args))?;
        cli.db = db.clone();
        cli.data_dir = data_dir.clone();
        super::run(cli)?;
    }
    line("\nDone. Try `ptg roster show` on either roster, or `ptg --help`.")
}
