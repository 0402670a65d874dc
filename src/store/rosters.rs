//! Rosters: creating the row, loading the whole aggregate for the engine, listing.

mod reload;
mod units;
pub use units::retired_count;

pub use reload::after as reload_after;

use super::lookup::{roster_id, roster_in_campaign};
use super::now;
use super::reuse::CachedRow;
use crate::catalogue::LoreKind;
use crate::catalogue::battlepack::QuestReward;
use crate::error::{refusal, refusal_fix};
use crate::fix::{Action, Fix, Input};
use crate::names;
use crate::rules::model::{QuestState, RewardDue, Roster, TomeEntry};
use crate::rules::names::{NameKind, check as check_name};
use anyhow::{Context, Result};
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

/// A roster with totals, for listings.
#[derive(Debug, Clone, Serialize)]
pub struct RosterRow {
    pub id: i64,
    pub name: String,
    pub player: String,
    pub faction: String,
    pub campaign: String,
    pub units: i64,
    pub points: i64,
    pub glory: i64,
    /// Favour points (option `favour`).
    pub favour: i64,
}

/// Inserts the roster row; its warlord and everything else arrive as changes.
pub fn create(conn: &Connection, campaign_id: i64, name: &str, player: &str, faction: &str) -> Result<i64> {
    let name = name.trim();
    if name.is_empty() {
        return Err(refusal("a roster needs a name"));
    }
    if player.trim().is_empty() {
        return Err(refusal_fix(
            "a roster needs a player",
            vec![Fix::give(Input::Player)],
        ));
    }
    let name = check_name(NameKind::Roster, name)?;
    let player = check_name(NameKind::Player, player)?;
    if let Some(existing) = roster_in_campaign(conn, campaign_id, name)? {
        let (n, c): (String, String) = conn.cached_row(
            "SELECT r.name, c.name FROM rosters r JOIN campaigns c ON c.id = r.campaign_id WHERE r.id = ?1",
            [existing],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        return Err(refusal(format!(
            "campaign '{c}' already has a roster called '{n}'; pick another name"
        )));
    }
    conn.cached_execute(
        "INSERT INTO rosters (campaign_id, name, player, faction, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![campaign_id, name, player, faction, now()],
    )?;
    Ok(conn.last_insert_rowid())
}

/// The id of the roster called `name` (any case), or an error suggesting close names.
pub fn id_of(conn: &Connection, name: &str) -> Result<i64> {
    if let Some(id) = roster_id(conn, name)? {
        return Ok(id);
    }
    let mut stmt = conn.prepare_cached("SELECT name FROM rosters WHERE deleted = 0 ORDER BY name")?;
    let all: Vec<String> = stmt.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
    Err(refusal_fix(
        names::unknown("roster", name, all.iter().map(String::as_str)),
        vec![Fix::act(Action::ReadRosters { campaign: None })],
    ))
}

/// When roster `id`'s current quest was embarked on: the latest change set in force that
/// started a quest for it (read only for a roster with a current quest). Ordered by change set,
/// so the index `changes_roster_kind` alone answers it, newest first, with no look at the
/// roster's other changes.
fn quest_since(conn: &Connection, id: i64) -> Result<Option<crate::rules::campaign_time::CampaignTime>> {
    Ok(conn
        .cached_row(
            "SELECT c.change_set_id FROM changes c JOIN change_sets cs ON cs.id = c.change_set_id
             WHERE c.roster_id = ?1 AND c.kind = 'start_quest' AND cs.undone_by IS NULL
             ORDER BY c.change_set_id DESC LIMIT 1",
            [id],
            |r| r.get(0),
        )
        .optional()?
        .map(crate::rules::campaign_time::CampaignTime))
}

/// The realm of origin, if set.
pub fn realm(conn: &Connection, id: i64) -> Result<Option<String>> {
    Ok(conn.cached_row("SELECT realm FROM rosters WHERE id = ?1", [id], |r| r.get(0))?)
}

/// The roster row alone (names, glory, set-up), with no units, tome or quests loaded.
pub fn header(conn: &Connection, id: i64) -> Result<Roster> {
    Ok(conn.cached_row(
        "SELECT r.id, r.name, r.player, r.faction, c.name, r.glory, r.setup_complete, c.legends,
                c.options, r.favour
         FROM rosters r JOIN campaigns c ON c.id = r.campaign_id WHERE r.id = ?1",
        [id],
        |r| {
            let options: String = r.get(8)?;
            Ok(Roster {
                id: r.get(0)?,
                name: r.get(1)?,
                player: r.get(2)?,
                faction: r.get(3)?,
                campaign: r.get(4)?,
                glory: r.get(5)?,
                setup_complete: r.get(6)?,
                legends_allowed: r.get(7)?,
                options: super::campaigns::read_options(&options).map_err(|e| {
                    rusqlite::Error::FromSqlConversionFailure(8, rusqlite::types::Type::Text, e.into())
                })?,
                favour: r.get(9)?,
                units: Vec::new(),
                tome: Vec::new(),
                quest: None,
                completed_quests: Vec::new(),
                rewards: Vec::new(),
            })
        },
    )?)
}

/// Loads the whole roster (units, abilities, enhancements, tome, quests) for the engine.
pub fn load(conn: &Connection, id: i64) -> Result<Roster> {
    let mut roster = header(conn, id)?;
    roster.units = units::all(conn, id)?;
    load_rest(conn, id, &mut roster)?;
    Ok(roster)
}

/// Roster `id` with its row, tome, quests and rewards but, of its units, only `units` (retired
/// ones too; those an undo took off left out), in [`load`]'s order: what an undo needs, whose
/// reversal reads the roster's glory, favour and quest and whose words name only the units its
/// changes touch. A roster that fought for years has had hundreds of units (issue #42).
pub fn load_naming(conn: &Connection, id: i64, units: &[i64]) -> Result<Roster> {
    let mut roster = header(conn, id)?;
    let mut ids = units.to_vec();
    ids.sort_unstable();
    ids.dedup();
    roster.units = units::by_ids(conn, id, &ids)?;
    roster.units.sort_by_key(|u| (!u.warlord, u.id));
    load_rest(conn, id, &mut roster)?;
    Ok(roster)
}

/// Roster `id` as a reading command shows it (`roster show`, `check`, `afford`; `battle show` reads
/// less, [`load_shown_units_and_tome`]): [`load`]'s roster with, of its retired units, only those
/// its current quest and its rewards name and those `named`. Every rule such a command applies
/// looks at the Order of Battle and at those units only, and so does every rule a battle's own
/// commands decide on (`battle army`, `result`, sudden death, a realm: the sides, with the units
/// the battle's armies hold named). A command that looks up a unit a player typed, or that decides
/// about the roster as a whole (an aftermath, the audit), loads the whole roster (an undo:
/// [`load_naming`]).
pub fn load_shown(conn: &Connection, id: i64, named: &[i64]) -> Result<Roster> {
    let mut roster = header(conn, id)?;
    load_rest(conn, id, &mut roster)?;
    let mut ids: Vec<i64> = roster.quest.iter().filter_map(|q| q.unit).collect();
    ids.extend(roster.rewards.iter().filter_map(|r| r.unit));
    ids.extend_from_slice(named);
    roster.units = units::shown(conn, id, &ids)?;
    Ok(roster)
}

/// Roster `id` as a battle's page shows it: its Order of Battle and the retired units
/// `named` (those the battle's armies hold), with no Arcane Tome, quests or rewards read. The
/// page shows none of them, and nothing it offers (an army, a result, an aftermath's
/// purchases, favoured and retired units, triumphs) looks at them. Under a league night's
/// writes every read starts from an emptied page cache, and these three reads were ~9% of the
/// page's work (issue 42).
pub fn load_shown_units(conn: &Connection, id: i64, named: &[i64]) -> Result<Roster> {
    let mut roster = header(conn, id)?;
    roster.units = units::shown(conn, id, named)?;
    Ok(roster)
}

/// [`load_shown_units`] with the Arcane Tome: a side of a battle as `battle show` and the
/// battle commands print it (its lores), with no quests or rewards, which they never print.
/// The rules a battle command decides on read its sides whole ([`load_shown`]).
pub fn load_shown_units_and_tome(conn: &Connection, id: i64, named: &[i64]) -> Result<Roster> {
    let mut roster = load_shown_units(conn, id, named)?;
    roster.tome = tome(conn, id)?;
    Ok(roster)
}

/// Roster `id`'s Arcane Tome, in its order.
fn tome(conn: &Connection, id: i64) -> Result<Vec<TomeEntry>> {
    let mut stmt = conn.prepare_cached(
        "SELECT kind, name, lore, value, wild FROM tome_entries WHERE roster_id = ?1 ORDER BY kind, position, id",
    )?;
    let mut tome = Vec::new();
    for row in stmt.query_map([id], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, String>(1)?,
            r.get(2)?,
            r.get(3)?,
            r.get(4)?,
        ))
    })? {
        let (kind, name, lore, value, wild) = row?;
        let kind: LoreKind = kind.parse().map_err(anyhow::Error::msg)?;
        tome.push(TomeEntry {
            kind,
            name,
            lore,
            value,
            wild,
        });
    }
    Ok(tome)
}

/// The rest of the aggregate beside its units: the Arcane Tome, the quests and the rewards
/// owed, replacing what `roster` held of them.
fn load_rest(conn: &Connection, id: i64, roster: &mut Roster) -> Result<()> {
    roster.completed_quests.clear();
    roster.rewards.clear();
    roster.tome = tome(conn, id)?;
    roster.quest = conn
        .cached_row(
            "SELECT quest, points, unit_id FROM quests WHERE roster_id = ?1 AND status = 'current'",
            [id],
            |r| {
                Ok(QuestState {
                    quest: r.get(0)?,
                    points: r.get(1)?,
                    unit: r.get(2)?,
                    since: None,
                })
            },
        )
        .optional()?;
    if let Some(q) = &mut roster.quest {
        q.since = quest_since(conn, id)?;
    }
    let mut stmt = conn.prepare_cached(
        "SELECT quest FROM quests WHERE roster_id = ?1 AND status = 'completed' ORDER BY id",
    )?;
    roster.completed_quests = stmt.query_map([id], |r| r.get(0))?.collect::<Result<_, _>>()?;
    let mut stmt = conn.prepare_cached(
        "SELECT id, reward, source, unit_id FROM rewards
         WHERE roster_id = ?1 AND claimed_set_id IS NULL ORDER BY id",
    )?;
    for row in stmt.query_map([id], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
            r.get::<_, Option<i64>>(3)?,
        ))
    })? {
        let (rid, reward, source, unit) = row?;
        let reward: QuestReward = serde_json::from_value(serde_json::Value::String(reward))
            .context("a reward has an unknown kind in the database")?;
        roster.rewards.push(RewardDue {
            id: rid,
            reward,
            source,
            unit,
        });
    }
    Ok(())
}

/// All rosters, or those of one campaign, with unit count, points and glory.
pub fn list(conn: &Connection, campaign_id: Option<i64>) -> Result<Vec<RosterRow>> {
    let mut stmt = conn.prepare_cached(
        "SELECT r.id, r.name, r.player, r.faction, c.name, r.glory,
                (SELECT COUNT(*) FROM units u WHERE u.roster_id = r.id AND u.retired = 0 AND u.removed = 0),
                (SELECT COALESCE(SUM(u.points * (1 + u.reinforced)), 0) FROM units u
                  WHERE u.roster_id = r.id AND u.retired = 0 AND u.removed = 0),
                r.favour
         FROM rosters r JOIN campaigns c ON c.id = r.campaign_id
         WHERE r.deleted = 0 AND (?1 IS NULL OR r.campaign_id = ?1)
         ORDER BY c.name, r.name",
    )?;
    let rows = stmt.query_map([campaign_id], |r| {
        Ok(RosterRow {
            id: r.get(0)?,
            name: r.get(1)?,
            player: r.get(2)?,
            faction: r.get(3)?,
            campaign: r.get(4)?,
            glory: r.get(5)?,
            units: r.get(6)?,
            points: r.get(7)?,
            favour: r.get(8)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The name and player of each roster of `ids` not deleted, in [`list`]'s order (campaign,
/// then roster name): one look-up each rather than the whole list.
pub fn names_and_players(conn: &Connection, ids: &[i64]) -> Result<Vec<(String, String)>> {
    use rusqlite::OptionalExtension;
    let mut found = Vec::new();
    for &id in ids {
        let row: Option<(String, String, String)> = conn
            .cached_row(
                "SELECT c.name, r.name, r.player FROM rosters r JOIN campaigns c ON c.id = r.campaign_id
                 WHERE r.id = ?1 AND r.deleted = 0",
                [id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()?;
        found.extend(row);
    }
    found.sort();
    Ok(found
        .into_iter()
        .map(|(_, name, player)| (name, player))
        .collect())
}

/// Every roster's name, by id (for naming the rosters a battle's changes touched).
pub fn names(conn: &Connection) -> Result<std::collections::HashMap<i64, String>> {
    let mut stmt = conn.prepare_cached("SELECT id, name FROM rosters")?;
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The names of the units `ids` as players call them (its own name, else its warscroll),
/// including units since removed, so old log entries can still be read. Only those units are
/// read, not every unit of the league.
pub fn unit_names_of(conn: &Connection, ids: &[i64]) -> Result<std::collections::HashMap<i64, String>> {
    let mut out = std::collections::HashMap::new();
    // In chunks, well under SQLite's limit on bound values.
    for chunk in ids.chunks(500) {
        let marks = vec!["?"; chunk.len()].join(",");
        let mut stmt = conn.prepare(&format!(
            "SELECT id, warscroll, name FROM units WHERE id IN ({marks})"
        ))?;
        let rows = stmt.query_map(rusqlite::params_from_iter(chunk), |r| {
            let (id, warscroll, name): (i64, String, Option<String>) = (r.get(0)?, r.get(1)?, r.get(2)?);
            Ok((id, name.unwrap_or(warscroll)))
        })?;
        for row in rows {
            let (id, name) = row?;
            out.insert(id, name);
        }
    }
    Ok(out)
}

/// The campaign id, campaign name and name of live roster `id` (in a live campaign), if any.
pub fn live_name(conn: &Connection, id: i64) -> Result<Option<(i64, String, String)>> {
    use rusqlite::OptionalExtension;
    Ok(conn
        .cached_row(
            "SELECT c.id, c.name, r.name FROM rosters r JOIN campaigns c ON c.id = r.campaign_id
             WHERE r.id = ?1 AND r.deleted = 0 AND c.deleted = 0",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?)
}

/// The roster's rewards marked claimed, with the set each names, for the audit to check that
/// set claims it (`rules::audit::recorded::claimed`).
pub fn claimed_rewards(
    conn: &Connection,
    id: i64,
) -> Result<Vec<crate::rules::audit::recorded::ClaimedReward>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, reward, source, claimed_set_id FROM rewards
         WHERE roster_id = ?1 AND claimed_set_id IS NOT NULL ORDER BY id",
    )?;
    let mut out = Vec::new();
    for row in stmt.query_map([id], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
            r.get::<_, i64>(3)?,
        ))
    })? {
        let (id, reward, source, set) = row?;
        let reward: QuestReward = serde_json::from_value(serde_json::Value::String(reward))
            .context("a reward has an unknown kind in the database")?;
        out.push(crate::rules::audit::recorded::ClaimedReward {
            id,
            reward,
            source,
            set,
        });
    }
    Ok(out)
}
