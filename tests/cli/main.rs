//! The command line's end-to-end tests, one test binary: each former `tests/*.rs` file is a
//! module here, so the ptg library and its dependencies are linked once rather than once a file
//! (issue 41: 67 test binaries had grown `target/` past 8 GB). Run one part with
//! `cargo test --test cli lists_golden::` (the module path prefixes each test's name).
//!
//! The helpers are shared with the other test targets (`serve`, `browser`): `#[path]` names
//! them in place.

#[path = "../bsdata_view/mod.rs"]
mod bsdata_view;
#[path = "../common/mod.rs"]
mod common;
#[path = "../serve_support/mod.rs"]
mod serve_support;
#[path = "../wardens/mod.rs"]
mod wardens;

mod aftermath_refusals;
mod allies;
mod arcane_tome;
mod army;
mod asked_dice;
mod audit;
mod backup;
mod battle_rules;
mod blasted_wastes;
mod bsdata_golden;
mod campaign;
mod campaign_time;
mod campaign_time_league;
mod concurrency;
mod contention;
mod correct_result;
mod crash;
mod data_bounds;
mod data_files;
mod data_status;
mod deploy;
mod disk_words;
mod drafts;
mod entrances;
mod every_write;
mod exit_codes;
mod first_hour;
mod history_undo;
mod killed;
mod league;
mod league_checks;
mod league_file;
mod league_rules;
mod legends;
mod lists;
mod lists_golden;
mod lists_naming;
mod lists_round_trip;
mod lookalike_names;
mod lookups;
mod names;
mod night_ahead;
mod perf_scaling;
mod prompt_lock;
mod properties;
mod quest_bounds;
mod read_only;
mod restore;
mod roster_remove;
mod roster_setup;
mod schema_upgrade;
mod sheet;
mod sheet_png;
mod sheet_template;
mod sudden_death;
mod table_rerolls;
mod undo_confirm;
mod undo_reads;
mod unique;
mod words;
