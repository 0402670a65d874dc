//! `battle sudden-death`: the outnumbered side picks its sudden death objective (option
//! `sudden-death`), in one write transaction and one change set that `undo` takes off.

use super::battle::{Shown, shown};
use super::pack_of;
use crate::catalogue::options::Objective;
use crate::catalogue::{Battlepack, Catalogue};
use crate::error::{Result, refusal};
use crate::ids::RosterId;
use crate::rules::battle::PickRequest;
use crate::rules::battle::sudden_death::{round_warning, sudden_death_option};
use crate::rules::log::Command;
use crate::rules::model::Roster;
use crate::store::{Campaign, Store, battles, log_set, rosters};

/// Records `roster`'s sudden death objective for a battle, once the engine has checked it.
pub fn pick<'a>(
    cat: &'a Catalogue,
    store: &mut Store,
    battle_id: i64,
    roster: RosterId,
    request: &PickRequest,
) -> Result<Shown<'a>> {
    store.write(|tx| {
        let b = battles::load(tx, battle_id)?;
        let pack = pack_of(cat, &Campaign::by_id(tx, b.campaign_id)?)?;
        let r = rosters::load(tx, roster.get())?;
        b.check_side(r.id, &r.name)?;
        let sides = super::battle::sides_of(tx, &b)?;
        let option = sudden_death_option(pack, &r)?;
        let table = cat.table(&option.table).map_err(refusal)?;
        let row = b.plan_sudden_death(pack, table, [&sides[0], &sides[1]], r.id, request)?;
        let target = row
            .target_unit
            .and_then(|id| sides.iter().find_map(|s| s.unit(id)))
            .map(|u| u.label())
            .or_else(|| row.target_text.clone());
        let warning = table
            .objective(&row.objective)
            .and_then(|o| round_warning(o, pack.army.battle_rounds, r.options.endure_at_end));
        let summary = format!(
            "Battle {battle_id}: {} picks the sudden death objective {}{}{}",
            r.name,
            row.objective,
            target.map(|t| format!(" ({t})")).unwrap_or_default(),
            warning
                .as_ref()
                .map(|w| format!(" (note: {w})"))
                .unwrap_or_default()
        );
        let (set_id, _) = log_set(
            tx,
            b.campaign_id,
            Some(r.id),
            Some(battle_id),
            Command::BattleSuddenDeath,
            &summary,
            &[],
        )?;
        battles::record_sudden_death(tx, battle_id, r.id, set_id, &row)?;
        let mut shown = shown(cat, tx, battle_id, Vec::new())?;
        shown.notes.extend(warning);
        Ok(shown)
    })
}

/// The objectives of the sudden death table the campaign of `roster` (a side of the battle)
/// plays, to choose from (`ptg serve`'s form): none when the campaign does not play the option.
pub(super) fn objectives_of(cat: &Catalogue, pack: &Battlepack, roster: &Roster) -> Result<Vec<Objective>> {
    let Ok(option) = sudden_death_option(pack, roster) else {
        return Ok(Vec::new());
    };
    Ok(cat.table(&option.table).map_err(refusal)?.objectives.clone())
}
