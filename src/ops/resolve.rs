//! The edge where a typed name becomes an id: the CLI calls these once per argument and hands
//! the id to the operation. No other operation takes a campaign or roster by name, so a name
//! that two rows could answer to is never looked up a second time, out of sight of the check
//! made on the first (issue #30: a roster renamed `CAMPAIGN/ROSTER` could capture another).

use crate::error::{Error, Result};
use crate::ids::{CampaignId, RosterId};
use crate::store::{Campaign, Store, lookup, rosters};

/// The live campaign called `name` (any case), or a refusal with "did you mean".
pub fn campaign(store: &mut Store, name: &str) -> Result<CampaignId> {
    store.read(|conn| Ok(CampaignId(Campaign::get(conn, name)?.id)))
}

/// The live roster `typed` names ("Hammers of Dawn", or "Ashen Vale/Hammers of Dawn" where two
/// campaigns have one), or a refusal: unknown (with "did you mean"), or ambiguous with the
/// candidates and their ids.
pub fn roster(store: &mut Store, typed: &str) -> Result<RosterId> {
    store.read(|conn| Ok(RosterId(rosters::id_of(conn, typed)?)))
}

/// The live roster of campaign `campaign` called `name`, or a refusal naming the campaign.
pub fn roster_in(store: &mut Store, campaign: CampaignId, name: &str) -> Result<RosterId> {
    store.read(|conn| {
        lookup::roster_in_campaign(conn, campaign.get(), name)?
            .map(RosterId)
            .ok_or_else(|| {
                let c = Campaign::by_id(conn, campaign.get())
                    .map(|c| c.name)
                    .unwrap_or_else(|_| campaign.to_string());
                Error::refused(format!("campaign '{c}' has no roster called '{name}'")).fix(
                    crate::fix::Fix::act(crate::fix::Action::ReadRosters { campaign: Some(c) }),
                )
            })
    })
}

/// A roster for `undo --roster`: the live one called `typed`, else the one of that name most
/// recently deleted, so its deletion can be undone.
pub fn roster_or_deleted(store: &mut Store, typed: &str) -> Result<RosterId> {
    store.read(|conn| {
        Ok(RosterId(match lookup::deleted_id(conn, true, typed)? {
            Some(id) if lookup::roster_id(conn, typed)?.is_none() => id,
            _ => rosters::id_of(conn, typed)?,
        }))
    })
}

/// A campaign for `undo --campaign`: the live one called `name`, else the one of that name
/// most recently deleted.
pub fn campaign_or_deleted(store: &mut Store, name: &str) -> Result<CampaignId> {
    store.read(|conn| {
        Ok(CampaignId(match lookup::deleted_id(conn, false, name)? {
            Some(id) if lookup::campaign_id(conn, name)?.is_none() => id,
            _ => Campaign::get(conn, name)?.id,
        }))
    })
}

/// The side of battle `battle` that `typed` names (its roster's name, any case, or its id), or
/// a refusal naming both sides: a battle's own sides are all a name can mean there.
pub fn battle_side(store: &mut Store, battle: i64, typed: &str) -> Result<RosterId> {
    store.read(|conn| {
        let b = crate::store::battles::load(conn, battle)?;
        let typed = typed.trim();
        let found = b.sides.iter().find(|s| {
            crate::names::same(&s.roster, typed) || typed.parse::<i64>().is_ok_and(|id| id == s.roster_id)
        });
        match found {
            Some(s) => Ok(RosterId(s.roster_id)),
            None => Err(Error::refused(format!(
                "'{typed}' is not a side of battle {battle}: its sides are {}",
                b.sides
                    .iter()
                    .map(|s| format!("'{}' (id {})", s.roster, s.roster_id))
                    .collect::<Vec<_>>()
                    .join(" and ")
            ))),
        }
    })
}
