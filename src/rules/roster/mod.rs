//! Order of Battle rules for setting up a Path to Glory roster: the warlord, the starting
//! units and their points, allies, enhancements, the Arcane Tome and the Quest Log.
//!
//! Each `plan_*` function checks one request against the roster as it stands and returns the
//! changes to make; `check` lists every rule a stored roster breaks (e.g. after faction data
//! changed under it).
//!
//! One file per concept: `allies` (option `allies`: allied units and their share), `warlord`
//! (the warlord rules and a new roster's warlord), `units` (starting units, names, reinforcing),
//! `remove` (taking a starting unit off again during set-up), `warscrolls` (what the data's
//! Legends, Anvil of Apotheosis and unlocked-by marks allow, and units the data no longer has),
//! `enhancements`, `rewards` (earned rewards a pick uses up), `tome` (the Arcane Tome), `quests`
//! (starting a quest) and `check`.

mod allies;
mod check;
mod enhancements;
pub mod manage;
mod quests;
mod remove;
mod rewards;
mod tome;
mod units;
mod warlord;
mod warscrolls;

pub use allies::{
    Factions, ally_factions, check_ally_faction, check_ally_joins, check_ally_share, check_not_ally,
    counts_for_share, share_counts,
};
pub use check::{CheckReport, Finding, check};
pub use enhancements::{
    EnhancementOffer, eligible_by as enhancement_eligible_by, enhancement_offers, plan_enhancement,
    unit_words,
};
pub use quests::plan_quest;
pub use remove::plan_remove_starting_unit;
pub use tome::{
    TomeOffer, grant_starting_picks, has_caster_for, is_starting_pick, plan_tome_entry,
    starting_tome_allowance, tome_offers,
};
pub use units::{
    another_factions_unit, check_reinforceable, check_unique_warscroll, check_unit_name, find_warscroll,
    plan_add_unit, same_named_units,
};
pub(crate) use warlord::warlord_problems;
pub use warlord::{WarlordChoice, eligible_warlords, plan_warlord};
pub use warscrolls::{
    Allowed, DataFinding, DataMark, active_warscrolls, against_current_data, check_may_join, check_unlocks,
    in_current_data,
};

#[cfg(test)]
mod offers_tests;
#[cfg(test)]
pub(crate) mod tests;
