-- What is recorded ahead of a battle is a draft until its result (issue #38): the result keeps
-- the state it was decided on, so it can re-decide what changed meanwhile.
--
-- 1. Who picks roles: whether the pick standing was won in a roll-off while the generals were
--    level (1), or decided by renown (0). Level generals with no roll-off made roll off when
--    the result is recorded, rather than keep a pick renown made before they drew level.
ALTER TABLE battles ADD COLUMN roles_rolled INTEGER NOT NULL DEFAULT 0 CHECK (roles_rolled IN (0, 1));

-- A pick made in a roll-off before this version: a roll-off roll kept with a live `battle army`
-- set of the battle.
UPDATE battles SET roles_rolled = 1
WHERE roles_roster_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM change_sets cs JOIN rolls r ON r.change_set_id = cs.id
    WHERE cs.battle_id = battles.id AND cs.command = 'battle army'
      AND cs.undone_by IS NULL AND cs.undoes IS NULL
      AND r.purpose LIKE 'roll-off for territories%');

-- 2. Triumphs: a triumph an army drafted is set aside (not deleted) by the result that finds it
--    stale (`dropped_set_id`), so undoing that result brings it back; the triumph the result
--    rolls instead is tagged with the result's own set. One live triumph per side.
CREATE TABLE battle_triumphs_v14 (
    battle_id       INTEGER NOT NULL REFERENCES battles(id),
    roster_id       INTEGER NOT NULL REFERENCES rosters(id),
    change_set_id   INTEGER NOT NULL REFERENCES change_sets(id),
    table_name      TEXT NOT NULL,
    triumph         TEXT NOT NULL,
    roll_id         INTEGER REFERENCES rolls(id),
    dropped_set_id  INTEGER REFERENCES change_sets(id)
);
INSERT INTO battle_triumphs_v14 (battle_id, roster_id, change_set_id, table_name, triumph, roll_id)
    SELECT battle_id, roster_id, change_set_id, table_name, triumph, roll_id FROM battle_triumphs;
DROP TABLE battle_triumphs;
ALTER TABLE battle_triumphs_v14 RENAME TO battle_triumphs;
CREATE UNIQUE INDEX battle_triumphs_live ON battle_triumphs(battle_id, roster_id)
    WHERE dropped_set_id IS NULL;
CREATE INDEX battle_triumphs_roster ON battle_triumphs(roster_id);
