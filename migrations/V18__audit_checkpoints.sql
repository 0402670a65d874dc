-- What the audit has proven, kept per roster (issue 42): `ptg audit` replayed every roster's
-- whole log on every run. A clean audit now keeps, for each roster it checked, a checkpoint:
-- the newest change set of the database when it read it, and the key of the data and ptg it
-- was checked with. A plain `ptg audit` (and `--roster`, `--campaign`) skips a roster whose
-- checkpoint stands and whose key is the same; `ptg audit --full` replays everything.
--
-- A checkpoint stands only while nothing the roster's audit reads has changed: every insert,
-- update or delete of such a row, by ptg or by anyone else's SQL (a sqlite3 session, a script),
-- drops the checkpoints of the rosters the row concerns, in the statement's own transaction,
-- through the triggers below. So a command's write, an undo (which marks the sets it undoes)
-- and a tampered glory, renown, roll or change all leave the roster to be replayed by the
-- next audit; an untouched roster costs nothing to skip. Nothing is counted here for the
-- past: the table starts empty and the first audit after the upgrade is a full one.
--
-- (Chosen over a hash chain over the change sets: verifying a chain reads every row it covers,
-- which is the cost the audit must not pay again; the triggers cost a write one indexed delete
-- per row, nothing when the table is empty. Neither stops someone who rewrites the file
-- knowing the scheme (drops the triggers, or recomputes the hashes); `--full` trusts nothing
-- kept.)
--
-- A migration that rebuilds one of these tables must create its triggers again
-- (src/store/checkpoints.rs's test lists them).

CREATE TABLE audit_checkpoints (
    roster_id    INTEGER PRIMARY KEY,
    -- The newest change set of the database when the audit read it (NULL: there was none).
    set_id       INTEGER,
    -- ptg's version and a digest of the data (faction, allies, battlepack) it was checked with.
    data_key     TEXT NOT NULL,
    -- How many notes (not failures) the audit gave: a roster with none needs no reading at all.
    notes        INTEGER NOT NULL DEFAULT 0 CHECK (notes >= 0),
    verified_at  TEXT NOT NULL
);

CREATE TRIGGER audit_campaigns_update AFTER UPDATE ON campaigns BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT id FROM rosters WHERE campaign_id = OLD.id);
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT id FROM rosters WHERE campaign_id = NEW.id);
END;
CREATE TRIGGER audit_campaigns_delete AFTER DELETE ON campaigns BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT id FROM rosters WHERE campaign_id = OLD.id);
END;
CREATE TRIGGER audit_rosters_update AFTER UPDATE ON rosters BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = OLD.id;
    DELETE FROM audit_checkpoints WHERE roster_id = NEW.id;
END;
CREATE TRIGGER audit_rosters_delete AFTER DELETE ON rosters BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = OLD.id;
END;
CREATE TRIGGER audit_units_insert AFTER INSERT ON units BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = NEW.roster_id;
END;
CREATE TRIGGER audit_units_update AFTER UPDATE ON units BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = OLD.roster_id;
    DELETE FROM audit_checkpoints WHERE roster_id = NEW.roster_id;
END;
CREATE TRIGGER audit_units_delete AFTER DELETE ON units BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = OLD.roster_id;
END;
CREATE TRIGGER audit_unit_abilities_insert AFTER INSERT ON unit_abilities BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = (SELECT roster_id FROM units WHERE id = NEW.unit_id);
END;
CREATE TRIGGER audit_unit_abilities_update AFTER UPDATE ON unit_abilities BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = (SELECT roster_id FROM units WHERE id = OLD.unit_id);
    DELETE FROM audit_checkpoints WHERE roster_id = (SELECT roster_id FROM units WHERE id = NEW.unit_id);
END;
CREATE TRIGGER audit_unit_abilities_delete AFTER DELETE ON unit_abilities BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = (SELECT roster_id FROM units WHERE id = OLD.unit_id);
END;
CREATE TRIGGER audit_enhancements_insert AFTER INSERT ON enhancements BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = NEW.roster_id;
END;
CREATE TRIGGER audit_enhancements_update AFTER UPDATE ON enhancements BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = OLD.roster_id;
    DELETE FROM audit_checkpoints WHERE roster_id = NEW.roster_id;
END;
CREATE TRIGGER audit_enhancements_delete AFTER DELETE ON enhancements BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = OLD.roster_id;
END;
CREATE TRIGGER audit_tome_entries_insert AFTER INSERT ON tome_entries BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = NEW.roster_id;
END;
CREATE TRIGGER audit_tome_entries_update AFTER UPDATE ON tome_entries BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = OLD.roster_id;
    DELETE FROM audit_checkpoints WHERE roster_id = NEW.roster_id;
END;
CREATE TRIGGER audit_tome_entries_delete AFTER DELETE ON tome_entries BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = OLD.roster_id;
END;
CREATE TRIGGER audit_quests_insert AFTER INSERT ON quests BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = NEW.roster_id;
END;
CREATE TRIGGER audit_quests_update AFTER UPDATE ON quests BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = OLD.roster_id;
    DELETE FROM audit_checkpoints WHERE roster_id = NEW.roster_id;
END;
CREATE TRIGGER audit_quests_delete AFTER DELETE ON quests BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = OLD.roster_id;
END;
CREATE TRIGGER audit_rewards_insert AFTER INSERT ON rewards BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = NEW.roster_id;
END;
CREATE TRIGGER audit_rewards_update AFTER UPDATE ON rewards BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = OLD.roster_id;
    DELETE FROM audit_checkpoints WHERE roster_id = NEW.roster_id;
END;
CREATE TRIGGER audit_rewards_delete AFTER DELETE ON rewards BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = OLD.roster_id;
END;
CREATE TRIGGER audit_battles_update AFTER UPDATE ON battles BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = OLD.id);
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = NEW.id);
END;
CREATE TRIGGER audit_battles_delete AFTER DELETE ON battles BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = OLD.id);
END;
CREATE TRIGGER audit_battle_sides_insert AFTER INSERT ON battle_sides BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = NEW.roster_id;
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = NEW.battle_id);
END;
CREATE TRIGGER audit_battle_sides_update AFTER UPDATE ON battle_sides BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = OLD.roster_id;
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = OLD.battle_id);
    DELETE FROM audit_checkpoints WHERE roster_id = NEW.roster_id;
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = NEW.battle_id);
END;
CREATE TRIGGER audit_battle_sides_delete AFTER DELETE ON battle_sides BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = OLD.roster_id;
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = OLD.battle_id);
END;
CREATE TRIGGER audit_battle_units_insert AFTER INSERT ON battle_units BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = NEW.roster_id;
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = NEW.battle_id);
END;
CREATE TRIGGER audit_battle_units_update AFTER UPDATE ON battle_units BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = OLD.roster_id;
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = OLD.battle_id);
    DELETE FROM audit_checkpoints WHERE roster_id = NEW.roster_id;
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = NEW.battle_id);
END;
CREATE TRIGGER audit_battle_units_delete AFTER DELETE ON battle_units BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = OLD.roster_id;
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = OLD.battle_id);
END;
CREATE TRIGGER audit_battle_twists_insert AFTER INSERT ON battle_twists BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = NEW.battle_id);
END;
CREATE TRIGGER audit_battle_twists_update AFTER UPDATE ON battle_twists BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = OLD.battle_id);
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = NEW.battle_id);
END;
CREATE TRIGGER audit_battle_twists_delete AFTER DELETE ON battle_twists BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = OLD.battle_id);
END;
CREATE TRIGGER audit_battle_triumphs_insert AFTER INSERT ON battle_triumphs BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = NEW.battle_id);
END;
CREATE TRIGGER audit_battle_triumphs_update AFTER UPDATE ON battle_triumphs BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = OLD.battle_id);
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = NEW.battle_id);
END;
CREATE TRIGGER audit_battle_triumphs_delete AFTER DELETE ON battle_triumphs BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = OLD.battle_id);
END;
CREATE TRIGGER audit_battle_sudden_death_insert AFTER INSERT ON battle_sudden_death BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = NEW.battle_id);
END;
CREATE TRIGGER audit_battle_sudden_death_update AFTER UPDATE ON battle_sudden_death BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = OLD.battle_id);
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = NEW.battle_id);
END;
CREATE TRIGGER audit_battle_sudden_death_delete AFTER DELETE ON battle_sudden_death BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = OLD.battle_id);
END;
CREATE TRIGGER audit_battle_decisions_insert AFTER INSERT ON battle_decisions BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = NEW.battle_id);
END;
CREATE TRIGGER audit_battle_decisions_update AFTER UPDATE ON battle_decisions BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = OLD.battle_id);
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = NEW.battle_id);
END;
CREATE TRIGGER audit_battle_decisions_delete AFTER DELETE ON battle_decisions BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM battle_sides WHERE battle_id = OLD.battle_id);
END;
CREATE TRIGGER audit_change_sets_insert AFTER INSERT ON change_sets BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM change_sets WHERE id = NEW.id
        UNION SELECT roster_id FROM changes WHERE change_set_id = NEW.id
        UNION SELECT s.roster_id FROM battle_sides s JOIN change_sets cs ON s.battle_id = cs.battle_id WHERE cs.id = NEW.id);
END;
CREATE TRIGGER audit_change_sets_update AFTER UPDATE ON change_sets BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM change_sets WHERE id = OLD.id
        UNION SELECT roster_id FROM changes WHERE change_set_id = OLD.id
        UNION SELECT s.roster_id FROM battle_sides s JOIN change_sets cs ON s.battle_id = cs.battle_id WHERE cs.id = OLD.id);
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM change_sets WHERE id = NEW.id
        UNION SELECT roster_id FROM changes WHERE change_set_id = NEW.id
        UNION SELECT s.roster_id FROM battle_sides s JOIN change_sets cs ON s.battle_id = cs.battle_id WHERE cs.id = NEW.id);
END;
CREATE TRIGGER audit_change_sets_delete AFTER DELETE ON change_sets BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM change_sets WHERE id = OLD.id
        UNION SELECT roster_id FROM changes WHERE change_set_id = OLD.id
        UNION SELECT s.roster_id FROM battle_sides s JOIN change_sets cs ON s.battle_id = cs.battle_id WHERE cs.id = OLD.id);
END;
CREATE TRIGGER audit_changes_insert AFTER INSERT ON changes BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = NEW.roster_id;
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM change_sets WHERE id = NEW.change_set_id
        UNION SELECT roster_id FROM changes WHERE change_set_id = NEW.change_set_id
        UNION SELECT s.roster_id FROM battle_sides s JOIN change_sets cs ON s.battle_id = cs.battle_id WHERE cs.id = NEW.change_set_id);
END;
CREATE TRIGGER audit_changes_update AFTER UPDATE ON changes BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = OLD.roster_id;
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM change_sets WHERE id = OLD.change_set_id
        UNION SELECT roster_id FROM changes WHERE change_set_id = OLD.change_set_id
        UNION SELECT s.roster_id FROM battle_sides s JOIN change_sets cs ON s.battle_id = cs.battle_id WHERE cs.id = OLD.change_set_id);
    DELETE FROM audit_checkpoints WHERE roster_id = NEW.roster_id;
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM change_sets WHERE id = NEW.change_set_id
        UNION SELECT roster_id FROM changes WHERE change_set_id = NEW.change_set_id
        UNION SELECT s.roster_id FROM battle_sides s JOIN change_sets cs ON s.battle_id = cs.battle_id WHERE cs.id = NEW.change_set_id);
END;
CREATE TRIGGER audit_changes_delete AFTER DELETE ON changes BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = OLD.roster_id;
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM change_sets WHERE id = OLD.change_set_id
        UNION SELECT roster_id FROM changes WHERE change_set_id = OLD.change_set_id
        UNION SELECT s.roster_id FROM battle_sides s JOIN change_sets cs ON s.battle_id = cs.battle_id WHERE cs.id = OLD.change_set_id);
END;
CREATE TRIGGER audit_rolls_insert AFTER INSERT ON rolls BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM change_sets WHERE id = NEW.change_set_id
        UNION SELECT roster_id FROM changes WHERE change_set_id = NEW.change_set_id
        UNION SELECT s.roster_id FROM battle_sides s JOIN change_sets cs ON s.battle_id = cs.battle_id WHERE cs.id = NEW.change_set_id);
END;
CREATE TRIGGER audit_rolls_update AFTER UPDATE ON rolls BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM change_sets WHERE id = OLD.change_set_id
        UNION SELECT roster_id FROM changes WHERE change_set_id = OLD.change_set_id
        UNION SELECT s.roster_id FROM battle_sides s JOIN change_sets cs ON s.battle_id = cs.battle_id WHERE cs.id = OLD.change_set_id);
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM change_sets WHERE id = NEW.change_set_id
        UNION SELECT roster_id FROM changes WHERE change_set_id = NEW.change_set_id
        UNION SELECT s.roster_id FROM battle_sides s JOIN change_sets cs ON s.battle_id = cs.battle_id WHERE cs.id = NEW.change_set_id);
END;
CREATE TRIGGER audit_rolls_delete AFTER DELETE ON rolls BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id IN (SELECT roster_id FROM change_sets WHERE id = OLD.change_set_id
        UNION SELECT roster_id FROM changes WHERE change_set_id = OLD.change_set_id
        UNION SELECT s.roster_id FROM battle_sides s JOIN change_sets cs ON s.battle_id = cs.battle_id WHERE cs.id = OLD.change_set_id);
END;

-- A roster's list of its change sets (V17): the audit reads a roster's log through it.
CREATE TRIGGER audit_roster_sets_insert AFTER INSERT ON roster_sets BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = NEW.roster_id;
END;
CREATE TRIGGER audit_roster_sets_update AFTER UPDATE ON roster_sets BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = OLD.roster_id;
    DELETE FROM audit_checkpoints WHERE roster_id = NEW.roster_id;
END;
CREATE TRIGGER audit_roster_sets_delete AFTER DELETE ON roster_sets BEGIN
    DELETE FROM audit_checkpoints WHERE roster_id = OLD.roster_id;
END;
