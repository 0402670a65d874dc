//! The campaign options a battlepack offers (its `[options]` tables), realms
//! (`data/realms/*.toml`) and the tables those options roll on or pick from
//! (`data/tables/*.toml`: triumph tables, the sudden death table). Facts and numbers only; the
//! rules that use them are in `rules::options` and the battle and aftermath rules.

use super::dice::DiceExpr;
use crate::names::SameName;
use serde::{Deserialize, Serialize};

/// The options a campaign of this battlepack may turn on; one left out cannot be.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackOptions {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub realms: Option<RealmsOption>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub favour: Option<FavourOption>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub triumphs: Option<TriumphsOption>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sudden_death: Option<SuddenDeathOption>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allies: Option<AlliesOption>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retire_warlord: Option<ClubChoice>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub endure_at_end: Option<ClubChoice>,
}

/// An option that only settles how a club reads a rule (`docs/RULES.md`): no numbers of its own.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClubChoice {}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RealmsOption {}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FavourOption {}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TriumphsOption {
    /// Ids of the triumph tables a campaign may pick (`triumphs=2e`).
    pub tables: Vec<String>,
    /// The table `--option triumphs` alone picks.
    pub default: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuddenDeathOption {
    /// Id of the sudden death table.
    pub table: String,
    /// `[a, b]`: an army outnumbers the other when it has at least a models for every b
    /// (a third more: [4, 3]).
    pub outnumber: [u32; 2],
    /// The outnumbered side's result when it achieves its objective.
    pub achieved: String,
    /// The result of the side that lost the smaller share of its models.
    pub casualties: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AlliesOption {
    /// At most one allied unit in every `one_in` units (4).
    pub one_in: u32,
}

impl PackOptions {
    pub(super) fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(t) = &self.triumphs
            && !t.tables.iter().any(|id| id.same_name(&t.default))
        {
            out.push(format!(
                "options.triumphs.default: '{}' is not one of its tables",
                t.default
            ));
        }
        if let Some(s) = &self.sudden_death {
            if s.outnumber[1] == 0 || s.outnumber[0] <= s.outnumber[1] {
                out.push("options.sudden_death.outnumber: needs [a, b] with a > b > 0".into());
            }
            for (field, value) in [("achieved", &s.achieved), ("casualties", &s.casualties)] {
                if !["major_victory", "minor_victory"].contains(&value.as_str()) {
                    out.push(format!(
                        "options.sudden_death.{field}: '{value}' is not a result (major_victory, minor_victory)"
                    ));
                }
            }
        }
        if self.allies.as_ref().is_some_and(|a| a.one_in < 2) {
            out.push("options.allies.one_in: must be 2 or more".into());
        }
        if self.endure_at_end.is_some() && self.sudden_death.is_none() {
            out.push("options.endure_at_end: needs options.sudden_death".into());
        }
        if self.favour.is_some() && self.realms.is_none() {
            out.push("options.favour: needs options.realms (favour is won in a realm)".into());
        }
        out
    }
}

/// A realm a battle can be fought in: a Mortal Realm, or a Chaos-tainted region with its own
/// favour and triumph rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Realm {
    pub name: String,
    /// Other names players use ("Realm of Fire").
    #[serde(default)]
    pub aliases: Vec<String>,
    /// "mortal-realm" or "chaos-region" (shown, not used by any rule).
    #[serde(default)]
    pub kind: String,
    /// Its battle rules, in our own words.
    pub summary: String,
    /// Where a battle there is fought, as players say it: "on Mount Hedon", "on the Crystalline
    /// Shores". Left out: "in" and the name ("in Aqshy").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phrase: Option<String>,
    /// Id of a triumph table a major victory here lets the winner roll on instead of the
    /// campaign's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub triumph_table: Option<String>,
    /// Favour this realm's god grants and takes (option `favour`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub favour: Option<Favour>,
}

impl Realm {
    /// Whether `wanted` names this realm: its name or an alias.
    pub fn answers_to(&self, wanted: &str) -> bool {
        self.name.same_name(wanted.trim()) || self.aliases.iter().any(|a| a.same_name(wanted.trim()))
    }

    /// "on Mount Hedon", "in Aqshy": where a battle here is fought, in players' words.
    pub fn phrase(&self) -> String {
        match &self.phrase {
            Some(p) => p.trim().to_string(),
            None => format!("in {}", self.name),
        }
    }

    pub(super) fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.name.trim().is_empty() {
            out.push("name: a realm needs a name".into());
        }
        if self.phrase.as_ref().is_some_and(|p| p.trim().is_empty()) {
            out.push("phrase: leave it out for \"in NAME\", or say where, e.g. \"on Mount Hedon\"".into());
        }
        if let Some(f) = &self.favour {
            if f.god.trim().is_empty() {
                out.push("favour.god: name the god whose favour this is".into());
            }
            if DiceExpr::parse(&f.defeat).is_none() {
                out.push(format!("favour.defeat: '{}' is not dice (e.g. \"D3\")", f.defeat));
            }
        }
        out
    }
}

/// Favour at a realm: a roster of the god's factions gains `victory` points for a victory
/// there and loses `defeat` (a dice expression) for a loss, never going below `minimum`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Favour {
    /// The god's keyword, e.g. "SLAANESH".
    pub god: String,
    /// Factions whose rosters belong to the god (a roster whose warlord has the god's keyword
    /// does too).
    #[serde(default)]
    pub factions: Vec<String>,
    pub victory: u32,
    pub defeat: String,
    #[serde(default)]
    pub minimum: u32,
}

/// A table from `data/tables/`: a triumph table (rolled) or the sudden death table (picked).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    /// Short id used on the command line and in options, e.g. "1e".
    pub id: String,
    pub name: String,
    pub kind: TableKind,
    /// The dice a rolled table uses, e.g. "D6".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<String>,
    /// The realm whose own table this is (rolled instead of the campaign's after a major
    /// victory there).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub realm: Option<String>,
    /// A rolled table's results.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entries: Vec<TableEntry>,
    /// The sudden death table's objectives.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objectives: Vec<Objective>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TableKind {
    Triumph,
    SuddenDeath,
}

/// One result of a rolled table: the dice results that give it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableEntry {
    pub rolls: Vec<u32>,
    pub name: String,
    pub summary: String,
    /// When the roll is made again instead of giving this result, if ever.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reroll: Option<Reroll>,
}

/// A result re-rolled when every unit of the army with the keywords `every` already has the
/// keywords `has` (Gift of Sorcery: every HERO is already a WIZARD), so it would give nothing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reroll {
    /// The units looked at: those with every one of these keywords, e.g. ["HERO"].
    pub every: Vec<String>,
    /// Re-rolled when each of them has every one of these keywords, e.g. ["WIZARD"].
    pub has: Vec<String>,
}

/// A sudden death objective and what must be picked for it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Objective {
    pub name: String,
    pub summary: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Target>,
    /// The battle round at whose end it is judged, when it names one (Endure: the sixth).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
}

/// What an objective needs picked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Target {
    pub picked_by: PickedBy,
    pub kind: TargetKind,
    /// A unit with any of these keywords (any unit when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<String>,
    /// A unit of at least this many models.
    #[serde(default)]
    pub min_models: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PickedBy {
    /// The outnumbering (enemy) player picks.
    Opponent,
    /// The outnumbered player picks.
    #[serde(rename = "self")]
    Own,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TargetKind {
    Unit,
    Terrain,
}

impl Table {
    /// The entry a dice result gives.
    pub fn entry(&self, roll: u32) -> Option<&TableEntry> {
        self.entries.iter().find(|e| e.rolls.contains(&roll))
    }

    /// The dice rolled on this table (D6 when the file does not say).
    pub fn dice_expr(&self) -> DiceExpr {
        self.dice
            .as_deref()
            .and_then(DiceExpr::parse)
            .unwrap_or(DiceExpr {
                count: 1,
                sides: 6,
                modifier: 0,
            })
    }

    pub fn objective(&self, name: &str) -> Option<&Objective> {
        self.objectives.iter().find(|o| o.name.same_name(name.trim()))
    }

    pub(super) fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        match self.kind {
            TableKind::Triumph => {
                let expr = match self.dice.as_deref().map(DiceExpr::parse) {
                    Some(Some(e)) => e,
                    Some(None) => {
                        out.push("dice: not dice (e.g. \"D6\")".into());
                        return out;
                    }
                    None => {
                        out.push("dice: a triumph table says which dice it rolls (\"D6\")".into());
                        return out;
                    }
                };
                let (low, high) = expr.range();
                if high - low > 100 {
                    out.push("dice: a triumph table rolls at most 100 different results".into());
                    return out;
                }
                for n in low..=high {
                    let n = u32::try_from(n).unwrap_or(0);
                    match self.entries.iter().filter(|e| e.rolls.contains(&n)).count() {
                        1 => {}
                        0 => out.push(format!("entries: no entry for a roll of {n}")),
                        _ => out.push(format!("entries: more than one entry for a roll of {n}")),
                    }
                }
                for e in &self.entries {
                    if let Some(r) = &e.reroll
                        && (r.every.is_empty()
                            || r.has.is_empty()
                            || r.every.iter().chain(&r.has).any(|k| k.trim().is_empty()))
                    {
                        out.push(format!(
                            "entries: {}'s reroll names the units looked at (every) and what they all have (has), as keywords",
                            e.name
                        ));
                    }
                }
                if self.entries.iter().all(|e| e.reroll.is_some()) {
                    out.push("entries: every result is re-rolled, so a roll could give none".into());
                }
                let cannot = |r: &u32| i64::from(*r) < low || i64::from(*r) > high;
                if let Some(e) = self.entries.iter().find(|e| e.rolls.iter().any(cannot)) {
                    out.push(format!(
                        "entries: {} has a roll {} cannot give",
                        e.name,
                        self.dice.as_deref().unwrap_or("")
                    ));
                }
            }
            TableKind::SuddenDeath => {
                if self.objectives.is_empty() {
                    out.push("objectives: a sudden death table needs objectives".into());
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::parse::{DataError, parse_table};

    fn table(rerolls: &str) -> Result<Table, DataError> {
        let text = format!(
            "id = \"club\"\nname = \"Club Triumphs\"\nkind = \"triumph\"\ndice = \"D3\"\n\
             [[entries]]\nrolls = [1, 2]\nname = \"Gift\"\nsummary = \"A gift.\"\n{rerolls}\n\
             [[entries]]\nrolls = [3]\nname = \"Plain\"\nsummary = \"Plain.\"\n"
        );
        parse_table("club.toml", &text)
    }

    #[test]
    fn a_tables_re_roll_is_read_and_checked() {
        let t = table("reroll = { every = [\"HERO\"], has = [\"WIZARD\"] }").unwrap();
        let gift = t.entry(1).unwrap();
        assert_eq!(
            gift.reroll,
            Some(Reroll {
                every: vec!["HERO".into()],
                has: vec!["WIZARD".into()]
            })
        );
        assert_eq!(t.entry(3).unwrap().reroll, None);
        let err = table("reroll = { every = [\"HERO\"], has = [] }").unwrap_err();
        assert!(
            err.to_string()
                .contains("Gift's reroll names the units looked at"),
            "{err}"
        );
        let err = table("reroll = { every = [\"HERO\"], is = [\"WIZARD\"] }").unwrap_err();
        assert!(err.to_string().contains("club.toml"), "{err}");
    }
}
