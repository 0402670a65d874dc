//! Campaigns: create one, change its settings, list them.

use crate::catalogue::{Battlepack, Catalogue};
use crate::error::{Error, Result};
use crate::ids::CampaignId;
use crate::rules::battle::Battle;
use crate::rules::log::Command;
use crate::rules::options::CampaignOptions;
use crate::rules::standings::{LeagueEntry, Standing, StandingsRule, standings};
use crate::store::{Campaign, CampaignRow, Store, Tx, log_set};
use serde::Serialize;

/// Creates a campaign playing `battlepack` (an id or name), allowing Legends warscrolls or
/// not, with the options `options` turn on (`realms,favour`, `triumphs=2e`); returns it with
/// the battlepack's name.
pub fn create(
    cat: &Catalogue,
    store: &mut Store,
    name: &str,
    battlepack: &str,
    legends: bool,
    options: &[String],
    standings: Option<StandingsRule>,
) -> Result<(Campaign, String)> {
    let pack = cat.battlepack(battlepack).map_err(Error::refused)?;
    let mut options = CampaignOptions::default().with(&pack.options, &pack.name, options)?;
    options.standings = standings.unwrap_or_default();
    let campaign = store.write(|tx| create_in(tx, name, pack, legends, &options))?;
    Ok((campaign, pack.name.clone()))
}

/// Inside an open transaction: the campaign, logged as `campaign new` (one change set, which
/// undo refuses as it does a roster's creation; also the server's set-up page).
pub(super) fn create_in(
    tx: &Tx,
    name: &str,
    pack: &Battlepack,
    legends: bool,
    options: &CampaignOptions,
) -> Result<Campaign> {
    let campaign = Campaign::create(tx, name, &pack.id, legends, options)?;
    let summary = format!("{} created, playing {}", campaign.name, pack.name);
    log_set(tx, campaign.id, None, None, Command::CampaignNew, &summary, &[])?;
    Ok(campaign)
}

/// What `campaign set` did: the campaign as it is now, and the change set that did it (none
/// when the campaign already had that setting).
pub struct Set {
    pub campaign: Campaign,
    pub set_id: Option<i64>,
}

/// Changes a campaign's settings: Legends warscrolls allowed or not (`None`: as they are) and
/// options on or off (`triumphs=off`), in one transaction logged as a change set that
/// `ptg undo` reverses. Options may change between battles: each battle command uses those in
/// force when it runs. Units already on an Order of Battle stay; `roster check` and the audit
/// report Legends units the campaign no longer allows.
pub fn set(
    cat: &Catalogue,
    store: &mut Store,
    campaign: CampaignId,
    legends: Option<bool>,
    options: &[String],
    standings: Option<StandingsRule>,
) -> Result<Set> {
    store.write(|tx| {
        let c = super::live_campaign(tx, campaign)?;
        let pack = cat.battlepack(&c.battlepack).map_err(Error::refused)?;
        let mut new_options = c.options.with(&pack.options, &pack.name, options)?;
        new_options.standings = standings.unwrap_or(c.options.standings);
        let legends = legends.unwrap_or(c.legends);
        if c.legends == legends && c.options == new_options {
            return Ok(Set {
                campaign: c,
                set_id: None,
            });
        }
        let mut said = Vec::new();
        if c.legends != legends {
            said.push(legends_words(legends).to_string());
        }
        if c.options.standings != new_options.standings {
            said.push(format!("standings by {}", new_options.standings.as_str()));
        }
        if c.options.in_force() != new_options.in_force() {
            said.push(format!("options: {}", new_options.words()));
        }
        let summary = format!("{}: {}", c.name, said.join("; "));
        let set_id = Campaign::set_settings(tx, &c, legends, &new_options, &summary)?;
        Ok(Set {
            campaign: Campaign::by_id(tx, c.id)?,
            set_id: Some(set_id),
        })
    })
}

/// "Legends allowed" / "Legends not allowed", as history and the CLI word the setting.
pub fn legends_words(legends: bool) -> &'static str {
    if legends {
        "Legends allowed"
    } else {
        "Legends not allowed"
    }
}

/// Live campaign `id`, or the refusal "there is no campaign with id N" (one read, no counts).
pub fn get(store: &mut Store, id: CampaignId) -> Result<Campaign> {
    store.read(|conn| super::live_campaign(conn, id))
}

/// Every campaign with its counts of rosters and battles.
pub fn list(store: &mut Store) -> Result<Vec<CampaignRow>> {
    store.read(|conn| Campaign::list(conn).map_err(Error::from))
}

/// A roster as `campaign show` lists it.
#[derive(Debug, Serialize)]
pub struct RosterLine {
    pub name: String,
    pub player: String,
    pub faction: String,
    pub glory: i64,
    /// Its favour points, for a roster that keeps them while the option is on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub favour: Option<i64>,
}

/// An option in force, with what it does in words.
#[derive(Debug, Serialize)]
pub struct OptionLine {
    pub option: &'static str,
    /// "on", or the triumph table's id.
    pub value: String,
    /// What it does, naming how it is used (a command on the CLI, a form on a page).
    pub what: crate::fix::Worded,
}

/// What `campaign show` shows.
#[derive(Debug, Serialize)]
pub struct Shown {
    pub campaign: Campaign,
    pub battlepack: String,
    pub options: Vec<OptionLine>,
    pub rosters: Vec<RosterLine>,
    pub battles: i64,
    /// How the league table is sorted, and the table.
    pub standings_rule: StandingsRule,
    pub standings: Vec<Standing>,
    /// The newest battles, newest first.
    pub recent_battles: Vec<Battle>,
}

/// How many battles `campaign show` lists under the league table.
pub const RECENT_BATTLES: u32 = 5;

/// A campaign's settings, the options in force with what each does, and its rosters.
pub fn show(cat: &Catalogue, store: &mut Store, campaign: CampaignId) -> Result<Shown> {
    // The league's rows give the roster list too, and the battles are counted for this
    // campaign alone: the league page reads this on every view (issue #32).
    let (campaign, battles, league, recent_battles) = store.read(|conn| {
        let c = super::live_campaign(conn, campaign)?;
        let battles = Campaign::battles_of(conn, c.id, None)?;
        let league = crate::store::standings::league(conn, c.id)?;
        let recent = crate::store::battles::recent(conn, c.id, RECENT_BATTLES)?;
        Ok::<_, Error>((c, battles, league, recent))
    })?;
    let realms = cat.realms().map_err(|e| Error::refused(e.to_string()))?;
    let rosters = league
        .iter()
        .map(|r| {
            let keeps = campaign.options.favour
                && (r.favour > 0 || crate::rules::favour::god_of(&realms, &r.faction, &[]).is_some());
            RosterLine {
                favour: keeps.then_some(r.favour),
                name: r.roster.clone(),
                player: r.player.clone(),
                faction: r.faction.clone(),
                glory: i64::from(r.glory_held),
            }
        })
        .collect();
    let entries = league
        .into_iter()
        .map(|r| LeagueEntry {
            roster_id: r.roster_id,
            roster: r.roster,
            player: r.player,
            faction: r.faction,
            record: r.record,
            glory_earned: r.glory_earned,
            glory_held: r.glory_held,
            renown: r.renown,
            units: r.units,
            quest: r.quest,
        })
        .collect();
    let standings_rule = campaign.options.standings;
    let pack = cat.battlepack(&campaign.battlepack).map_err(Error::refused)?;
    let options = campaign
        .options
        .in_force()
        .into_iter()
        .map(|(option, value)| {
            let what = option_words(cat, pack, option, &value);
            OptionLine { option, value, what }
        })
        .collect();
    Ok(Shown {
        battlepack: pack.name.clone(),
        campaign,
        options,
        rosters,
        battles,
        standings_rule,
        standings: standings(standings_rule, entries),
        recent_battles,
    })
}

/// What an option does, in words, with the numbers from the data it uses (as `campaign show`
/// lists the options in force).
fn option_words(
    cat: &Catalogue,
    pack: &crate::catalogue::Battlepack,
    option: &str,
    value: &str,
) -> crate::fix::Worded {
    use crate::fix::{Action, Worded};
    match option {
        "realms" => Worded::with("battles are fought in a realm: {do}", Action::NameRealm),
        "allies" => Worded::with(
            format!("{} ({{do}})", option_about(pack, option)),
            Action::AddAlly,
        ),
        "triumphs" => {
            let name = cat
                .table(value)
                .map(|t| t.name.clone())
                .unwrap_or_else(|_| value.to_string());
            format!("after a major victory, the roster's next army rolls on the {name}").into()
        }
        _ => option_about(pack, option).into(),
    }
}

/// What option `option` of `pack` does, in a player's words (no command in them), with the
/// numbers from the data.
fn option_about(pack: &crate::catalogue::Battlepack, option: &str) -> String {
    let o = &pack.options;
    match option {
        "realms" => "battles are fought in a realm of the Mortal Realms, named or rolled when each is planned".into(),
        "favour" => "SLAANESH rosters at Mount Hedon and TZEENTCH rosters at the Crystalline Shores gain favour for a victory and lose some for a loss (needs realms)".into(),
        "triumphs" => "after a major victory, the roster's next army rolls on a triumph table".into(),
        "sudden-death" => match &o.sudden_death {
            Some(s) => format!(
                "an army outnumbered {}:{} in models may pick a sudden death objective; a battle not fought out is decided by casualties",
                s.outnumber[0], s.outnumber[1]
            ),
            None => String::new(),
        },
        "allies" => match &o.allies {
            Some(a) => format!(
                "up to 1 in every {} units may come from another faction of the grand alliance",
                a.one_in
            ),
            None => String::new(),
        },
        "retire-warlord" => "the warlord may retire in an aftermath when the player names the HERO who leads the roster from then on".into(),
        "endure-at-end" => "the sudden death objective Endure is judged at the end of the battle, not of a sixth battle round these battles do not have (needs sudden death)".into(),
        _ => String::new(),
    }
}

/// What a page calls option `option`.
fn option_label(option: &str) -> &'static str {
    match option {
        "realms" => "Realms of battle",
        "favour" => "Favour of the gods",
        "triumphs" => "Triumphs",
        "sudden-death" => "Sudden death",
        "allies" => "Allies",
        "retire-warlord" => "The warlord may retire",
        "endure-at-end" => "Endure judged at the battle's end",
        _ => "Option",
    }
}

/// An option a battlepack offers, in words for a form (issue #40: shown by what it does, not
/// by its id).
#[derive(Debug, Clone, PartialEq)]
pub struct OfferedOption {
    /// Its id, as `campaign set --option` takes it (`sudden-death`).
    pub name: &'static str,
    /// What a page calls it.
    pub label: &'static str,
    /// What it does, with the numbers from the data.
    pub about: String,
    /// The values one may pick, each as (the value sent, its words): "off", "on", or each
    /// triumph table by its name.
    pub values: Vec<(String, String)>,
}

/// The options `pack` offers, in words, in the order they are shown.
pub fn offered_options(cat: &Catalogue, pack: &Battlepack) -> Vec<OfferedOption> {
    CampaignOptions::offered(&pack.options)
        .into_iter()
        .map(|(name, values)| OfferedOption {
            name,
            label: option_label(name),
            about: option_about(pack, name),
            values: values
                .into_iter()
                .map(|v| {
                    let words = match v.as_str() {
                        "off" | "on" => v.clone(),
                        table => cat
                            .table(table)
                            .map(|t| t.name.clone())
                            .unwrap_or_else(|_| v.clone()),
                    };
                    (v, words)
                })
                .collect(),
        })
        .collect()
}

/// The league's race: each live roster's glory earned and renown after each of its
/// aftermaths, for the league page's chart (its last points are the league table's figures).
pub fn race(store: &mut Store, campaign: CampaignId) -> Result<Vec<crate::rules::race::Line>> {
    store.read(|conn| {
        let c = super::live_campaign(conn, campaign)?;
        Ok(crate::rules::race::lines(&crate::store::race::gains(conn, c.id)?))
    })
}

/// Where the change log stands: a race worked out at this mark (`race`) holds until it moves.
/// Read before the race, so a write in between only ever makes the race newer than its mark.
pub fn log_mark(store: &mut Store) -> Result<i64> {
    store.read(|conn| Ok(crate::store::race::log_mark(conn)?))
}

/// Each live roster of `campaign` by id, with its name (what a chart labels its lines with).
pub fn roster_names(
    store: &mut Store,
    campaign: CampaignId,
) -> Result<std::collections::HashMap<i64, String>> {
    store.read(|conn| {
        let c = super::live_campaign(conn, campaign)?;
        Ok(crate::store::rosters::list(conn, Some(c.id))?
            .into_iter()
            .map(|r| (r.id, r.name))
            .collect())
    })
}

#[cfg(test)]
mod option_tests {
    use super::*;

    #[test]
    fn every_option_offered_has_words_and_no_id_for_a_name() {
        let cat = Catalogue::load(&[]).unwrap();
        let pack = cat.battlepack("ascension").unwrap();
        let offered = offered_options(&cat, pack);
        assert!(offered.iter().any(|o| o.name == "endure-at-end"));
        for o in &offered {
            assert!(!o.about.is_empty(), "{} says what it does", o.name);
            assert_ne!(o.label, "Option", "{} has a name in words", o.name);
            assert!(!o.label.contains('-'), "{}", o.label);
        }
        let triumphs = offered.iter().find(|o| o.name == "triumphs").unwrap();
        assert!(
            triumphs.values.iter().any(|(v, words)| v != "off" && words != v),
            "a triumph table by its name: {:?}",
            triumphs.values
        );
    }
}
