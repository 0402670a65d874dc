//! What a side's triumph means before a tap (issue #40): the triumph it rolled and what it
//! does (from the table's data), and the triumph tables it may pick between as its army is
//! recorded (`battle army --triumph-table`), each with words saying what it is.

use crate::catalogue::{Catalogue, Table};
use crate::error::{Error, Result};
use crate::rules::battle::{Battle, BattleStatus};
use crate::rules::model::Roster;
use crate::rules::realms::triumph_tables_offered;
use crate::store::Conn;

/// A triumph rolled, in words: its table's name, its name and what it does.
#[derive(Debug, Clone, PartialEq)]
pub struct TriumphShown {
    pub table: String,
    pub name: String,
    /// What it does, in short (the table's data; our own words, never the rulebook's).
    pub summary: String,
}

/// A triumph table a side may pick: its id (what the form sends), its name, and what it is.
#[derive(Debug, Clone, PartialEq)]
pub struct TableOffer {
    pub id: String,
    pub name: String,
    pub words: String,
}

/// A side's triumph: the one rolled, and the tables it may still pick between (empty when
/// there is no choice to make).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SideTriumph {
    pub rolled: Option<TriumphShown>,
    pub tables: Vec<TableOffer>,
}

/// `roster`'s triumph as a side of `battle`, read within the page's transaction.
pub fn side_triumph(cat: &Catalogue, conn: &Conn, battle: &Battle, roster: &Roster) -> Result<SideTriumph> {
    let rolled = battle.side(roster.id).and_then(|s| s.triumph.as_ref()).map(|t| {
        let table = cat.table(&t.table).ok();
        TriumphShown {
            table: table.map_or_else(|| t.table.clone(), |x| x.name.clone()),
            name: t.triumph.clone(),
            summary: table
                .and_then(|x| x.entries.iter().find(|e| e.name == t.triumph))
                .map(|e| e.summary.clone())
                .unwrap_or_default(),
        }
    });
    if battle.status != BattleStatus::Planned || roster.options.triumphs.is_none() {
        return Ok(SideTriumph {
            rolled,
            tables: Vec::new(),
        });
    }
    let previous = super::realms::previous_battle(conn, battle, roster)?;
    let realm = previous
        .as_ref()
        .and_then(|p| p.realm.as_deref())
        .and_then(|name| cat.realm(name).ok());
    let tables = cat.tables().map_err(|e| Error::refused(e.to_string()))?;
    let offered = triumph_tables_offered(roster, battle, previous.as_ref(), realm, &tables);
    let won = match (realm, &previous) {
        (Some(r), Some(p)) => format!(
            "{}'s own table, for the major victory won {} in battle {}",
            r.name,
            r.phrase(),
            p.battle_id
        ),
        _ => "the realm's own table".to_string(),
    };
    let tables = offered
        .iter()
        .enumerate()
        .map(|(i, t)| TableOffer {
            id: t.id.clone(),
            name: t.name.clone(),
            words: format!(
                "{}: {}",
                match i {
                    0 => "the campaign's table, rolled unless another is picked",
                    _ => won.as_str(),
                },
                results(t)
            ),
        })
        .collect();
    Ok(SideTriumph { rolled, tables })
}

/// A table's results by name ("Blessed, Inspired or Empowered").
fn results(t: &Table) -> String {
    let names: Vec<&str> = t.entries.iter().map(|e| e.name.as_str()).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.to_string(),
        None => String::new(),
    }
}
