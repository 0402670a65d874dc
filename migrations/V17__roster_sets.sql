-- A roster's change sets, listed together (issue 42). A roster's log is its own commands' sets,
-- the sets of its battles that belong to no roster (a result), and sets of other commands that
-- changed it. Found through three indexes, those sets' ids came from rows spread over the whole
-- file: on a 10,000-battle league `history --roster` read 3.4 times the pages of a 400-battle
-- league for the same roster log. Here they are one key range of a table without rowids, kept
-- in (roster, set) order, so a page of a roster's log starts from a few adjacent pages.
--
-- The triggers keep it whole whatever writes the log (a command, a league file imported,
-- sides named after a set): a set is listed for its roster, for the rosters on the sides of
-- its battle when it has no roster, and for every roster one of its changes names. The log is
-- never deleted from, so nothing is ever taken out.
CREATE TABLE roster_sets (
    roster_id      INTEGER NOT NULL,
    change_set_id  INTEGER NOT NULL,
    PRIMARY KEY (roster_id, change_set_id)
) WITHOUT ROWID;

INSERT OR IGNORE INTO roster_sets (roster_id, change_set_id)
    SELECT roster_id, id FROM change_sets WHERE roster_id IS NOT NULL;
INSERT OR IGNORE INTO roster_sets (roster_id, change_set_id)
    SELECT s.roster_id, cs.id FROM change_sets cs JOIN battle_sides s ON s.battle_id = cs.battle_id
    WHERE cs.roster_id IS NULL;
INSERT OR IGNORE INTO roster_sets (roster_id, change_set_id)
    SELECT roster_id, change_set_id FROM changes WHERE roster_id IS NOT NULL;

CREATE TRIGGER roster_sets_own AFTER INSERT ON change_sets
    WHEN NEW.roster_id IS NOT NULL
BEGIN
    INSERT OR IGNORE INTO roster_sets (roster_id, change_set_id) VALUES (NEW.roster_id, NEW.id);
END;

CREATE TRIGGER roster_sets_battle AFTER INSERT ON change_sets
    WHEN NEW.roster_id IS NULL AND NEW.battle_id IS NOT NULL
BEGIN
    INSERT OR IGNORE INTO roster_sets (roster_id, change_set_id)
        SELECT roster_id, NEW.id FROM battle_sides WHERE battle_id = NEW.battle_id;
END;

CREATE TRIGGER roster_sets_side AFTER INSERT ON battle_sides
BEGIN
    INSERT OR IGNORE INTO roster_sets (roster_id, change_set_id)
        SELECT NEW.roster_id, id FROM change_sets WHERE battle_id = NEW.battle_id AND roster_id IS NULL;
END;

CREATE TRIGGER roster_sets_change AFTER INSERT ON changes
    WHEN NEW.roster_id IS NOT NULL
BEGIN
    INSERT OR IGNORE INTO roster_sets (roster_id, change_set_id) VALUES (NEW.roster_id, NEW.change_set_id);
END;

-- A roster's changes by kind: a sheet finds where set-up ended and counts the notable changes
-- it leaves out from this index alone, rather than reading every change the roster ever had.
-- (`changes_roster` stays: the newest change of a roster is the last entry of its range there.)
CREATE INDEX changes_roster_kind ON changes(roster_id, kind, change_set_id);

-- The change sets not in force (an undo, or undone): few, and what a count of a roster's
-- changes in force leaves out.
CREATE INDEX change_sets_not_in_force ON change_sets(id) WHERE undoes IS NOT NULL OR undone_by IS NOT NULL;

-- A roster's sides by battle (in place of the index on the roster alone, which it begins with):
-- a page of a roster's battles, newest first, is the top of its range.
CREATE INDEX battle_sides_roster_battle ON battle_sides(roster_id, battle_id);
DROP INDEX battle_sides_roster;
