//! `battle result N --correct`: a recorded result put right before either side's aftermath
//! has run (issue 38). One change set, `battle result --correct`, which keeps the result as it
//! was for `undo`; the battle keeps its place in campaign time, which is its `battle result`
//! set (`rules::campaign_time`): every query of when a battle was fought reads that set only,
//! so the correction never moves it. How the result was decided (sudden death, casualties) is
//! decided again; a triumph another battle rolled from a major victory the correction would
//! take away refuses it (`rules::battle::correct`).

use super::battle::{Shown, shown};
use super::pack_of;
use crate::catalogue::Catalogue;
use crate::error::Result;
use crate::rules::battle::correct::{decided_words, result_words};
use crate::rules::battle::state::ResultReport;
use crate::rules::battle::{BattleResult, Decision, SideResult};
use crate::rules::log::Command;
use crate::store::{Campaign, Store, battles, builds_on, log_set};

/// Corrects battle `battle_id`'s result to what `report` says, in one transaction.
pub fn correct_result<'a>(
    cat: &'a Catalogue,
    store: &mut Store,
    battle_id: i64,
    report: &ResultReport,
) -> Result<Shown<'a>> {
    store.write(|tx| {
        let b = battles::load(tx, battle_id)?;
        let pack = pack_of(cat, &Campaign::by_id(tx, b.campaign_id)?)?;
        let sides = super::battle::sides_of(tx, &b)?;
        let pair = [&sides[0], &sides[1]];
        let taken = builds_on::triumphs_taken_from(tx, battle_id)?;
        let (recorded, decided) = b.plan_correction(pack, pair, report, &taken)?;
        let names = [pair[0].name.as_str(), pair[1].name.as_str()];
        let was = was_words(&b.sides, names);
        let summary = format!(
            "Battle {battle_id} corrected: {}{}; was {was}",
            result_words(names, &recorded),
            decided_words(decided.as_ref().map(|d| d[0].by))
        );
        let before = builds_on::before_correction(tx, battle_id)?;
        let (set_id, _) = log_set(
            tx,
            b.campaign_id,
            None,
            Some(battle_id),
            Command::BattleCorrect,
            &summary,
            &[],
        )?;
        battles::keep_before(tx, set_id, &before)?;
        let rows: Vec<(i64, Decision)> = match decided {
            Some([x, y]) => vec![(pair[0].id, x), (pair[1].id, y)],
            None => Vec::new(),
        };
        builds_on::correct_result(tx, battle_id, set_id, &recorded, &rows)?;
        let mut shown = shown(cat, tx, battle_id, Vec::new())?;
        let fought = builds_on::result_set(tx, battle_id)?
            .map(|at| format!(" (fought at #{at})"))
            .unwrap_or_default();
        shown.notes.push(format!(
            "Corrected (#{set_id}; was {was}): the battle keeps its place in campaign time{fought}, \
             and `ptg undo` puts the result back as it was"
        ));
        Ok(shown)
    })
}

/// The result as recorded before the correction, in history's words.
fn was_words(sides: &[crate::rules::battle::Side], names: [&str; 2]) -> String {
    let side = |i: usize| SideResult {
        roster_id: sides[i].roster_id,
        victory_points: sides[i].victory_points.unwrap_or(0),
        result: sides[i].result.unwrap_or(BattleResult::Draw),
        withdrew: sides[i].withdrew,
        general_slain: sides[i].general_slain,
        quest_points: sides[i].quest_points,
        destroyed: Vec::new(),
        slew: Vec::new(),
    };
    result_words(names, &[side(0), side(1)])
}
