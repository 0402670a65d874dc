//! The campaign options in force: which of the older narrative rules a campaign plays
//! (`ptg campaign new --option realms,favour,...`, `ptg campaign set --option triumphs=off`).
//! The battlepack says which options exist and their numbers (`catalogue::PackOptions`); this
//! is what a campaign chose, and the rule for reading what a player typed.

use super::standings::StandingsRule;
use super::{RuleError, refuse};
use crate::catalogue::PackOptions;
use crate::fix::{Fix, Input};
use crate::names::SameName;
use serde::{Deserialize, Serialize};

/// The options a campaign turned on; everything off is the Ascension battlepack alone.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignOptions {
    #[serde(default, skip_serializing_if = "is_false")]
    pub realms: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub favour: bool,
    /// The triumph table's id ("1e", "2e"), when triumphs are on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub triumphs: Option<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub sudden_death: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub allies: bool,
    /// Club choice: the warlord may be retired in an aftermath when the player names the HERO
    /// who leads the roster from then on (`aftermath --retire W --warlord NEW`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub retire_warlord: bool,
    /// Club choice: a sudden death objective judged at the end of a battle round these battles
    /// never reach (Endure's sixth) is judged at the end of the battle instead.
    #[serde(default, skip_serializing_if = "is_false")]
    pub endure_at_end: bool,
    /// How the league table is sorted (`--standings`): a setting of the campaign, not a rule
    /// of play, kept here so `campaign set` and its undo carry it with the options.
    #[serde(default, skip_serializing_if = "is_default_rule")]
    pub standings: StandingsRule,
}

fn is_default_rule(r: &StandingsRule) -> bool {
    *r == StandingsRule::default()
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The options' names as players type them, in the order they are shown.
pub const NAMES: [&str; 7] = [
    "realms",
    "favour",
    "triumphs",
    "sudden-death",
    "allies",
    "retire-warlord",
    "endure-at-end",
];

impl CampaignOptions {
    /// No rule option on (the standings rule is a setting, not an option).
    pub fn is_empty(&self) -> bool {
        self.in_force().is_empty()
    }

    /// Each option in force, as (name, value): "on" or the triumph table's id.
    pub fn in_force(&self) -> Vec<(&'static str, String)> {
        let on = |b: bool| b.then(|| "on".to_string());
        [
            on(self.realms),
            on(self.favour),
            self.triumphs.clone(),
            on(self.sudden_death),
            on(self.allies),
            on(self.retire_warlord),
            on(self.endure_at_end),
        ]
        .into_iter()
        .zip(NAMES)
        .filter_map(|(v, name)| v.map(|v| (name, v)))
        .collect()
    }

    /// Option `name`'s value now: "off", "on", or the triumph table's id.
    pub fn value_of(&self, name: &str) -> String {
        self.in_force()
            .into_iter()
            .find(|(n, _)| *n == name)
            .map_or_else(|| "off".to_string(), |(_, v)| v)
    }

    /// The options `pack` offers, each with the values one may pick ("off", "on", or for
    /// triumphs each table's id), in the order they are shown: what a form lists.
    pub fn offered(pack: &PackOptions) -> Vec<(&'static str, Vec<String>)> {
        let on_off = || vec!["off".to_string(), "on".to_string()];
        let mut out = Vec::new();
        for name in NAMES {
            let values = match name {
                "realms" => pack.realms.as_ref().map(|_| on_off()),
                "favour" => pack.favour.as_ref().map(|_| on_off()),
                "triumphs" => pack.triumphs.as_ref().map(|t| {
                    std::iter::once("off".to_string())
                        .chain(t.tables.iter().cloned())
                        .collect()
                }),
                "sudden-death" => pack.sudden_death.as_ref().map(|_| on_off()),
                "allies" => pack.allies.as_ref().map(|_| on_off()),
                "retire-warlord" => pack.retire_warlord.as_ref().map(|_| on_off()),
                _ => pack.endure_at_end.as_ref().map(|_| on_off()),
            };
            if let Some(values) = values {
                out.push((name, values));
            }
        }
        out
    }

    /// "realms, triumphs (1e)" or "none", as `campaign show` and history word them.
    pub fn words(&self) -> String {
        let all = self.in_force();
        if all.is_empty() {
            return "no options".into();
        }
        all.iter()
            .map(|(name, v)| match v.as_str() {
                "on" => name.to_string(),
                table => format!("{name} ({table})"),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The options with each of `specs` applied in turn: `realms` or `realms=on` turns an
    /// option on, `realms=off` off, `triumphs=2e` picks a triumph table. Refuses an option or
    /// table the battlepack does not offer, and favour without realms.
    pub fn with(
        &self,
        pack: &PackOptions,
        pack_name: &str,
        specs: &[String],
    ) -> Result<CampaignOptions, RuleError> {
        let mut out = self.clone();
        for spec in specs
            .iter()
            .flat_map(|s| s.split(','))
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            let (name, value) = match spec.split_once('=') {
                Some((n, v)) => (n.trim(), Some(v.trim())),
                None => (spec, None),
            };
            let off = value.is_some_and(|v| v.same_name("off"));
            let on = value.is_none_or(|v| v.same_name("on"));
            let Some(option) = NAMES
                .iter()
                .find(|n| n.same_name(name) || n.replace('-', "_").same_name(name))
            else {
                return refuse(
                    "campaign options",
                    format!(
                        "'{name}' is not a campaign option; the options are {}",
                        NAMES.join(", ")
                    ),
                );
            };
            let offered = match *option {
                "realms" => pack.realms.is_some(),
                "favour" => pack.favour.is_some(),
                "triumphs" => pack.triumphs.is_some(),
                "sudden-death" => pack.sudden_death.is_some(),
                "allies" => pack.allies.is_some(),
                "retire-warlord" => pack.retire_warlord.is_some(),
                _ => pack.endure_at_end.is_some(),
            };
            if !offered && !off {
                return refuse(
                    "campaign options",
                    format!(
                        "{pack_name} does not offer the option '{option}' (its data file has no [options] table for it)"
                    ),
                );
            }
            let flag = |v: Option<&str>| -> Result<bool, RuleError> {
                if off {
                    return Ok(false);
                }
                if on {
                    return Ok(true);
                }
                refuse(
                    "campaign options",
                    format!(
                        "'{}' is not a value of '{option}'; use {option}=on or {option}=off",
                        v.unwrap_or("")
                    ),
                )
            };
            match *option {
                "realms" => out.realms = flag(value)?,
                "favour" => out.favour = flag(value)?,
                "sudden-death" => out.sudden_death = flag(value)?,
                "allies" => out.allies = flag(value)?,
                "retire-warlord" => out.retire_warlord = flag(value)?,
                "endure-at-end" => out.endure_at_end = flag(value)?,
                _ => out.triumphs = triumph_table(pack, value, off)?,
            }
        }
        if out.favour && !out.realms {
            return Err(RuleError::new(
                "campaign options",
                "favour is won and lost in a realm, so it needs the option 'realms' too",
            )
            .fix(Fix::set(Input::Option, "realms")));
        }
        if out.endure_at_end && !out.sudden_death {
            return Err(RuleError::new(
                "campaign options",
                "endure-at-end says when a sudden death objective is judged, so it needs the option 'sudden-death' too",
            )
            .fix(Fix::set(Input::Option, "sudden-death")));
        }
        Ok(out)
    }
}

/// The triumph table `triumphs=VALUE` picks: the battlepack's default for `on` or no value,
/// none for `off`, else one of the tables it offers.
fn triumph_table(pack: &PackOptions, value: Option<&str>, off: bool) -> Result<Option<String>, RuleError> {
    let Some(t) = &pack.triumphs else {
        return Ok(None);
    };
    if off {
        return Ok(None);
    }
    match value {
        None => Ok(Some(t.default.clone())),
        Some(v) if v.same_name("on") => Ok(Some(t.default.clone())),
        Some(v) => match t.tables.iter().find(|id| id.same_name(v)) {
            Some(id) => Ok(Some(id.clone())),
            None => refuse(
                "campaign options",
                format!(
                    "'{v}' is not a triumph table of this battlepack; use triumphs={} or triumphs=off",
                    t.tables.join(", triumphs=")
                ),
            ),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Catalogue;

    #[test]
    fn every_offered_value_is_one_with_accepts_and_value_of_reads_back() {
        let pack = pack();
        let offered = CampaignOptions::offered(&pack);
        assert_eq!(
            offered.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
            NAMES.to_vec(),
            "the Ascension battlepack offers every option"
        );
        for (name, values) in &offered {
            for v in values {
                // favour needs realms, as the rule says; endure-at-end needs sudden death.
                let specs = vec![
                    "realms=on".to_string(),
                    "sudden-death=on".to_string(),
                    format!("{name}={v}"),
                ];
                let set = CampaignOptions::default()
                    .with(&pack, "Ascension", &specs)
                    .unwrap();
                assert_eq!(set.value_of(name), *v, "{name}={v}");
            }
        }
        assert_eq!(CampaignOptions::default().value_of("allies"), "off");
    }

    fn pack() -> PackOptions {
        Catalogue::bundled()
            .unwrap()
            .battlepack("ascension")
            .unwrap()
            .options
            .clone()
    }

    fn with(specs: &[&str]) -> Result<CampaignOptions, RuleError> {
        let specs: Vec<String> = specs.iter().map(|s| s.to_string()).collect();
        CampaignOptions::default().with(&pack(), "Ascension", &specs)
    }

    #[test]
    fn every_option_turns_on_from_one_list() {
        let o = with(&["realms,favour,triumphs,sudden-death,allies,retire-warlord,endure-at-end"]).unwrap();
        assert!(o.realms && o.favour && o.sudden_death && o.allies);
        assert!(o.retire_warlord && o.endure_at_end);
        assert_eq!(o.triumphs.as_deref(), Some("1e"));
        assert_eq!(
            o.words(),
            "realms, favour, triumphs (1e), sudden-death, allies, retire-warlord, endure-at-end"
        );
    }

    #[test]
    fn options_turn_off_and_tables_change() {
        let o = with(&["realms,triumphs=2e", "triumphs=off", "allies=on"]).unwrap();
        assert_eq!(o.triumphs, None);
        assert!(o.realms && o.allies);
        assert_eq!(with(&["triumphs=2E"]).unwrap().triumphs.as_deref(), Some("2e"));
        assert!(with(&[]).unwrap().is_empty());
    }

    #[test]
    fn unknown_options_tables_and_favour_alone_are_refused() {
        assert!(
            with(&["glory"])
                .unwrap_err()
                .message
                .contains("options are realms")
        );
        assert!(
            with(&["triumphs=3e"])
                .unwrap_err()
                .message
                .contains("triumphs=1e, triumphs=2e")
        );
        assert!(
            with(&["favour"])
                .unwrap_err()
                .message
                .contains("needs the option 'realms'")
        );
        assert!(
            with(&["endure-at-end"])
                .unwrap_err()
                .message
                .contains("needs the option 'sudden-death'")
        );
        assert!(
            with(&["allies=maybe"])
                .unwrap_err()
                .message
                .contains("allies=on or allies=off")
        );
    }

    #[test]
    fn a_battlepack_without_an_option_refuses_it() {
        let none = PackOptions::default();
        let err = CampaignOptions::default()
            .with(&none, "Homebrew", &["allies".to_string()])
            .unwrap_err();
        assert!(
            err.message
                .contains("Homebrew does not offer the option 'allies'")
        );
    }
}
