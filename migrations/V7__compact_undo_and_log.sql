-- Storage (issue #16): what undo keeps of a battle, and columns the change log and the dice log
-- stored twice.
--
-- 1. `change_sets.battle_before` kept the whole battle (status, who picks roles, both sides,
--    every unit, each row an object keyed by column names: form 1) before every `battle army`
--    and `battle result`. Form 2 keeps only what that command's undo puts back, rows as arrays
--    (see src/store/battle_before.rs):
--      army:   {"v":2,"army":{"roles":R,"units":[[unit,general,regiment,destroyed,slew,position],..]}}
--              the set's own roster's units only (undo restores no other); "roles" only when the
--              old snapshot had `roles_roster_id` (older ones did not, and their undo leaves
--              roles alone).
--      result: {"v":2,"result":{"status":S,"sides":[[roster,vp,result,withdrew,general_slain,
--              quest_points],..],"units":[[unit,destroyed,slew],..]}}
--    Who picks roles, a side's `side` and `aftermath_set_id` and a unit's other columns are not
--    kept for a result: nothing changes them between a result and its undo (armies are refused
--    once it is in; aftermaths must be undone first). Only form 1 is converted: a JSON object
--    without a form version (the CASE because json_type fails on text that is not JSON). Any
--    other snapshot is left as it is, and its undo says what is wrong with it.

UPDATE change_sets SET battle_before = json_object(
    'v', 2,
    'army', json(CASE
        WHEN json_type(battle_before, '$.roles_roster_id') IS NULL THEN json_object(
            'units', json(units.kept))
        ELSE json_object(
            'roles', json_extract(battle_before, '$.roles_roster_id'),
            'units', json(units.kept))
    END))
FROM (
    SELECT cs.id AS set_id, (
        SELECT json_group_array(json_array(
            json_extract(u.value, '$.unit_id'),
            json_extract(u.value, '$.general'),
            json_extract(u.value, '$.regiment'),
            json_extract(u.value, '$.destroyed'),
            json_extract(u.value, '$.slew_hero_or_monster'),
            json_extract(u.value, '$.position')))
        FROM json_each(cs.battle_before, '$.units') u
        WHERE json_extract(u.value, '$.roster_id') = cs.roster_id
    ) AS kept
    FROM change_sets cs
    WHERE cs.command = 'battle army' AND CASE WHEN json_valid(cs.battle_before)
        THEN json_type(cs.battle_before) = 'object' AND json_type(cs.battle_before, '$.v') IS NULL END
) AS units
WHERE change_sets.id = units.set_id;

UPDATE change_sets SET battle_before = json_object(
    'v', 2,
    'result', json_object(
        'status', COALESCE(json_extract(battle_before, '$.status'), 'planned'),
        'sides', json((
            SELECT json_group_array(json_array(
                json_extract(s.value, '$.roster_id'),
                json_extract(s.value, '$.victory_points'),
                json_extract(s.value, '$.result'),
                json_extract(s.value, '$.withdrew'),
                json_extract(s.value, '$.general_slain'),
                json_extract(s.value, '$.quest_points')))
            FROM json_each(change_sets.battle_before, '$.sides') s)),
        'units', json((
            SELECT json_group_array(json_array(
                json_extract(u.value, '$.unit_id'),
                json_extract(u.value, '$.destroyed'),
                json_extract(u.value, '$.slew_hero_or_monster')))
            FROM json_each(change_sets.battle_before, '$.units') u))))
WHERE command = 'battle result' AND CASE WHEN json_valid(battle_before)
    THEN json_type(battle_before) = 'object' AND json_type(battle_before, '$.v') IS NULL END;

-- 2. Columns that repeat their change set's, written from the same values in the same
--    transaction (store/apply.rs): readers take them from the set.
--    `changes.created_at`: no reader (history shows the set's time).
--    `changes.battle_id`: no reader (the log, the audit and undo use the set's battle).
--    `rolls.created_at`, `rolls.battle_id`, `rolls.roster_id`: `ptg rolls` joins the set
--    anyway (for its command); a battle's or roster's rolls are found through the set's
--    indexes (change_sets_battle, change_sets_roster) and rolls_change_set.
ALTER TABLE changes DROP COLUMN created_at;
ALTER TABLE changes DROP COLUMN battle_id;
DROP INDEX rolls_battle;
DROP INDEX rolls_roster;
ALTER TABLE rolls DROP COLUMN created_at;
ALTER TABLE rolls DROP COLUMN battle_id;
ALTER TABLE rolls DROP COLUMN roster_id;
