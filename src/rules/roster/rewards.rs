//! Owed rewards: an earned reward (a quest's artefact, spell, ...) that an enhancement or
//! Arcane Tome pick uses up.

use crate::catalogue::battlepack::QuestReward;
use crate::rules::change::{Change, Outcome};
use crate::rules::model::{RewardDue, Roster, Unit};
use crate::rules::{RuleError, refuse};

/// The earned reward of `kind` this pick can use, if any. A reward tied to one unit (the
/// Rising Champion's heroic trait) can only go to that unit.
pub(super) fn owed_reward<'a>(
    roster: &'a Roster,
    kind: QuestReward,
    unit: Option<&Unit>,
) -> Result<Option<&'a RewardDue>, RuleError> {
    let mut owed = roster.rewards.iter().filter(|r| r.reward == kind).peekable();
    let Some(first) = owed.peek().copied() else {
        return Ok(None);
    };
    if let Some(open) = owed.find(|r| r.unit.is_none() || r.unit == unit.map(|u| u.id)) {
        return Ok(Some(open));
    }
    let holder = first
        .unit
        .and_then(|id| roster.unit(id))
        .map(|u| u.label())
        .unwrap_or_default();
    refuse(
        "rewards",
        format!(
            "{} from {} must go to {holder}; give it to that unit",
            crate::rules::change::reward_words(kind),
            first.source
        ),
    )
}

/// Uses up an earned reward; returns the reason to log with the pick.
pub(super) fn claim_reward(out: &mut Outcome, claim: &RewardDue) -> String {
    out.push(Change::ClaimReward {
        reward_id: claim.id,
        reward: claim.reward,
        source: claim.source.clone(),
    });
    format!("reward of {}", claim.source)
}
