//! `ptg roster new`: a roster with its warlord.

use super::report;
use crate::cli::App;
use crate::error::Result;
use crate::ops::{self, roster::NewRoster};
use crate::rules::roster::WarlordChoice;
use clap::Args;

#[derive(Debug, Args)]
pub struct NewArgs {
    /// Roster (army) name.
    name: String,
    /// The campaign the roster plays in.
    #[arg(long)]
    campaign: String,
    /// The player's name.
    #[arg(long)]
    player: String,
    /// The faction, e.g. "Stormcast Eternals" (see `ptg faction list`).
    #[arg(long)]
    faction: String,
    /// The warlord's warscroll: a single-model HERO of the faction, not UNIQUE.
    #[arg(long, value_name = "WARSCROLL")]
    warlord: String,
    /// A name of your own for the warlord.
    #[arg(long, value_name = "NAME")]
    warlord_name: Option<String>,
    /// warrior, leader, mage (WIZARD) or devout (PRIEST).
    #[arg(long)]
    path: String,
    /// One of the two Aspiring abilities of the Path, e.g. berserker.
    #[arg(long)]
    ability: String,
    /// The realm your army hails from, printed on its roster sheet.
    #[arg(long)]
    realm: Option<String>,
}

pub fn run(app: &mut App, args: NewArgs) -> Result<()> {
    let json_out = app.json;
    let campaign = app.campaign_id(&args.campaign)?;
    let (cat, store) = app.both()?;
    let new = NewRoster {
        name: &args.name,
        campaign,
        player: &args.player,
        faction: &args.faction,
        warlord: WarlordChoice {
            warscroll: &args.warlord,
            name: args.warlord_name.as_deref(),
            path: &args.path,
            ability: &args.ability,
        },
        realm: args.realm.as_deref(),
    };
    let done = ops::roster::create(cat, store, &new)?;
    let r = &done.roster;
    let msg = format!("Roster '{}' created for {} ({}).", r.name, r.player, r.faction);
    report(json_out, &done, msg)
}
