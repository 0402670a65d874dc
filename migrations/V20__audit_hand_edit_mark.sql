-- Hand edits marked by one flag, not by roster (issue 42). V18's 54 triggers dropped the
-- checkpoints of the rosters a changed row concerned, looking the roster up in each trigger's
-- body: half the schema's text, parsed by every command when it opens the file (~0.5 ms of a
-- command that costs ~3 ms). The triggers now only mark the file as edited, a body SQLite
-- parses in a fraction of the time:
--
-- * ptg's own writes keep the mark as they found it (`store::Store::write` restores it before
--   committing): each logs a change set for every roster it changes, which moves the roster's
--   log position (V19), and a campaign's settings are in the checkpoints' data key, so the
--   audit sees what ptg changed without the triggers' help.
-- * A row changed by anyone else (a sqlite3 session, a script) marks the file: every audit,
--   plain, `--campaign` or `--roster`, then trusts no checkpoint and replays what it covers,
--   so a hand edit is found by all three, as before. A clean audit of the whole league clears
--   the mark.
--
-- The triggers keep their names and tables (src/store/checkpoints.rs's test lists them). A
-- migration that rebuilds one of these tables must create its triggers again.

CREATE TABLE audit_marks (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    -- 1: a row the audit reads was changed outside ptg since the last clean whole audit.
    edited INTEGER NOT NULL CHECK (edited IN (0, 1))
);
-- Until now the triggers dropped the checkpoints of what was edited, so none stands wrongly.
INSERT INTO audit_marks (id, edited) VALUES (1, 0);
DROP TRIGGER IF EXISTS audit_campaigns_update;
CREATE TRIGGER audit_campaigns_update AFTER UPDATE ON campaigns BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_campaigns_delete;
CREATE TRIGGER audit_campaigns_delete AFTER DELETE ON campaigns BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_rosters_update;
CREATE TRIGGER audit_rosters_update AFTER UPDATE ON rosters BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_rosters_delete;
CREATE TRIGGER audit_rosters_delete AFTER DELETE ON rosters BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_units_insert;
CREATE TRIGGER audit_units_insert AFTER INSERT ON units BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_units_update;
CREATE TRIGGER audit_units_update AFTER UPDATE ON units BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_units_delete;
CREATE TRIGGER audit_units_delete AFTER DELETE ON units BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_unit_abilities_insert;
CREATE TRIGGER audit_unit_abilities_insert AFTER INSERT ON unit_abilities BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_unit_abilities_update;
CREATE TRIGGER audit_unit_abilities_update AFTER UPDATE ON unit_abilities BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_unit_abilities_delete;
CREATE TRIGGER audit_unit_abilities_delete AFTER DELETE ON unit_abilities BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_enhancements_insert;
CREATE TRIGGER audit_enhancements_insert AFTER INSERT ON enhancements BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_enhancements_update;
CREATE TRIGGER audit_enhancements_update AFTER UPDATE ON enhancements BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_enhancements_delete;
CREATE TRIGGER audit_enhancements_delete AFTER DELETE ON enhancements BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_tome_entries_insert;
CREATE TRIGGER audit_tome_entries_insert AFTER INSERT ON tome_entries BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_tome_entries_update;
CREATE TRIGGER audit_tome_entries_update AFTER UPDATE ON tome_entries BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_tome_entries_delete;
CREATE TRIGGER audit_tome_entries_delete AFTER DELETE ON tome_entries BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_quests_insert;
CREATE TRIGGER audit_quests_insert AFTER INSERT ON quests BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_quests_update;
CREATE TRIGGER audit_quests_update AFTER UPDATE ON quests BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_quests_delete;
CREATE TRIGGER audit_quests_delete AFTER DELETE ON quests BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_rewards_insert;
CREATE TRIGGER audit_rewards_insert AFTER INSERT ON rewards BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_rewards_update;
CREATE TRIGGER audit_rewards_update AFTER UPDATE ON rewards BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_rewards_delete;
CREATE TRIGGER audit_rewards_delete AFTER DELETE ON rewards BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_battles_update;
CREATE TRIGGER audit_battles_update AFTER UPDATE ON battles BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_battles_delete;
CREATE TRIGGER audit_battles_delete AFTER DELETE ON battles BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_battle_sides_insert;
CREATE TRIGGER audit_battle_sides_insert AFTER INSERT ON battle_sides BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_battle_sides_update;
CREATE TRIGGER audit_battle_sides_update AFTER UPDATE ON battle_sides BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_battle_sides_delete;
CREATE TRIGGER audit_battle_sides_delete AFTER DELETE ON battle_sides BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_battle_units_insert;
CREATE TRIGGER audit_battle_units_insert AFTER INSERT ON battle_units BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_battle_units_update;
CREATE TRIGGER audit_battle_units_update AFTER UPDATE ON battle_units BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_battle_units_delete;
CREATE TRIGGER audit_battle_units_delete AFTER DELETE ON battle_units BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_battle_twists_insert;
CREATE TRIGGER audit_battle_twists_insert AFTER INSERT ON battle_twists BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_battle_twists_update;
CREATE TRIGGER audit_battle_twists_update AFTER UPDATE ON battle_twists BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_battle_twists_delete;
CREATE TRIGGER audit_battle_twists_delete AFTER DELETE ON battle_twists BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_battle_triumphs_insert;
CREATE TRIGGER audit_battle_triumphs_insert AFTER INSERT ON battle_triumphs BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_battle_triumphs_update;
CREATE TRIGGER audit_battle_triumphs_update AFTER UPDATE ON battle_triumphs BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_battle_triumphs_delete;
CREATE TRIGGER audit_battle_triumphs_delete AFTER DELETE ON battle_triumphs BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_battle_sudden_death_insert;
CREATE TRIGGER audit_battle_sudden_death_insert AFTER INSERT ON battle_sudden_death BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_battle_sudden_death_update;
CREATE TRIGGER audit_battle_sudden_death_update AFTER UPDATE ON battle_sudden_death BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_battle_sudden_death_delete;
CREATE TRIGGER audit_battle_sudden_death_delete AFTER DELETE ON battle_sudden_death BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_battle_decisions_insert;
CREATE TRIGGER audit_battle_decisions_insert AFTER INSERT ON battle_decisions BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_battle_decisions_update;
CREATE TRIGGER audit_battle_decisions_update AFTER UPDATE ON battle_decisions BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_battle_decisions_delete;
CREATE TRIGGER audit_battle_decisions_delete AFTER DELETE ON battle_decisions BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_change_sets_insert;
CREATE TRIGGER audit_change_sets_insert AFTER INSERT ON change_sets BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_change_sets_update;
CREATE TRIGGER audit_change_sets_update AFTER UPDATE ON change_sets BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_change_sets_delete;
CREATE TRIGGER audit_change_sets_delete AFTER DELETE ON change_sets BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_changes_insert;
CREATE TRIGGER audit_changes_insert AFTER INSERT ON changes BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_changes_update;
CREATE TRIGGER audit_changes_update AFTER UPDATE ON changes BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_changes_delete;
CREATE TRIGGER audit_changes_delete AFTER DELETE ON changes BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_rolls_insert;
CREATE TRIGGER audit_rolls_insert AFTER INSERT ON rolls BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_rolls_update;
CREATE TRIGGER audit_rolls_update AFTER UPDATE ON rolls BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_rolls_delete;
CREATE TRIGGER audit_rolls_delete AFTER DELETE ON rolls BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_roster_sets_insert;
CREATE TRIGGER audit_roster_sets_insert AFTER INSERT ON roster_sets BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_roster_sets_update;
CREATE TRIGGER audit_roster_sets_update AFTER UPDATE ON roster_sets BEGIN UPDATE audit_marks SET edited = 1; END;
DROP TRIGGER IF EXISTS audit_roster_sets_delete;
CREATE TRIGGER audit_roster_sets_delete AFTER DELETE ON roster_sets BEGIN UPDATE audit_marks SET edited = 1; END;
