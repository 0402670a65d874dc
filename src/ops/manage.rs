//! The organiser's tidy-up (issue #19): renaming and deleting rosters and campaigns. Each is
//! one transaction logged as a change set that `ptg undo` reverses; a deletion hides the row
//! (battles and history keep it), refused while battles name it unless forced.

use super::{Changed, live_campaign, live_roster, load_subject};
use crate::catalogue::Catalogue;
use crate::error::{Error, Result};
use crate::ids::{CampaignId, RosterId};
use crate::rules::log::Command;
use crate::rules::roster::manage::{check_campaign_delete, check_campaign_rename, plan_delete, plan_rename};
use crate::rules::{Change, Outcome};
use crate::store::{Campaign, LogContext, Store, apply, apply_changes, rosters};

/// `roster rename R NEW`, giving back the whole roster after it when `whole` (the CLI's
/// `--json` prints it), else its row alone. A rename reads and writes the roster's row only:
/// not its units (hundreds after years of battles, issue #42), nor its faction's data or its
/// battlepack, which no rule of a rename looks at.
pub fn rename_roster(store: &mut Store, roster: RosterId, to: &str, whole: bool) -> Result<Changed> {
    store.write(|tx| {
        let campaign = live_roster(tx, roster)?;
        let id = roster.get();
        let outcome = plan_rename(&rosters::header(tx, id)?, to)?;
        let ctx = LogContext {
            campaign_id: campaign.get(),
            roster_id: id,
            battle_id: None,
            command: Command::RosterRename,
        };
        apply(tx, ctx, &outcome)?;
        let roster = if whole {
            rosters::load(tx, id)?
        } else {
            rosters::header(tx, id)?
        };
        Ok(Changed { outcome, roster })
    })
}

/// `roster delete R [--force]`: refused while battles name it unless `force`; its player's
/// invites are revoked with it.
pub fn delete_roster(cat: &Catalogue, store: &mut Store, roster: RosterId, force: bool) -> Result<Changed> {
    store.write(|tx| {
        let subject = load_subject(cat, tx, roster)?;
        let id = roster.get();
        let battles = Campaign::battles_of(tx, subject.campaign.id, Some(id))?;
        let outcome = plan_delete(&subject.roster, battles, force)?;
        let ctx = LogContext {
            campaign_id: subject.campaign.id,
            roster_id: id,
            battle_id: None,
            command: Command::RosterDelete,
        };
        let applied = apply(tx, ctx, &outcome)?;
        // Its player keeps no rights over it nor its battles (issue #39); undoing the deletion
        // brings the roster back, not the invite: the organiser invites the player again.
        crate::store::invites::revoke_for_roster(tx, id)?;
        Ok(Changed {
            roster: rosters::reload_after(tx, subject.roster, &outcome.changes, &applied.new_units)?,
            outcome,
        })
    })
}

/// What a campaign command did: the campaign now, and its change set.
pub struct CampaignChanged {
    pub campaign: Campaign,
    pub set_id: i64,
    /// The rosters deleted with it.
    pub rosters: Vec<String>,
}

/// `campaign rename C NEW`.
pub fn rename_campaign(store: &mut Store, campaign: CampaignId, to: &str) -> Result<CampaignChanged> {
    store.write(|tx| {
        let c = live_campaign(tx, campaign)?;
        check_campaign_rename(&c.name, to)?;
        let summary = format!("{} renamed {}", c.name, to.trim());
        let set_id = Campaign::rename(tx, &c, to, &summary)?;
        Ok(CampaignChanged {
            campaign: Campaign::by_id(tx, c.id)?,
            set_id,
            rosters: Vec::new(),
        })
    })
}

/// `campaign delete C [--force]`: the campaign and its rosters, in one change set; refused
/// while it holds battles unless `force`.
pub fn delete_campaign(store: &mut Store, campaign: CampaignId, force: bool) -> Result<CampaignChanged> {
    store.write(|tx| {
        let c = live_campaign(tx, campaign)?;
        let battles = Campaign::battles_of(tx, c.id, None)?;
        check_campaign_delete(&c.name, battles, force)?;
        let rows = rosters::list(tx, Some(c.id))?;
        let summary = match rows.len() {
            0 => format!("{} deleted", c.name),
            n => format!("{} deleted with its {n} roster(s)", c.name),
        };
        let set_id = Campaign::delete(tx, &c, &summary)?;
        for r in &rows {
            let mut outcome = Outcome::new(format!("{} deleted with its campaign", r.name));
            outcome.push(Change::DeleteRoster);
            let ctx = LogContext {
                campaign_id: c.id,
                roster_id: r.id,
                battle_id: None,
                command: Command::CampaignDelete,
            };
            apply_changes(tx, set_id, &[], ctx, &outcome)?;
        }
        Ok::<_, Error>(CampaignChanged {
            campaign: Campaign::by_id(tx, c.id)?,
            set_id,
            rosters: rows.into_iter().map(|r| r.name).collect(),
        })
    })
}
