//! The warlord: the rules a roster's leader must meet, and the warlord a new roster starts with.

use super::tome::grant_starting_picks;
use super::units::find_warscroll;
use super::warscrolls::{Allowed, check_may_join, check_unlocks};
use crate::catalogue::Faction;
use crate::catalogue::battlepack::Battlepack;
use crate::names::SameName;
use crate::rules::change::{Change, NewUnit, Outcome, UnitRef};
use crate::rules::model::Unit;
use crate::rules::renown::{check_path, find_ability, find_path, ranks_crossed};
use crate::rules::{RuleError, refuse};

/// The player's choices for a new roster's warlord.
#[derive(Debug, Clone)]
pub struct WarlordChoice<'a> {
    pub warscroll: &'a str,
    pub name: Option<&'a str>,
    pub path: &'a str,
    pub ability: &'a str,
}

/// Every way `unit` fails the warlord rules: a single-model, non-UNIQUE HERO costing no
/// more than the battlepack's cap (unless the faction is exempt).
pub(crate) fn warlord_problems(pack: &Battlepack, faction: &Faction, unit: &Unit) -> Vec<RuleError> {
    let name = unit.display_name();
    let limits = &pack.roster;
    let exempt = limits
        .warlord_points_exempt_factions
        .iter()
        .any(|f| f.same_name(&faction.name));
    let mut out = Vec::new();
    if !unit.has_keyword("HERO") {
        let fix = format!("pick a HERO of {} as warlord", faction.name);
        out.push(RuleError::new("warlord", format!("{name} is not a HERO; {fix}")));
    }
    if unit.has_keyword("UNIQUE") {
        let msg = format!("{name} is UNIQUE and cannot be a warlord; pick a HERO that is not UNIQUE");
        out.push(RuleError::new("warlord", msg));
    }
    if unit.unit_size != 1 {
        let msg = format!(
            "{name} is a unit of {} models; the warlord must be a single model",
            unit.unit_size
        );
        out.push(RuleError::new("warlord", msg));
    }
    if !exempt && unit.points > limits.warlord_max_points {
        let msg = format!(
            "{name} costs {} points; a warlord may cost at most {}; pick a cheaper HERO",
            unit.points, limits.warlord_max_points
        );
        out.push(RuleError::new("warlord points", msg));
    }
    out
}

/// The warscrolls of `faction` that may lead a new roster of a campaign that `allowed`: those
/// [`plan_warlord`] accepts, for a picker that offers only legal choices.
pub fn eligible_warlords<'f>(
    pack: &Battlepack,
    faction: &'f Faction,
    allowed: Allowed,
) -> Vec<&'f crate::catalogue::Warscroll> {
    faction
        .units
        .iter()
        .filter(|w| check_may_join(w, allowed).is_ok())
        .filter(|w| check_unlocks(faction, &[], &[w.name.as_str()]).is_ok())
        .filter(|w| warlord_problems(pack, faction, &Unit::new(0, w)).is_empty())
        .collect()
}

/// The warlord of a new roster, within what its campaign `allowed`: a single-model, non-UNIQUE HERO
/// of the faction within the points cap, starting with the first rank's renown, a Path and
/// that rank's ability.
pub fn plan_warlord(
    pack: &Battlepack,
    faction: &Faction,
    allowed: Allowed,
    choice: &WarlordChoice,
) -> Result<Outcome, RuleError> {
    let w = find_warscroll(faction, choice.warscroll)?;
    check_may_join(w, allowed)?;
    check_unlocks(faction, &[], &[w.name.as_str()])?;
    if let Some(name) = choice.name {
        crate::rules::names::check(crate::rules::names::NameKind::Unit, name)?;
    }
    if let Some(broken) = warlord_problems(pack, faction, &Unit::new(0, w))
        .into_iter()
        .next()
    {
        return Err(broken);
    }
    let mut unit = Unit::new(0, w);
    unit.warlord = true;
    let path = find_path(pack, choice.path)?;
    check_path(pack, path, &unit)?;
    let renown = pack.roster.warlord_starting_renown;
    let ranks = ranks_crossed(pack, 0, renown);
    let Some(first) = ranks.first() else {
        return refuse(
            "ranks",
            format!("the battlepack gives no rank at {renown} renown"),
        );
    };
    let ability = find_ability(path, &first.name, choice.ability)?;

    let me = UnitRef::New(0);
    let mut out = Outcome::new(format!("{} leads the roster as warlord", w.name));
    out.push(Change::AddUnit {
        unit: NewUnit::from_warscroll(w, choice.name, true),
    });
    out.push(Change::GainRenown {
        unit: me,
        amount: renown,
        reason: "a warlord starts with this renown".into(),
        roll: None,
    });
    for r in &ranks {
        out.push(Change::GainRank {
            unit: me,
            rank: r.name.clone(),
        });
    }
    out.push(Change::SetPath {
        unit: me,
        path: path.id.clone(),
    });
    out.push(Change::ChooseAbility {
        unit: me,
        rank: first.name.clone(),
        ability: ability.id.clone(),
        name: ability.name.clone(),
    });
    grant_starting_picks(&[], &mut out);
    Ok(out)
}
