//! Campaign time: the order in which battles were fought, which is what the rules mean by
//! "previous", "next", "after" and "since". A battle is fought when its result is recorded,
//! so its place is the change set that recorded its result, never its id (a club plans the
//! evening's battles at once and fights them in any order) nor when other commands about it
//! were typed. A quest's place is the change set that started it. Every rule that compares
//! moments of a campaign does it here (issue #31).

use super::{RuleError, refuse};
use serde::Serialize;

/// A moment of a campaign: the id of the change set that made it, so two moments never tie and
/// the order survives an export and import (ids move together).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct CampaignTime(pub i64);

/// Whether a quest embarked on at `since` counts battle fought at `fought`: only battles
/// fought after it was started ("the next time you win"); a quest picked in a battle's own
/// aftermath counts from the next battle. Unknown moments (a log an older ptg kept without
/// them) count, as they always did.
pub fn quest_counts(since: Option<CampaignTime>, fought: Option<CampaignTime>) -> bool {
    match (since, fought) {
        (Some(since), Some(fought)) => since < fought,
        _ => true,
    }
}

/// A roster's aftermaths run in the order its battles were fought (favour, quests and glory
/// build on each other). Refuses the aftermath of the battle fought at `fought` while a battle
/// of `pending` (id, when fought: the roster's other battles with a result and no aftermath
/// yet) was fought before it, naming the earliest.
pub fn check_aftermath_order(
    roster: &str,
    fought: Option<CampaignTime>,
    pending: &[(i64, CampaignTime)],
) -> Result<(), RuleError> {
    let Some(fought) = fought else { return Ok(()) };
    match pending
        .iter()
        .filter(|(_, at)| *at < fought)
        .min_by_key(|(_, at)| *at)
    {
        Some((earlier, _)) => refuse(
            "aftermath",
            format!(
                "{roster} fought battle {earlier} before this one and its aftermath is still to run; \
                 aftermaths run in the order battles were fought, so run battle {earlier}'s aftermath first"
            ),
        ),
        None => Ok(()),
    }
}

/// The battle fought last among `fought` (id, when): the roster's "previous battle" for
/// anything decided before its next battle is fought (a triumph rolled with an army).
pub fn latest_fought(fought: &[(i64, CampaignTime)]) -> Option<(i64, CampaignTime)> {
    fought.iter().copied().max_by_key(|(_, at)| *at)
}

/// Which battle already took the triumph of the victory fought at `victory`, if one did: a
/// victory earns one triumph, for the roster's next battle fought, so it is taken by a
/// triumph another battle's army rolled (`rolled`: battle, when its army was recorded) whose
/// latest battle fought before that moment was this victory. `fought` holds when each of the
/// roster's battles was fought.
pub fn triumph_taken_by(
    victory: CampaignTime,
    fought: &[CampaignTime],
    rolled: &[(i64, CampaignTime)],
) -> Option<i64> {
    rolled
        .iter()
        .filter(|(_, at)| *at > victory)
        .find(|(_, at)| fought.iter().filter(|f| *f < at).max() == Some(&victory))
        .map(|(battle, _)| *battle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quest_counts_only_battles_fought_after_it_started() {
        let at = |n| Some(CampaignTime(n));
        assert!(quest_counts(at(5), at(9)));
        assert!(!quest_counts(at(9), at(5)), "started after the result");
        assert!(
            !quest_counts(at(9), at(9)),
            "picked in the battle's own aftermath set"
        );
        assert!(quest_counts(None, at(5)));
    }

    #[test]
    fn a_victory_gives_one_triumph_to_the_next_battle_fought() {
        let t = CampaignTime;
        // Battle 3 fought at 10 (a victory), battle 1 at 20.
        assert_eq!(latest_fought(&[(1, t(20)), (3, t(10))]), Some((1, t(20))));
        let fought = [t(10), t(20)];
        // Battle 5's army, recorded at 15, rolled the triumph of the victory fought at 10.
        assert_eq!(triumph_taken_by(t(10), &fought, &[(5, t(15))]), Some(5));
        // An army recorded at 25 took battle 1's (fought at 20), not battle 3's.
        assert_eq!(triumph_taken_by(t(10), &fought, &[(5, t(25))]), None);
        // An army recorded before the victory was fought cannot have taken it.
        assert_eq!(triumph_taken_by(t(10), &fought, &[(5, t(8))]), None);
    }

    #[test]
    fn an_aftermath_waits_for_the_earlier_fought_battles() {
        let (first, second, third) = (CampaignTime(10), CampaignTime(20), CampaignTime(30));
        // Battle 3 fought first, then battle 1, then battle 2.
        let pending = [(3, first), (1, second)];
        let err = check_aftermath_order("Rat Tide", Some(third), &pending).unwrap_err();
        assert!(
            err.message.contains("run battle 3's aftermath first"),
            "{}",
            err.message
        );
        let err = check_aftermath_order("Rat Tide", Some(second), &[(3, first)]).unwrap_err();
        assert!(err.message.contains("battle 3"), "{}", err.message);
        assert!(check_aftermath_order("Rat Tide", Some(first), &[(1, second)]).is_ok());
        assert!(check_aftermath_order("Rat Tide", Some(first), &[]).is_ok());
    }
}
