//! What a player does to their own roster besides battles, from its page and the API: add a
//! starting unit (`roster add`), start a quest (`quest start`), pick a rank's ability (`rank
//! choose`), rename it (`roster rename`), give an enhancement (`roster enhance`), add to the Arcane Tome
//! (`roster lore add`), set the realm of origin (`roster realm`), and during set-up take a
//! starting unit off again (`roster remove`). The organiser may do each for any roster of the
//! campaign. Each calls the CLI command's operation and answers the roster after it.

use crate::catalogue::{Faction, LoreKind};
use crate::error::{Error, Result};
use crate::ops;
use crate::ops::invite::Principal;
use crate::ops::roster::{Located, LoreEntryChoice};
use crate::server::Server;
use crate::server::actions::{Back, Flag, Keyed, May, Rename, keyed, roster_action, roster_form, yes};
use crate::server::api::with_roster;
use crate::server::forms::some;
use crate::store::Store;
use axum::Router;
use maud::{Markup, html};
use serde::Deserialize;
use serde_json::Value;

pub fn routes() -> Router<crate::server::Shared> {
    let (player, page) = (May::Player, Back::Roster);
    let mut router = Router::new();
    router = roster_action(router, "units", player, page, add_unit);
    router = roster_action(router, "quest", player, page, quest);
    router = roster_action(router, "rank", player, page, rank);
    router = roster_action(router, "rename", player, page, rename);
    router = roster_action(router, "enhancements", player, page, enhance);
    router = roster_action(router, "tome", player, page, tome);
    router = roster_action(router, "realm", player, page, realm);
    router = roster_action(router, "undo", player, page, undo);
    // Taking a unit off has its API call at `DELETE /api/rosters/{id}/units/{unit}`.
    router.route("/rosters/{id}/remove", roster_form(player, page, remove))
}

/// `roster add` (set-up only): a warscroll, reinforced or not, with a name of its own or an
/// ally's faction.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct AddUnit {
    #[serde(default)]
    key: String,
    warscroll: String,
    #[serde(default)]
    reinforced: Option<Flag>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    ally: Option<String>,
}

fn add_unit(s: &Server, store: &mut Store, at: &Located, b: AddUnit) -> Result<Value> {
    let (name, ally) = (b.name.as_deref().and_then(some), b.ally.as_deref().and_then(some));
    let add = ops::roster::AddUnit {
        warscroll: b.warscroll.trim(),
        reinforced: yes(&b.reinforced),
        name: name.as_deref(),
        ally: ally.as_deref(),
    };
    let done = ops::roster::add_unit(&s.catalogue, store, at.id, &add)?;
    with_roster(s, store, at.id, &done.outcome.summary)
}

/// `quest start`: the quest, and the unit or manifestation a quest names.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Quest {
    #[serde(default)]
    key: String,
    quest: String,
    #[serde(default)]
    unit: Option<String>,
    #[serde(default)]
    manifestation: Option<String>,
}

fn quest(s: &Server, store: &mut Store, at: &Located, b: Quest) -> Result<Value> {
    let (unit, manifestation) = (
        b.unit.as_deref().and_then(some),
        b.manifestation.as_deref().and_then(some),
    );
    let done = ops::quest::start(
        &s.catalogue,
        store,
        at.id,
        b.quest.trim(),
        unit.as_deref(),
        manifestation.as_deref(),
    )?;
    with_roster(s, store, at.id, &done.outcome.summary)
}

/// `rank choose`: the unit, the ability, and at its first rank the Path.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Rank {
    #[serde(default)]
    key: String,
    unit: String,
    ability: String,
    #[serde(default)]
    path: Option<String>,
}

fn rank(s: &Server, store: &mut Store, at: &Located, b: Rank) -> Result<Value> {
    let path = b.path.as_deref().and_then(some);
    let done = ops::rank::choose(
        &s.catalogue,
        store,
        at.id,
        b.unit.trim(),
        b.ability.trim(),
        path.as_deref(),
    )?;
    with_roster(s, store, at.id, &done.outcome.summary)
}

fn rename(s: &Server, store: &mut Store, at: &Located, b: Rename) -> Result<Value> {
    let done = ops::manage::rename_roster(&s.catalogue, store, at.id, &b.name)?;
    with_roster(s, store, at.id, &done.outcome.summary)
}

/// `roster enhance`: a unit (id or name) and the enhancement's name.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Enhance {
    #[serde(default)]
    key: String,
    unit: String,
    enhancement: String,
    /// Where an enhancement beyond the starting picks came from.
    #[serde(default)]
    reason: Option<String>,
}

fn enhance(s: &Server, store: &mut Store, at: &Located, b: Enhance) -> Result<Value> {
    let reason = b.reason.as_deref().and_then(some);
    let done = ops::roster::enhance(
        &s.catalogue,
        store,
        at.id,
        b.unit.trim(),
        b.enhancement.trim(),
        reason.as_deref(),
    )?;
    with_roster(s, store, at.id, &done.outcome.summary)
}

/// `roster lore add`: spell, prayer or manifestation, and its name.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Tome {
    #[serde(default)]
    key: String,
    #[serde(default)]
    kind: String,
    #[serde(default)]
    name: String,
    /// The page's picker: `KIND:NAME`, one choice from the lores, so a spell is never asked
    /// for from a lore of manifestations.
    #[serde(default)]
    entry: Option<String>,
    /// The entry to take out when the lore is full.
    #[serde(default)]
    replace: Option<String>,
    #[serde(default)]
    reason: Option<String>,
}

fn tome(s: &Server, store: &mut Store, at: &Located, mut b: Tome) -> Result<Value> {
    if let Some((kind, name)) = b.entry.as_deref().and_then(|e| e.split_once(':')) {
        (b.kind, b.name) = (kind.to_string(), name.to_string());
    }
    let kind: LoreKind = b.kind.parse().map_err(Error::refused)?;
    let (replace, reason) = (
        b.replace.as_deref().and_then(some),
        b.reason.as_deref().and_then(some),
    );
    let entry = LoreEntryChoice {
        kind,
        name: b.name.trim(),
        replace: replace.as_deref(),
        reason: reason.as_deref(),
    };
    let done = ops::roster::add_lore(&s.catalogue, store, at.id, &entry)?;
    with_roster(s, store, at.id, &done.outcome.summary)
}

/// `roster realm`: the realm of origin, or none (empty or null) to clear it.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Realm {
    #[serde(default)]
    key: String,
    #[serde(default)]
    realm: Option<String>,
}

fn realm(s: &Server, store: &mut Store, at: &Located, b: Realm) -> Result<Value> {
    let realm = b.realm.as_deref().and_then(some);
    let done = ops::roster::set_realm(store, at.id, realm.as_deref())?;
    let name = &done.name;
    let summary = match (&done.realm, done.set_id) {
        (Some(r), Some(_)) => format!("{name} hails from {r}"),
        (None, Some(_)) => format!("{name}: realm of origin cleared"),
        (Some(r), None) => format!("{name} hails from {r} already; nothing changed"),
        (None, None) => format!("{name} has no realm of origin; nothing changed"),
    };
    with_roster(s, store, at.id, &summary)
}

/// `roster remove` (set-up only): the unit's id or name.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Remove {
    #[serde(default)]
    key: String,
    unit: String,
}

fn remove(s: &Server, store: &mut Store, at: &Located, b: Remove) -> Result<Value> {
    let done = ops::roster::remove_unit(&s.catalogue, store, at.id, b.unit.trim())?;
    with_roster(s, store, at.id, &done.outcome.summary)
}

/// `ptg undo --roster R`: the roster's latest command, when it changed this roster alone (a
/// battle's command, which changes both sides, is the organiser's to undo). A player takes back
/// only a command a player gives (`Command::undone_by`), never the organiser's.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Undo {
    #[serde(default)]
    key: String,
    /// The change set meant, as the page named it; refused if another is latest by then.
    #[serde(default, deserialize_with = "crate::numbers::de::maybe")]
    expected: Option<i64>,
    /// Sent by the roster's player rather than the organiser (set from the invite, never read
    /// from the body).
    #[serde(skip)]
    player_only: bool,
}

impl Keyed for Undo {
    fn key(&self) -> &str {
        &self.key
    }

    fn sent_by(&mut self, who: &Principal) {
        self.player_only = !who.is_organiser();
    }
}

fn undo(s: &Server, store: &mut Store, at: &Located, b: Undo) -> Result<Value> {
    let scope = || ops::undo::Scope {
        roster: Some(at.id),
        campaign: None,
        player_only: b.player_only,
    };
    let latest = ops::undo::preview(store, scope())?;
    if !only_this_roster(&latest, &at.name) {
        return Err(Error::refused(format!(
            "#{} ({}) is not {}'s alone; the campaign's organiser undoes it",
            latest.set_id, latest.summary, at.name
        )));
    }
    let expected = b.expected.unwrap_or(latest.set_id);
    let done = ops::undo::undo(&s.catalogue, store, scope(), Some(expected))?;
    Ok(serde_json::json!({ "undone": done.undone, "undo_set": done.undo_set, "summary": done.summary }))
}

/// Whether the command `latest` names changed roster `name` and no other.
pub fn only_this_roster(latest: &ops::undo::Preview, name: &str) -> bool {
    !latest.whose.is_empty() && latest.whose.iter().all(|(roster, _)| roster == name)
}

keyed!(AddUnit, Quest, Rank, Enhance, Tome, Realm, Remove);

/// The roster's undo: its latest command named, with the button when it is the roster's alone
/// and the viewer may take it back (the organiser, or the player when it is a player's
/// command: `organiser` says which is looking).
pub fn undo_form(
    roster_id: i64,
    name: &str,
    key: &str,
    latest: &ops::undo::Preview,
    organiser: bool,
) -> Markup {
    html! {
        @if !latest.undoable {
            p.note { "Latest command: #" (latest.set_id) " " (latest.summary) ". It cannot be undone." }
        } @else if only_this_roster(latest, name) && (organiser || latest.player_may_undo) {
            form method="post" action={ "/rosters/" (roster_id) "/undo" } {
                input type="hidden" name="key" value=(key);
                input type="hidden" name="expected" value=(latest.set_id);
                "Latest command: #" (latest.set_id) " " (latest.summary) " "
                button { "Undo it" }
            }
        } @else {
            p.note { "Latest command: #" (latest.set_id) " " (latest.summary)
                ". Only the campaign's organiser can undo it." }
        }
    }
}

/// A select of the roster's units on the Order of Battle (id, shown by name).
fn unit_select(name: &str, units: &[Value]) -> Markup {
    html! {
        select name=(name) required {
            @for u in units.iter().filter(|u| u["retired"] != true) {
                option value=(u["id"].to_string()) {
                    (u["warscroll"].as_str().unwrap_or("?"))
                    @if let Some(n) = u["name"].as_str() { " “" (n) "”" }
                }
            }
        }
    }
}

/// The roster page's forms for whoever may change it; `faction` lists the enhancements and
/// lores to pick from.
pub fn forms(roster_id: i64, key: &str, r: &Value, faction: Option<&Faction>) -> Markup {
    let none = Vec::new();
    let units = r["units"].as_array().unwrap_or(&none);
    let action = |what: &str| format!("/rosters/{roster_id}/{what}");
    let setup = r["setup_complete"] != true;
    // Enhancements go to the roster's own HEROes that are not UNIQUE.
    let heroes: Vec<Value> = units
        .iter()
        .filter(|u| u["ally"].is_null())
        .filter(|u| {
            let has = |k: &str| {
                u["keywords"]
                    .as_array()
                    .is_some_and(|all| all.iter().any(|x| x == k))
            };
            has("HERO") && !has("UNIQUE")
        })
        .cloned()
        .collect();
    html! {
        details {
            summary { "Enhancements, Arcane Tome, realm, name" }
            form method="post" action=(action("enhancements")) {
                input type="hidden" name="key" value=(key);
                label { "Give " (unit_select("unit", &heroes)) } " "
                label { "the enhancement "
                    select name="enhancement" required {
                        @for t in faction.map(|f| &f.enhancement_tables[..]).unwrap_or(&[]) {
                            optgroup label=(t.name) { @for e in &t.enhancements { option { (e) } } }
                        }
                    }
                } " "
                label { "reason (beyond the starting picks) " input name="reason"; } " "
                button { "Give it" }
            }
            form method="post" action=(action("tome")) {
                input type="hidden" name="key" value=(key);
                label { "Add to the Arcane Tome "
                    select name="entry" required {
                        @for l in faction.map(|f| &f.lores[..]).unwrap_or(&[]) {
                            optgroup label={ (l.name) " (" (l.kind.as_str()) ")" } {
                                @for e in &l.entries { option value={ (l.kind.as_str()) ":" (e.name) } { (e.name) } }
                            }
                        }
                    }
                } " "
                label { "replacing " input name="replace"; } " "
                label { "reason " input name="reason"; } " "
                button { "Add to the Arcane Tome" }
            }
            form method="post" action=(action("realm")) {
                input type="hidden" name="key" value=(key);
                label { "Realm of origin (empty clears it) "
                    input name="realm" value=(r["realm"].as_str().unwrap_or(""));
                } " "
                button { "Set" }
            }
            form method="post" action=(action("rename")) {
                input type="hidden" name="key" value=(key);
                label { "Rename the roster " input name="name" required; } " "
                button { "Rename" }
            }
            @if setup && units.len() > 1 {
                form method="post" action=(action("remove")) {
                    input type="hidden" name="key" value=(key);
                    label { "Take off the Order of Battle " (unit_select("unit", units)) } " "
                    button { "Remove" }
                }
            }
        }
    }
}
