-- Audit checkpoints without per-table triggers (issue 42). V18's 54 `audit_*` triggers made
-- every command, reads included, parse ~15 KB more schema SQL when it opened the file (~0.9 ms
-- of a `roster list` of 7 ms, against 3.1 ms for `ptg --version`). A checkpoint is now keyed on
-- the position of its roster's log instead, read when the audit plans: the newest change set
-- listed for the roster in `roster_sets` (kept `set_id`), how many sets are listed (`sets`: a
-- side named later lists an older set), and how many of them are not in force (`not_in_force`:
-- an undo marks the sets it undoes), with the data key as before. Any command's write logs a
-- change set, so it moves the key; a row edited by hand outside ptg does not, and is found by
-- `audit --full` and `audit --roster` (which replay, trusting nothing kept), not by a plain
-- audit (docs/ARCHITECTURE.md).
--
-- The checkpoints kept so far were keyed on the database's newest set: dropped, so the first
-- audit after the upgrade replays every roster once.
DELETE FROM audit_checkpoints;
ALTER TABLE audit_checkpoints ADD COLUMN sets INTEGER NOT NULL DEFAULT 0 CHECK (sets >= 0);
ALTER TABLE audit_checkpoints ADD COLUMN not_in_force INTEGER NOT NULL DEFAULT 0 CHECK (not_in_force >= 0);

DROP TRIGGER audit_campaigns_update;
DROP TRIGGER audit_campaigns_delete;
DROP TRIGGER audit_rosters_update;
DROP TRIGGER audit_rosters_delete;
DROP TRIGGER audit_units_insert;
DROP TRIGGER audit_units_update;
DROP TRIGGER audit_units_delete;
DROP TRIGGER audit_unit_abilities_insert;
DROP TRIGGER audit_unit_abilities_update;
DROP TRIGGER audit_unit_abilities_delete;
DROP TRIGGER audit_enhancements_insert;
DROP TRIGGER audit_enhancements_update;
DROP TRIGGER audit_enhancements_delete;
DROP TRIGGER audit_tome_entries_insert;
DROP TRIGGER audit_tome_entries_update;
DROP TRIGGER audit_tome_entries_delete;
DROP TRIGGER audit_quests_insert;
DROP TRIGGER audit_quests_update;
DROP TRIGGER audit_quests_delete;
DROP TRIGGER audit_rewards_insert;
DROP TRIGGER audit_rewards_update;
DROP TRIGGER audit_rewards_delete;
DROP TRIGGER audit_battles_update;
DROP TRIGGER audit_battles_delete;
DROP TRIGGER audit_battle_sides_insert;
DROP TRIGGER audit_battle_sides_update;
DROP TRIGGER audit_battle_sides_delete;
DROP TRIGGER audit_battle_units_insert;
DROP TRIGGER audit_battle_units_update;
DROP TRIGGER audit_battle_units_delete;
DROP TRIGGER audit_battle_twists_insert;
DROP TRIGGER audit_battle_twists_update;
DROP TRIGGER audit_battle_twists_delete;
DROP TRIGGER audit_battle_triumphs_insert;
DROP TRIGGER audit_battle_triumphs_update;
DROP TRIGGER audit_battle_triumphs_delete;
DROP TRIGGER audit_battle_sudden_death_insert;
DROP TRIGGER audit_battle_sudden_death_update;
DROP TRIGGER audit_battle_sudden_death_delete;
DROP TRIGGER audit_battle_decisions_insert;
DROP TRIGGER audit_battle_decisions_update;
DROP TRIGGER audit_battle_decisions_delete;
DROP TRIGGER audit_change_sets_insert;
DROP TRIGGER audit_change_sets_update;
DROP TRIGGER audit_change_sets_delete;
DROP TRIGGER audit_changes_insert;
DROP TRIGGER audit_changes_update;
DROP TRIGGER audit_changes_delete;
DROP TRIGGER audit_rolls_insert;
DROP TRIGGER audit_rolls_update;
DROP TRIGGER audit_rolls_delete;
DROP TRIGGER audit_roster_sets_insert;
DROP TRIGGER audit_roster_sets_update;
DROP TRIGGER audit_roster_sets_delete;
