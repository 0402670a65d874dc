//! Triumphs checked against campaign time: a fought battle's triumph is the roster's previous
//! battle's, as fought, so that battle must be a major victory (issue #38). A planned battle's
//! triumph is a draft its result re-decides, and is not checked.

use super::finding::{Check, Finding, finding};
use crate::rules::battle::{Battle, BattleResult};
use crate::rules::campaign_time::latest_fought;
use crate::rules::model::Roster;

/// Every fought battle of `roster` among `battles` whose triumph its previous battle fought did
/// not give: the previous battle is no major victory (a result corrected since, a victory
/// undone), or the roster had fought none before it.
pub fn triumphs(roster: &Roster, battles: &[&Battle]) -> Vec<Finding> {
    let fought: Vec<(i64, crate::rules::campaign_time::CampaignTime)> = battles
        .iter()
        .filter(|b| b.side(roster.id).is_some_and(|s| s.result.is_some()))
        .filter_map(|b| Some((b.id, b.fought_at?)))
        .collect();
    let mut out = Vec::new();
    for b in battles {
        let (Some(side), Some(at)) = (b.side(roster.id), b.fought_at) else {
            continue;
        };
        let Some(t) = side.triumph.as_ref().filter(|_| side.result.is_some()) else {
            continue;
        };
        let before: Vec<_> = fought.iter().copied().filter(|(_, f)| *f < at).collect();
        let previous = latest_fought(&before).and_then(|(id, _)| battles.iter().find(|x| x.id == id));
        let result = previous.and_then(|p| p.side(roster.id)).and_then(|s| s.result);
        if result == Some(BattleResult::MajorVictory) {
            continue;
        }
        let why = match (previous, result) {
            (Some(p), Some(r)) => format!("its previous battle fought, battle {}, was a {r}", p.id),
            _ => "it had fought no battle before it".to_string(),
        };
        let set = b.fought_at.map(|t| t.0);
        out.push(
            finding(
                Check::Triumphs,
                roster,
                format!(
                    "battle {} holds the triumph {} ({}), but {why}, so no triumph was due",
                    b.id, t.triumph, t.table
                ),
            )
            .battle(Some(b.id))
            .set(set),
        );
    }
    out
}
