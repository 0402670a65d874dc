use super::*;
use crate::rules::aftermath::tests::{fought, hammers};
use crate::rules::aftermath::{Choices, plan_aftermath_asking};
use crate::rules::dice::TypedDice;
use crate::rules::renown::tests::pack;
use crate::rules::roster::tests::host;
use crate::rules::{Change, Outcome, UnitRef};

const LIBERATORS: i64 = 2;
const ELITE_GUARD: i64 = 3;

/// Picks the unit closest to its next rank, as a player pushing one over would; keeps what
/// it was shown. Scripted answers, if any, come first.
#[derive(Default)]
struct ClosestToRank {
    scripted: Vec<&'static str>,
    shown: Vec<Vec<FavouredCandidate>>,
    refused: Vec<String>,
}

impl FavouredPicker for ClosestToRank {
    fn pick(
        &mut self,
        candidates: &[FavouredCandidate],
        refused: Option<&RuleError>,
    ) -> Result<String, RuleError> {
        self.shown.push(candidates.to_vec());
        self.refused.extend(refused.map(|e| e.message.clone()));
        if !self.scripted.is_empty() {
            return Ok(self.scripted.remove(0).to_string());
        }
        let closest = candidates
            .iter()
            .filter_map(|c| c.next_rank.as_ref().map(|(_, at)| (at - c.renown - c.gained, c)))
            .min_by_key(|(short, _)| *short)
            .expect("a candidate below the top rank");
        Ok(format!("#{}", closest.1.id))
    }
}

/// Liberators at 11 renown (Elite at 15) and Elite Guard at 2 (Aspiring at 5, destroyed so
/// gaining 1); the Liberators' D3 is `d3`, the favoured warriors' D6 a 5.
fn aftermath(d3: u32, picker: &mut ClosestToRank) -> Result<Outcome, RuleError> {
    let mut r = hammers();
    for u in r.units.iter_mut() {
        u.renown = match u.id {
            LIBERATORS => 11,
            ELITE_GUARD => 2,
            _ => u.renown,
        };
    }
    let mut dice = TypedDice::new([2, d3, 5]);
    plan_aftermath_asking(
        &pack(),
        &host(),
        &r,
        &fought(),
        &Choices::default(),
        &mut dice,
        Some(picker),
    )
}

fn favoured(out: &Outcome) -> i64 {
    out.changes
        .iter()
        .find_map(|c| match c {
            Change::GainRenown {
                unit: UnitRef::Existing(id),
                reason,
                ..
            } if reason.contains("favoured warriors") => Some(*id),
            _ => None,
        })
        .expect("a favoured warriors' D6")
}

#[test]
fn favoured_warriors_are_picked_after_the_d3s_for_renown_are_known() {
    // A D3 of 1: Liberators 12 (3 short of Elite), Elite Guard 3 (2 short of Aspiring).
    let mut picker = ClosestToRank::default();
    let out = aftermath(1, &mut picker).unwrap();
    assert_eq!(favoured(&out), ELITE_GUARD);
    let shown: Vec<_> = picker.shown[0]
        .iter()
        .map(|c| (c.id, c.renown, c.gained, c.next_rank.clone().unwrap()))
        .collect();
    assert_eq!(
        shown,
        [
            (LIBERATORS, 11, 1, ("Elite".to_string(), 15)),
            (ELITE_GUARD, 2, 1, ("Aspiring".to_string(), 5)),
        ]
    );
    // A D3 of 3: Liberators 14, 1 short of Elite: the D6 sees them over it.
    let mut picker = ClosestToRank::default();
    let out = aftermath(3, &mut picker).unwrap();
    assert_eq!(favoured(&out), LIBERATORS);
    assert!(out.changes.iter().any(|c| matches!(
        c,
        Change::GainRank { unit: UnitRef::Existing(LIBERATORS), rank } if rank == "Elite"
    )));
    // The D6 is rolled after the pick, as the last die.
    assert!(out.rolls[2].purpose.contains("favoured warriors: Liberators"));

    // An answer the rules refuse is asked again, saying why; a cancelled pick ends it all.
    let mut picker = ClosestToRank {
        scripted: vec!["Knight-Questor", "Famous Hero", "Nobody"],
        ..ClosestToRank::default()
    };
    let out = aftermath(1, &mut picker).unwrap();
    assert_eq!(favoured(&out), ELITE_GUARD);
    assert_eq!(picker.refused.len(), 3, "{:?}", picker.refused);
    assert!(picker.refused[0].contains("warlord"), "{:?}", picker.refused);
    assert!(picker.refused[1].contains("UNIQUE"), "{:?}", picker.refused);
}

#[test]
fn the_favoured_warriors_offered_are_exactly_those_the_rules_accept() {
    let r = hammers();
    let f = fought();
    let offered: Vec<i64> = favoured_choices(&r, &f.army).iter().map(|u| u.id).collect();
    assert_eq!(offered, [LIBERATORS, ELITE_GUARD], "not the warlord, not UNIQUE");
    for u in &r.units {
        let accepted = favoured_warriors(&r, &f, Some(&u.id.to_string())).is_ok();
        assert_eq!(accepted, offered.contains(&u.id), "{}", u.label());
    }
    // A unit left out of the army is not offered.
    let offered = favoured_choices(&r, &[1, LIBERATORS]);
    assert_eq!(offered.iter().map(|u| u.id).collect::<Vec<_>>(), [LIBERATORS]);
}
