//! A battle as `ptg battle show --json` shows it and the server's API and pages read it.

use crate::catalogue::battlepack::{BattlefieldSize, Battleplan};
use crate::error::Result;
use crate::ops::battle::Shown;
use crate::rules::army::Allegiance;
use crate::rules::battle::{Battle, DecidedBy, Standing};
use crate::rules::dice::Roll;
use serde::Serialize;

#[derive(Serialize)]
struct BattleView<'a> {
    #[serde(flatten)]
    battle: &'a Battle,
    battlefield: Option<&'a BattlefieldSize>,
    battleplan_details: Option<&'a Battleplan>,
    /// The realm's battle rules in our words, when it is fought in one.
    #[serde(skip_serializing_if = "Option::is_none")]
    realm_rules: Option<&'a str>,
    /// Where it is fought, in players' words: "on Mount Hedon", "in Aqshy".
    #[serde(skip_serializing_if = "Option::is_none")]
    realm_phrase: Option<String>,
    /// What the picker of roles chooses between: "attacker or ritualist".
    #[serde(skip_serializing_if = "Option::is_none")]
    roles_choice: Option<String>,
    /// Option sudden-death: the armies' models and who is outnumbered.
    #[serde(skip_serializing_if = "Option::is_none")]
    models: Option<&'a Standing>,
    /// "decided by sudden death: ..." or "decided by casualties: ...".
    #[serde(skip_serializing_if = "Option::is_none")]
    decided: Option<String>,
    #[serde(skip_serializing_if = "<[Roll]>::is_empty")]
    rolls: &'a [Roll],
    /// Each army's allegiance (option `allies` only).
    #[serde(skip_serializing_if = "<[Allegiance]>::is_empty")]
    allegiances: &'a [Allegiance],
    /// Both generals' renown as they stand (what decides roles until the result).
    #[serde(skip_serializing_if = "Option::is_none")]
    generals_renown: Option<[u32; 2]>,
    /// What the command that shows it wants the players to know.
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    notes: &'a [String],
}

/// The battle as `--json` shows it, and the server's API gives it.
pub fn view(shown: &Shown) -> Result<serde_json::Value> {
    let b = &shown.battle;
    Ok(serde_json::to_value(BattleView {
        battle: b,
        battlefield: shown.battlefield,
        battleplan_details: shown.plan,
        realm_rules: shown.realm.map(|r| r.summary.as_str()),
        realm_phrase: shown.realm.map(|r| r.phrase()),
        roles_choice: shown.plan.map(|p| p.roles_choice()),
        models: shown.standing.as_ref(),
        decided: decision_words(b),
        rolls: &shown.rolls,
        allegiances: &shown.allegiances,
        generals_renown: shown.generals_renown,
        notes: &shown.notes,
    })?)
}

/// "decided by casualties: Hammers lost 6 of 20 (30%), Rats 12 of 24 (50%)" or "decided by
/// sudden death (Assassinate)", for `battle show` and the summary in the log.
pub fn decision_words(battle: &Battle) -> Option<String> {
    let first = battle.sides.first()?.decision.as_ref()?;
    match first.by {
        DecidedBy::SuddenDeath => {
            let objective = battle
                .sides
                .iter()
                .find_map(|s| {
                    Some(format!(
                        "{} achieved {}",
                        s.roster,
                        s.sudden_death.as_ref()?.objective
                    ))
                })
                .unwrap_or_default();
            Some(format!("decided by sudden death: {objective}"))
        }
        DecidedBy::Casualties => {
            let parts: Vec<String> = battle
                .sides
                .iter()
                .enumerate()
                .filter_map(|(i, s)| {
                    let d = s.decision.as_ref()?;
                    let (lost, set_up) = (d.models_lost?, d.models_set_up?);
                    let percent = (u64::from(lost) * 100 + u64::from(set_up) / 2) / u64::from(set_up.max(1));
                    let added = d
                        .models_added
                        .filter(|a| *a > 0)
                        .map(|a| format!(", {a} added"))
                        .unwrap_or_default();
                    Some(format!(
                        "{}{} {lost} of {set_up} ({percent}%{added})",
                        s.roster,
                        if i == 0 { " lost" } else { "" }
                    ))
                })
                .collect();
            Some(format!("decided by casualties: {}", parts.join(", ")))
        }
    }
}
