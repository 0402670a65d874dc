-- Campaign options (issue #17): the older narrative rules a campaign turns on — realms and
-- favour (the Blasted Wastes), triumphs and sudden death (1st-edition rules sheet), allies
-- (2nd-edition core rules). A campaign without options behaves as before.

-- The options in force, as JSON: {"realms":"on","favour":"on","triumphs":"1e",...}; an option
-- left out is off. Kept with `campaign set` change sets in `campaign_before` for undo.
ALTER TABLE campaigns ADD COLUMN options TEXT NOT NULL DEFAULT '{}';

-- The realm a battle is fought in (a name from data/realms), and when the players could not
-- agree, the roster that won the roll-off and picks it.
ALTER TABLE battles ADD COLUMN realm TEXT;
ALTER TABLE battles ADD COLUMN realm_picker_id INTEGER REFERENCES rosters(id);

-- Favour points of a SLAANESH or TZEENTCH roster; every change is in the change log.
ALTER TABLE rosters ADD COLUMN favour INTEGER NOT NULL DEFAULT 0 CHECK (favour >= 0);

-- An allied unit: the faction of another of the roster's grand alliance it comes from
-- (NULL: the roster's own faction).
ALTER TABLE units ADD COLUMN ally_faction TEXT;

-- Things a battle command records beside its sides, each tagged with the change set that
-- wrote it so that undoing that set deletes exactly its rows:
--   a triumph rolled when an army is recorded (`battle army`),
--   a sudden death objective picked by the outnumbered side (`battle sudden-death`),
--   how a result was decided when not by victory points (`battle result`).
CREATE TABLE battle_triumphs (
    battle_id      INTEGER NOT NULL REFERENCES battles(id),
    roster_id      INTEGER NOT NULL REFERENCES rosters(id),
    change_set_id  INTEGER NOT NULL REFERENCES change_sets(id),
    table_name     TEXT NOT NULL,
    triumph        TEXT NOT NULL,
    roll_id        INTEGER REFERENCES rolls(id),
    PRIMARY KEY (battle_id, roster_id)
);

CREATE TABLE battle_sudden_death (
    battle_id      INTEGER NOT NULL REFERENCES battles(id),
    roster_id      INTEGER NOT NULL REFERENCES rosters(id),
    change_set_id  INTEGER NOT NULL REFERENCES change_sets(id),
    objective      TEXT NOT NULL,
    -- What the objective needs picked: the enemy unit to slay (its id) or a terrain feature.
    target_unit_id INTEGER REFERENCES units(id),
    target_text    TEXT,
    PRIMARY KEY (battle_id, roster_id)
);

CREATE TABLE battle_decisions (
    battle_id      INTEGER NOT NULL REFERENCES battles(id),
    roster_id      INTEGER NOT NULL REFERENCES rosters(id),
    change_set_id  INTEGER NOT NULL REFERENCES change_sets(id),
    decided_by     TEXT NOT NULL CHECK (decided_by IN ('sudden_death', 'casualties')),
    models_set_up  INTEGER CHECK (models_set_up >= 0),
    models_lost    INTEGER CHECK (models_lost >= 0),
    models_added   INTEGER CHECK (models_added >= 0),
    PRIMARY KEY (battle_id, roster_id)
);
