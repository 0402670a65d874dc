//! How a [`Change`] reads in history: one line in players' words per change.

use super::Change;
use crate::catalogue::battlepack::QuestReward;
use crate::rules::quest::quest_points_words;

impl Change {
    /// A line for history: what changed, in players' words.
    pub fn describe(&self) -> String {
        match self {
            Change::AddUnit { unit } => {
                let name = unit
                    .name
                    .as_ref()
                    .map(|n| format!(" \"{n}\""))
                    .unwrap_or_default();
                let role = if unit.warlord { " as warlord" } else { "" };
                format!(
                    "{}{name} joined the Order of Battle{role} ({} pts)",
                    unit.warscroll, unit.points
                )
            }
            Change::Reinforce { .. } => "reinforced: twice the models, twice the points".into(),
            Change::GainRenown { amount, reason, .. } => format!("+{amount} renown ({reason})"),
            Change::QuestProgress {
                quest,
                points,
                reason,
            } => {
                format!("+{} for {quest} ({reason})", quest_points_words(*points))
            }
            Change::CompleteQuest { quest, .. } => format!("quest completed: {quest}"),
            Change::GrantReward { reward, source, .. } => {
                format!("earned {} ({source})", reward_words(*reward))
            }
            Change::ClaimReward { reward, source, .. } => {
                format!("used {} earned from {source}", reward_words(*reward))
            }
            Change::TameManifestation { name } => format!("{name} is no longer Wild"),
            Change::GainGlory { amount, reason } => format!("+{amount} glory ({reason})"),
            Change::SpendGlory { amount, reason } => format!("-{amount} glory ({reason})"),
            Change::GainFavour { amount, reason, .. } => format!("+{amount} favour ({reason})"),
            // A loss the floor cancels whole is no loss, not "-0".
            Change::LoseFavour {
                amount: 0, reason, ..
            } => format!("no favour lost ({reason})"),
            Change::LoseFavour { amount, reason, .. } => format!("-{amount} favour ({reason})"),
            Change::Retire { .. } => "retired from the Order of Battle".into(),
            Change::LeadRoster { .. } => "leads the roster as its warlord from now on".into(),
            Change::StepDown { .. } => "no longer the warlord".into(),
            Change::CompleteSetup => "first battle fought: set-up is over".into(),
            Change::RenameRoster { from, to } => format!("renamed from '{from}' to '{to}'"),
            Change::SetRealmOfOrigin { from, to } => match (to, from) {
                (Some(to), Some(from)) => format!("realm of origin: {to} (was {from})"),
                (Some(to), None) => format!("realm of origin: {to}"),
                (None, Some(from)) => format!("realm of origin cleared (was {from})"),
                (None, None) => "realm of origin cleared".into(),
            },
            Change::DeleteRoster => "roster deleted".into(),
            Change::RemoveStartingUnit { was, .. } => format!(
                "taken off the Order of Battle during set-up ({} pts{})",
                was.cost(),
                if was.reinforced { ", reinforced" } else { "" }
            ),
            Change::ForfeitReward { reward, source, .. } => format!(
                "no longer owed {} ({source}): the unit that brought it left",
                reward_words(*reward)
            ),
            Change::RemoveUnit { .. } => "taken off the Order of Battle (undone)".into(),
            Change::Unreinforce { .. } => "no longer reinforced".into(),
            Change::LoseRenown { amount, reason, .. } => format!("-{amount} renown ({reason})"),
            Change::SetRank { rank, .. } => format!("rank back to {}", rank.as_deref().unwrap_or("none")),
            Change::ClearPath { .. } => "Path cleared".into(),
            Change::RemoveAbility { rank, .. } => format!("{rank} ability removed"),
            Change::RemoveEnhancement { name, table, .. } => format!("{name} ({table}) removed"),
            Change::LoseQuestPoints { quest, points } => {
                format!("-{} for {quest}", quest_points_words(*points))
            }
            Change::ReopenQuest { quest, .. } => format!("quest reopened: {quest}"),
            Change::RevokeReward { reward, source } => {
                format!("no longer owed {} ({source})", reward_words(*reward))
            }
            Change::UnclaimReward { reward, source, .. } => {
                format!("owed {} again ({source})", reward_words(*reward))
            }
            Change::MarkWild { name } => format!("{name} is Wild again"),
            Change::Unretire { .. } => "back on the Order of Battle".into(),
            Change::ReopenSetup => "set-up reopened".into(),
            Change::RestoreRoster => "roster restored".into(),
            Change::ReturnStartingUnit { was, .. } => {
                format!("back on the Order of Battle ({} pts)", was.cost())
            }
            Change::GainRank { rank, .. } => format!("reached rank {rank}"),
            Change::SetPath { path, .. } => format!("follows the Path of the {}", capitalise(path)),
            Change::ChooseAbility {
                rank, ability, name, ..
            } => {
                format!("{rank} ability: {}", if name.is_empty() { ability } else { name })
            }
            Change::GiveEnhancement {
                table, name, reason, ..
            } => format!("given {name} ({table}; {reason})"),
            Change::AddToTome {
                lore_kind,
                name,
                lore,
                wild,
                reason,
                ..
            } => {
                let wild = if *wild { ", marked Wild" } else { "" };
                format!("{name} added to the {lore_kind} lore (from {lore}{wild}; {reason})")
            }
            Change::RemoveFromTome {
                lore_kind,
                name,
                reason,
                ..
            } => {
                format!("{name} removed from the {lore_kind} lore ({reason})")
            }
            Change::StartQuest { quest, .. } => format!("quest started: {quest}"),
            Change::DropQuest { quest, reason, .. } => format!("quest dropped: {quest} ({reason})"),
        }
    }
}

/// "an artefact of power", "a heroic trait", ... as players say it.
pub fn reward_words(reward: QuestReward) -> &'static str {
    match reward {
        QuestReward::Artefact => "an artefact of power",
        QuestReward::HeroicTrait => "a heroic trait",
        QuestReward::Spell => "a spell",
        QuestReward::Prayer => "a prayer",
        QuestReward::Renown => "renown",
        QuestReward::TameManifestation => "a tamed manifestation",
        QuestReward::Manifestation => "a manifestation",
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::Change;

    /// Issue #31, item 9: a favour loss the floor cancels reads as none lost, not "-0".
    #[test]
    fn a_favour_loss_of_nothing_is_not_minus_zero() {
        let lose = |amount| Change::LoseFavour {
            amount,
            reason:
                "the favour of SLAANESH for a major defeat on Mount Hedon; D3 rolled 2: favour stays at 0"
                    .into(),
            roll: None,
        };
        assert_eq!(
            lose(0).describe(),
            "no favour lost (the favour of SLAANESH for a major defeat on Mount Hedon; D3 rolled 2: favour stays at 0)"
        );
        assert!(lose(2).describe().starts_with("-2 favour"));
    }

    /// Issue #38: "+1 quest point", not "+1 quest points".
    #[test]
    fn one_quest_point_is_one_quest_point() {
        let gain = |points| Change::QuestProgress {
            quest: "Harness Manifestation".into(),
            points,
            reason: "battle 1".into(),
        };
        assert_eq!(
            gain(1).describe(),
            "+1 quest point for Harness Manifestation (battle 1)"
        );
        assert!(gain(2).describe().starts_with("+2 quest points for"));
        let lose = |points| Change::LoseQuestPoints {
            quest: "Harness Manifestation".into(),
            points,
        };
        assert_eq!(lose(1).describe(), "-1 quest point for Harness Manifestation");
        assert_eq!(lose(3).describe(), "-3 quest points for Harness Manifestation");
    }
}
