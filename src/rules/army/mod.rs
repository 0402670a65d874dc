//! The army a roster takes to one battle: drawn from its Order of Battle, led by a HERO
//! general (the warlord, if taken; a WARMASTER, if any is taken), within the battle's points
//! limit, and split into regiments each led by a HERO.
//!
//! Path to Glory changes two army-composition rules, and both hold by construction here:
//! enhancements are the ones units carry on the Order of Battle (any number of them, no
//! one-per-table limit), and the lores are the roster's Arcane Tome.
//!
//! Allied units (option `allies`) are at most one in every `one_in` units of the army
//! (`plan`), never the general (`general`), and leave the army's allegiance its roster's
//! faction (`allegiance`).
//!
//! One file per concept: `choice` (what the player types), `plan` (checking one battle's
//! army), `general`, `regiments`, and `check` (the whole Order of Battle as an army).

mod allegiance;
mod check;
mod choice;
mod general;
mod plan;
mod regiments;

pub use allegiance::{Allegiance, allegiance};
pub use check::{OrderOfBattleAsArmy, check_order_of_battle};
pub use choice::{ArmyChoice, RegimentChoice};
pub use general::general_choices;
pub use plan::{Army, plan_army};
pub use regiments::Regiment;

#[cfg(test)]
mod tests;
