//! The state the rules look at: a roster as plain data, loaded by the store.

use crate::catalogue::battlepack::QuestReward;
use crate::catalogue::{EnhancementKind, LoreKind, Warscroll};
use crate::names::SameName;
use crate::rules::options::CampaignOptions;
use serde::{Deserialize, Serialize};

/// A unit joining the Order of Battle, with the battle-profile facts it joins with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NewUnit {
    pub warscroll: String,
    pub name: Option<String>,
    pub points: u32,
    pub unit_size: u32,
    pub reinforceable: bool,
    pub keywords: Vec<String>,
    pub warlord: bool,
    /// An allied unit: the faction it comes from (option `allies`); `None` for the roster's
    /// own faction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ally: Option<String>,
}

impl NewUnit {
    /// A warscroll joining at minimum size, with an optional name of the player's own.
    pub fn from_warscroll(w: &crate::catalogue::Warscroll, name: Option<&str>, warlord: bool) -> NewUnit {
        NewUnit {
            warscroll: w.name.clone(),
            name: name.map(|n| n.trim().to_string()).filter(|n| !n.is_empty()),
            points: w.points,
            unit_size: w.unit_size,
            reinforceable: w.reinforceable,
            keywords: w.keywords.clone(),
            warlord,
            ally: None,
        }
    }
}

/// One player's Path to Glory roster.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Roster {
    pub id: i64,
    pub name: String,
    pub player: String,
    pub faction: String,
    pub campaign: String,
    pub glory: i64,
    /// False until the roster's first battle; until then units join freely (set-up).
    pub setup_complete: bool,
    /// Whether its campaign allows Legends warscrolls (`ptg campaign set --legends`): loaded
    /// with the roster because every rule about a unit joining needs it.
    pub legends_allowed: bool,
    /// The campaign's options in force (realms, favour, triumphs, sudden death, allies),
    /// loaded with the roster as `legends_allowed` is.
    pub options: CampaignOptions,
    /// Favour points (option `favour`, SLAANESH and TZEENTCH rosters).
    pub favour: u32,
    pub units: Vec<Unit>,
    pub tome: Vec<TomeEntry>,
    pub quest: Option<QuestState>,
    pub completed_quests: Vec<String>,
    /// Rewards earned but not yet picked (e.g. the artefact of a completed quest).
    pub rewards: Vec<RewardDue>,
}

/// A reward the roster is owed: the player picks what it is (`roster enhance`, `roster lore add`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RewardDue {
    pub id: i64,
    pub reward: QuestReward,
    /// What earned it, e.g. "Search for the Artefact".
    pub source: String,
    /// The unit it must go to, if the reward names one.
    pub unit: Option<i64>,
}

/// A unit on the Order of Battle, with the battle-profile facts recorded when it joined. Read
/// back from the log too: a starting unit removed at set-up is logged whole, for its undo.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub id: i64,
    pub warscroll: String,
    /// The player's own name for the unit, if any.
    pub name: Option<String>,
    /// Points at minimum size; a reinforced unit costs twice this.
    pub points: u32,
    /// Minimum unit size in models.
    pub unit_size: u32,
    pub reinforceable: bool,
    pub reinforced: bool,
    pub keywords: Vec<String>,
    pub warlord: bool,
    pub renown: u32,
    pub rank: Option<String>,
    pub path: Option<String>,
    /// Path abilities chosen, as (rank, ability id).
    pub abilities: Vec<(String, String)>,
    pub enhancements: Vec<Enhancement>,
    pub retired: bool,
    /// The faction an allied unit comes from (option `allies`); `None` for the roster's own.
    pub ally: Option<String>,
}

impl Unit {
    /// The unit as first added: minimum size, no history.
    pub fn new(id: i64, w: &Warscroll) -> Unit {
        Unit::joining(id, &NewUnit::from_warscroll(w, None, false))
    }

    /// The unit a `Change::AddUnit` brings onto the Order of Battle.
    pub fn joining(id: i64, n: &NewUnit) -> Unit {
        Unit {
            id,
            warscroll: n.warscroll.clone(),
            name: n.name.clone(),
            points: n.points,
            unit_size: n.unit_size,
            reinforceable: n.reinforceable,
            reinforced: false,
            keywords: n.keywords.clone(),
            warlord: n.warlord,
            renown: 0,
            rank: None,
            path: None,
            abilities: Vec::new(),
            enhancements: Vec::new(),
            retired: false,
            ally: n.ally.clone(),
        }
    }

    /// Points this unit costs as it stands (twice when reinforced). Wide, so that a unit
    /// recorded with absurd points (from a data file before they were checked) cannot wrap a
    /// sum and slip under a points limit.
    pub fn cost(&self) -> u64 {
        let points = u64::from(self.points);
        if self.reinforced { points * 2 } else { points }
    }

    /// Models in the unit as it stands.
    pub fn models(&self) -> u32 {
        if self.reinforced {
            self.unit_size * 2
        } else {
            self.unit_size
        }
    }

    pub fn has_keyword(&self, keyword: &str) -> bool {
        self.keywords
            .iter()
            .any(|k| crate::catalogue::faction::keyword_matches(k, keyword))
    }

    /// The name players call it by: the custom name, else the warscroll.
    pub fn display_name(&self) -> &str {
        self.name.as_deref().unwrap_or(&self.warscroll)
    }

    /// "Dawn Guard (Liberators)" or "Liberators", with its id, for messages.
    pub fn label(&self) -> String {
        match &self.name {
            Some(n) => format!("{n} ({}, #{})", self.warscroll, self.id),
            None => format!("{} (#{})", self.warscroll, self.id),
        }
    }
}

/// An enhancement held by a unit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Enhancement {
    pub table: String,
    pub kind: EnhancementKind,
    pub name: String,
}

/// A spell, prayer or manifestation in the roster's Arcane Tome.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TomeEntry {
    pub kind: LoreKind,
    pub name: String,
    /// The faction lore it was taken from.
    pub lore: String,
    pub value: Option<u32>,
    /// Marked 'Wild' by the Harness Manifestation quest until that quest is completed.
    pub wild: bool,
}

/// The roster's current quest.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QuestState {
    pub quest: String,
    pub points: u32,
    pub unit: Option<i64>,
    /// When it was embarked on: it counts battles fought after that only.
    #[serde(skip)]
    pub since: Option<super::campaign_time::CampaignTime>,
}

impl Roster {
    /// Units still on the Order of Battle (not retired).
    pub fn active_units(&self) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(|u| !u.retired)
    }

    pub fn warlord(&self) -> Option<&Unit> {
        self.units.iter().find(|u| u.warlord)
    }

    pub fn unit(&self, id: i64) -> Option<&Unit> {
        self.units.iter().find(|u| u.id == id)
    }

    /// Points of the Order of Battle as it stands (wide: see [`Unit::cost`]).
    pub fn points(&self) -> u64 {
        self.active_units().map(Unit::cost).sum()
    }

    pub fn tome(&self, kind: LoreKind) -> impl Iterator<Item = &TomeEntry> {
        self.tome.iter().filter(move |e| e.kind == kind)
    }
}

impl Roster {
    /// The unit a user named: by id ("7" or "#7"), else by custom name or warscroll when that
    /// names exactly one unit on the Order of Battle.
    pub fn find_unit(&self, wanted: &str) -> Result<&Unit, super::RuleError> {
        let w = wanted.trim();
        if let Some(u) = w
            .trim_start_matches('#')
            .parse::<i64>()
            .ok()
            .and_then(|id| self.unit(id))
        {
            return Ok(u);
        }
        let by = |f: &dyn Fn(&Unit) -> bool| self.units.iter().filter(|u| f(u)).collect::<Vec<_>>();
        let mut found = by(&|u| u.name.as_deref().is_some_and(|n| n.same_name(w)));
        if found.is_empty() {
            found = by(&|u| u.warscroll.same_name(w));
        }
        if found.len() > 1 {
            let active: Vec<_> = found.iter().copied().filter(|u| !u.retired).collect();
            if active.len() == 1 {
                return Ok(active[0]);
            }
        }
        match found.as_slice() {
            [one] => Ok(one),
            [] => Err(super::RuleError::new(
                "units",
                format!(
                    "{} on {}",
                    crate::names::unknown(
                        "unit",
                        w,
                        self.units.iter().flat_map(|u| u
                            .name
                            .as_deref()
                            .into_iter()
                            .chain([u.warscroll.as_str()]))
                    ),
                    self.name,
                ),
            )
            .fix(crate::fix::Fix::act(crate::fix::Action::ReadRoster {
                roster: self.name.clone(),
            }))),
            many => Err(super::RuleError::new(
                "units",
                format!(
                    "'{w}' names {} units on {}: {}; use the unit's id",
                    many.len(),
                    self.name,
                    many.iter().map(|u| u.label()).collect::<Vec<_>>().join(", ")
                ),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_sums_are_wide_and_never_wrap() {
        let w = Warscroll {
            name: "Colossus".into(),
            id: String::new(),
            points: 2_147_483_648,
            unit_size: 1,
            reinforceable: true,
            keywords: Vec::new(),
            ..Default::default()
        };
        let mut big = Unit::new(1, &w);
        big.reinforced = true;
        assert_eq!(big.cost(), 4_294_967_296);
        let roster = Roster {
            id: 1,
            name: "Giants".into(),
            player: "Ana".into(),
            faction: "Giant Host".into(),
            campaign: "Vale".into(),
            glory: 0,
            setup_complete: false,
            legends_allowed: false,
            options: Default::default(),
            favour: 0,
            units: vec![big.clone(), Unit { id: 2, ..big }],
            tome: Vec::new(),
            quest: None,
            completed_quests: Vec::new(),
            rewards: Vec::new(),
        };
        assert_eq!(roster.points(), 8_589_934_592);
    }
}
