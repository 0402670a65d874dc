//! What the organiser does to the campaign itself from the organiser's page and the API: its
//! settings and options (`campaign set`), its name (`campaign rename`), deleting it (`campaign
//! delete`), a new roster (`roster new`), and to a roster: delete it (`roster delete`), give
//! or take favour (`roster favour`). Each calls the CLI command's operation: one transaction,
//! logged, undone by `ptg undo`.

use crate::error::{Error, Result};
use crate::ops;
use crate::ops::roster::{Located, NewRoster};
use crate::rules::roster::WarlordChoice;
use crate::server::Server;
use crate::server::kit::actions::{
    Back, CampaignAt, Flag, May, Rename, campaign_action, campaign_api, campaign_form, keyed, roster_action,
    roster_api, roster_form, yes,
};
use crate::store::{Campaign, Store};
use crate::views;
use axum::Router;
use axum::routing::MethodFilter;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn routes() -> Router<crate::server::Shared> {
    let mut router = Router::new();
    router = campaign_action(router, "settings", settings);
    router = campaign_action(router, "rename", rename_campaign);
    router = campaign_action(router, "rosters", new_roster);
    router = roster_action(router, "favour", May::Organiser, Back::Organise, favour);
    // Deleting: the form goes back to the campaigns (the page deleted is gone); the API is a
    // `DELETE` of the campaign or roster itself.
    router
        .route(
            "/campaigns/{id}/delete",
            campaign_form(|_| "/".into(), delete_campaign),
        )
        .route(
            "/api/campaigns/{id}",
            campaign_api(MethodFilter::DELETE, delete_campaign),
        )
        .route(
            "/rosters/{id}/delete",
            roster_form(May::Organiser, Back::Organise, delete_roster),
        )
        .route(
            "/api/rosters/{id}",
            roster_api(MethodFilter::DELETE, May::Organiser, delete_roster),
        )
}

/// `campaign set`: each field left out stays as it is. Options as `campaign set --option`
/// takes them: "on", "off", or for triumphs a table's id.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Settings {
    #[serde(default)]
    key: String,
    legends: Option<String>,
    standings: Option<String>,
    realms: Option<String>,
    favour: Option<String>,
    triumphs: Option<String>,
    #[serde(rename = "sudden-death")]
    sudden_death: Option<String>,
    allies: Option<String>,
    /// The club's readings (the form offers every option the battlepack has).
    #[serde(rename = "retire-warlord")]
    retire_warlord: Option<String>,
    #[serde(rename = "endure-at-end")]
    endure_at_end: Option<String>,
}

/// "on" or "off" (as `--legends` takes it), or nothing.
fn on_off(what: &str, value: Option<&str>) -> Result<Option<bool>> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) if v.eq_ignore_ascii_case("on") => Ok(Some(true)),
        Some(v) if v.eq_ignore_ascii_case("off") => Ok(Some(false)),
        Some(v) => Err(Error::refused(format!(
            "'{v}' is not a value of {what}; use on or off"
        ))),
    }
}

fn settings(s: &Server, store: &mut Store, at: &CampaignAt, b: Settings) -> Result<Value> {
    let legends = on_off("legends", b.legends.as_deref())?;
    let standings = match b.standings.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
        Some(rule) => Some(rule.parse().map_err(Error::refused)?),
        None => None,
    };
    let given = [
        ("realms", &b.realms),
        ("favour", &b.favour),
        ("triumphs", &b.triumphs),
        ("sudden-death", &b.sudden_death),
        ("allies", &b.allies),
        ("retire-warlord", &b.retire_warlord),
        ("endure-at-end", &b.endure_at_end),
    ];
    // Options turned off first, so "realms off, favour off" is not refused midway for
    // favour without realms.
    let mut options: Vec<String> = given
        .iter()
        .filter_map(|(name, v)| Some(format!("{name}={}", v.as_deref()?.trim())))
        .filter(|spec| !spec.ends_with('='))
        .collect();
    options.sort_by_key(|spec| !spec.ends_with("=off"));
    let before = ops::campaign::get(store, at.id)?;
    let done = ops::campaign::set(&s.catalogue, store, at.id, legends, &options, standings)?;
    let names: Vec<&str> = given.iter().map(|(name, _)| *name).collect();
    let note = settings_note(&before, &done.campaign, &names);
    Ok(json!({ "campaign": done.campaign, "set_id": done.set_id, "said": note }))
}

/// The done note of the settings form: each setting that changed, from what to what ("realms:
/// off → on"), or that nothing changed (issue #40: a done note says what was done).
fn settings_note(before: &Campaign, after: &Campaign, options: &[&str]) -> String {
    let mut changed = Vec::new();
    if before.legends != after.legends {
        changed.push(ops::campaign::legends_words(after.legends).to_string());
    }
    if before.options.standings != after.options.standings {
        changed.push(format!(
            "standings: by {} → by {}",
            before.options.standings.as_str(),
            after.options.standings.as_str()
        ));
    }
    for name in options {
        let (was, now) = (before.options.value_of(name), after.options.value_of(name));
        if was != now {
            changed.push(format!("{name}: {was} → {now}"));
        }
    }
    match changed.is_empty() {
        true => format!(
            "Settings of {} unchanged: nothing differed from before.",
            after.name
        ),
        false => format!("Settings of {} saved: {}.", after.name, changed.join("; ")),
    }
}

fn rename_campaign(_: &Server, store: &mut Store, at: &CampaignAt, b: Rename) -> Result<Value> {
    let done = ops::manage::rename_campaign(store, at.id, &b.name)?;
    Ok(json!({ "campaign": done.campaign, "set_id": done.set_id }))
}

/// `campaign delete`, and `roster delete`: refused while battles name it unless forced. The
/// form also asks for the campaign's name typed out, as a person's confirmation.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Delete {
    #[serde(default)]
    key: String,
    #[serde(default)]
    force: Option<Flag>,
    /// The form's confirmation: the name of what is deleted, typed.
    #[serde(default)]
    confirm: Option<String>,
}

impl Delete {
    /// Refuses a form whose typed name is not `name` (the API sends none).
    fn confirmed(&self, name: &str) -> Result<()> {
        match &self.confirm {
            Some(typed) if typed.trim() != name => Err(Error::refused(format!(
                "to delete it, type its name exactly: {name}"
            ))),
            _ => Ok(()),
        }
    }
}

fn delete_campaign(_: &Server, store: &mut Store, at: &CampaignAt, b: Delete) -> Result<Value> {
    b.confirmed(&at.name)?;
    let done = ops::manage::delete_campaign(store, at.id, yes(&b.force))?;
    Ok(json!({ "campaign": done.campaign, "set_id": done.set_id, "rosters": done.rosters }))
}

fn delete_roster(s: &Server, store: &mut Store, at: &Located, b: Delete) -> Result<Value> {
    b.confirmed(&at.name)?;
    let done = ops::manage::delete_roster(&s.catalogue, store, at.id, yes(&b.force))?;
    Ok(json!({ "summary": done.outcome.summary, "roster": done.roster.name }))
}

/// `roster new`: a roster of this campaign with its warlord.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewRosterBody {
    #[serde(default)]
    key: String,
    name: String,
    player: String,
    faction: String,
    warlord: String,
    #[serde(default)]
    warlord_name: Option<String>,
    path: String,
    ability: String,
    #[serde(default)]
    realm: Option<String>,
}

fn new_roster(s: &Server, store: &mut Store, at: &CampaignAt, b: NewRosterBody) -> Result<Value> {
    let warlord_name = b
        .warlord_name
        .as_deref()
        .and_then(crate::server::kit::forms::some);
    let realm = b.realm.as_deref().and_then(crate::server::kit::forms::some);
    let new = NewRoster {
        name: b.name.trim(),
        campaign: at.id,
        player: b.player.trim(),
        faction: b.faction.trim(),
        warlord: WarlordChoice {
            warscroll: b.warlord.trim(),
            name: warlord_name.as_deref(),
            path: b.path.trim(),
            ability: b.ability.trim(),
        },
        realm: realm.as_deref(),
    };
    let done = ops::roster::create(&s.catalogue, store, &new)?;
    let id = crate::ids::RosterId(done.roster.id);
    let roster = views::roster::view(&ops::roster::show(&s.catalogue, store, id)?)?;
    Ok(json!({ "summary": done.outcome.summary, "roster": roster }))
}

/// `roster favour`: favour given (a positive change) or taken, and why.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Favour {
    #[serde(default)]
    key: String,
    #[serde(deserialize_with = "crate::numbers::de::whole")]
    change: i64,
    reason: String,
}

fn favour(s: &Server, store: &mut Store, at: &Located, b: Favour) -> Result<Value> {
    let done = ops::realms::adjust_favour(&s.catalogue, store, at.id, b.change, b.reason.trim())?;
    Ok(json!({ "summary": done.outcome.summary, "favour": done.roster.favour }))
}

keyed!(Settings, Delete, NewRosterBody, Favour);
