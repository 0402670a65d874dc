//! What a player does to their own roster besides battles, from its page and the API: add a
//! starting unit (`roster add`), start a quest (`quest start`), pick a rank's ability (`rank
//! choose`), rename it (`roster rename`), give an enhancement (`roster enhance`), add to the Arcane Tome
//! (`roster lore add`), set the realm of origin (`roster realm`), and during set-up take a
//! starting unit off again (`roster remove`). The organiser may do each for any roster of the
//! campaign. Each calls the CLI command's operation and answers the roster after it.

use crate::catalogue::LoreKind;
use crate::error::{Error, Result};
use crate::ops;
use crate::ops::invite::Principal;
use crate::ops::roster::{Located, LoreEntryChoice};
use crate::server::Server;
use crate::server::kit::actions::with_roster;
use crate::server::kit::actions::{Back, Flag, Keyed, May, Rename, keyed, roster_action, roster_form, yes};
use crate::server::kit::forms::some;
use crate::store::Store;
use axum::Router;
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
    let answer = with_roster(s, store, at.id, &done.outcome.summary)?;
    let points = &answer["roster"]["points"];
    let note = format!("{}: Order of Battle {points} points", done.outcome.summary);
    Ok(said(answer, note))
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
    let answer = with_roster(s, store, at.id, &done.outcome.summary)?;
    // "Vindictors chose Battle-hardened (Veteran, Path of the Warrior)": the ability by name,
    // and the unit.
    let note = format!("Ability chosen: {}", done.outcome.summary);
    Ok(said(answer, note))
}

fn rename(s: &Server, store: &mut Store, at: &Located, b: Rename) -> Result<Value> {
    let done = ops::manage::rename_roster(store, at.id, &b.name, false)?;
    let answer = with_roster(s, store, at.id, &done.outcome.summary)?;
    let note = format!(
        "Renamed {}",
        answer["roster"]["name"].as_str().unwrap_or_default()
    );
    Ok(said(answer, note))
}

/// `roster enhance`: a unit (id or name) and the enhancement's name.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Enhance {
    #[serde(default)]
    key: String,
    #[serde(default)]
    unit: String,
    #[serde(default)]
    enhancement: String,
    /// The page's picker: `UNIT_ID:ENHANCEMENT`, one choice of what the rules accept.
    #[serde(default)]
    pick: Option<String>,
    /// Where an enhancement beyond the starting picks came from.
    #[serde(default)]
    reason: Option<String>,
}

fn enhance(s: &Server, store: &mut Store, at: &Located, mut b: Enhance) -> Result<Value> {
    if let Some((unit, name)) = b.pick.as_deref().and_then(|p| p.split_once(':')) {
        (b.unit, b.enhancement) = (unit.to_string(), name.to_string());
    }
    let reason = b.reason.as_deref().and_then(some);
    let done = ops::roster::enhance(
        &s.catalogue,
        store,
        at.id,
        b.unit.trim(),
        b.enhancement.trim(),
        reason.as_deref(),
    )?;
    let answer = with_roster(s, store, at.id, &done.outcome.summary)?;
    let note = done.outcome.summary.clone();
    Ok(said(answer, note))
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
    let answer = with_roster(s, store, at.id, &done.outcome.summary)?;
    let held = answer["roster"]["tome"]
        .as_array()
        .map_or(0, |t| t.iter().filter(|e| e["kind"] == kind.as_str()).count());
    let note = format!(
        "{}: the Arcane Tome's {kind} lore holds {held}",
        done.outcome.summary
    );
    Ok(said(answer, note))
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
    let answer = with_roster(s, store, at.id, &summary)?;
    Ok(said(answer, summary))
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
    let answer = with_roster(s, store, at.id, &done.outcome.summary)?;
    let points = &answer["roster"]["points"];
    let note = format!("{}: Order of Battle {points} points", done.outcome.summary);
    Ok(said(answer, note))
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
    let note = format!("Undone: #{} {}", done.undone, latest.summary);
    Ok(serde_json::json!({
        "undone": done.undone, "undo_set": done.undo_set, "summary": done.summary, "said": note
    }))
}

/// Whether the command `latest` names changed roster `name` and no other.
pub fn only_this_roster(latest: &ops::undo::Preview, name: &str) -> bool {
    !latest.whose.is_empty() && latest.whose.iter().all(|(roster, _)| roster == name)
}

keyed!(AddUnit, Quest, Rank, Enhance, Tome, Realm, Remove);

/// `answer` with `note`, the sentence the page's done note shows (what was done and the new
/// figure); the API answers it too, as `said`.
fn said(mut answer: Value, note: String) -> Value {
    answer["said"] = Value::String(note);
    answer
}
