//! `ptg path list|show`: the battlepack's Paths and the two abilities each rank offers, for
//! choosing a Path (`roster new --path`) and an ability at each rank (`rank choose`).

use super::App;
use super::lookup::PackArg;
use super::output::{json, line, table};
use crate::catalogue::battlepack::{Battlepack, Path};
use crate::error::Result;
use crate::ops;
use crate::rules::renown::eligibility_words;
use clap::Subcommand;
use serde::Serialize;

#[derive(Debug, Subcommand)]
pub enum PathCmd {
    /// The Paths, who may walk each and the abilities of every rank.
    List(PackArg),
    /// One Path: each rank, the renown it needs and its two abilities in full.
    Show {
        /// Path name or id, any case: "Warrior", "warrior", "Path of the Warrior".
        name: String,
        #[command(flatten)]
        pack: PackArg,
    },
}

/// A Path as JSON: the battlepack's facts plus who may walk it in words.
#[derive(Serialize)]
struct PathView<'a> {
    #[serde(flatten)]
    path: &'a Path,
    walked_by: &'static str,
}

pub fn run(app: &mut App, cmd: PathCmd) -> Result<()> {
    let json_out = app.json;
    match cmd {
        PathCmd::List(pack) => {
            let pack = pack.pack(app)?;
            if json_out {
                let views: Vec<PathView> = pack.paths.iter().map(view).collect();
                return json(&views);
            }
            let mut t = table(["Path", "Id", "For", "Abilities by rank"]);
            for p in &pack.paths {
                let ranks: Vec<String> = p
                    .ranks
                    .iter()
                    .map(|r| {
                        let names: Vec<&str> = r.abilities.iter().map(|a| a.name.as_str()).collect();
                        format!("{}: {}", r.rank, names.join(" / "))
                    })
                    .collect();
                t.add_row([
                    p.name.clone(),
                    p.id.clone(),
                    eligibility_words(p.eligibility).to_string(),
                    ranks.join("\n"),
                ]);
            }
            line(format!("Paths of {}", pack.name))?;
            line(t.to_string())?;
            line("Each in full: `ptg path show <name>`.")
        }
        PathCmd::Show { name, pack } => {
            let pack = pack.pack(app)?;
            let p = ops::lookup::path(pack, &name)?;
            if json_out {
                return json(&view(p));
            }
            show(pack, p)
        }
    }
}

fn view(path: &Path) -> PathView<'_> {
    PathView {
        path,
        walked_by: eligibility_words(path.eligibility),
    }
}

fn show(pack: &Battlepack, p: &Path) -> Result<()> {
    line(format!(
        "{} (id '{}'): for {}",
        p.name,
        p.id,
        eligibility_words(p.eligibility)
    ))?;
    let mut t = table(["Rank", "Renown", "Ability", "Timing", "What it does"]);
    for r in &p.ranks {
        let renown = pack
            .ranks
            .iter()
            .find(|k| k.name == r.rank)
            .map_or_else(|| "-".to_string(), |k| k.renown.to_string());
        for a in &r.abilities {
            let timing = match a.value {
                Some(v) => format!("{} (value {v})", a.timing),
                None => a.timing.clone(),
            };
            t.add_row([
                r.rank.clone(),
                renown.clone(),
                a.name.clone(),
                timing,
                a.summary.clone(),
            ]);
        }
    }
    line(t.to_string())?;
    line("A unit picks one ability of each rank it reaches (`ptg rank choose`).")
}
