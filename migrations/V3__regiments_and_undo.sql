-- Regiments of the army taken to a battle, and what undo needs: units an undone command added,
-- battles an undone command planned, which change set reverses which, and the battle as it
-- was before a battle command (restored when that command is undone).

-- The HERO leading the regiment this unit is in (a leader names itself); NULL if not recorded.
ALTER TABLE battle_units ADD COLUMN regiment INTEGER REFERENCES units(id);

ALTER TABLE units ADD COLUMN removed INTEGER NOT NULL DEFAULT 0 CHECK (removed IN (0, 1));
ALTER TABLE battles ADD COLUMN cancelled INTEGER NOT NULL DEFAULT 0 CHECK (cancelled IN (0, 1));

ALTER TABLE change_sets ADD COLUMN undoes INTEGER REFERENCES change_sets(id);
ALTER TABLE change_sets ADD COLUMN undone_by INTEGER REFERENCES change_sets(id);
-- JSON of the battle's sides and armies before a battle command, for undo.
ALTER TABLE change_sets ADD COLUMN battle_before TEXT;
