-- Battles with their two sides and the armies taken, battleplan twists, the dice log, and
-- rewards owed to a roster until the player picks them.

ALTER TABLE battles ADD COLUMN status TEXT NOT NULL DEFAULT 'planned'
    CHECK (status IN ('planned', 'fought'));
-- The roster whose general had fewer renown (or won the roll-off): it picks territories/roles.
ALTER TABLE battles ADD COLUMN roles_roster_id INTEGER REFERENCES rosters(id);

CREATE TABLE battle_sides (
    battle_id         INTEGER NOT NULL REFERENCES battles(id),
    roster_id         INTEGER NOT NULL REFERENCES rosters(id),
    side              INTEGER NOT NULL CHECK (side IN (0, 1)),
    victory_points    INTEGER CHECK (victory_points >= 0),
    result            TEXT CHECK (result IN ('major_victory', 'minor_victory', 'draw',
                                             'minor_defeat', 'major_defeat')),
    withdrew          INTEGER NOT NULL DEFAULT 0 CHECK (withdrew IN (0, 1)),
    general_slain     INTEGER NOT NULL DEFAULT 0 CHECK (general_slain IN (0, 1)),
    quest_points      INTEGER NOT NULL DEFAULT 0 CHECK (quest_points >= 0),
    -- The change set of this roster's aftermath; set once, so an aftermath runs only once.
    aftermath_set_id  INTEGER REFERENCES change_sets(id),
    PRIMARY KEY (battle_id, roster_id),
    UNIQUE (battle_id, side)
);

-- The army each roster took to the battle, and what happened to each unit.
CREATE TABLE battle_units (
    battle_id             INTEGER NOT NULL REFERENCES battles(id),
    roster_id             INTEGER NOT NULL REFERENCES rosters(id),
    unit_id               INTEGER NOT NULL REFERENCES units(id),
    general               INTEGER NOT NULL DEFAULT 0 CHECK (general IN (0, 1)),
    destroyed             INTEGER NOT NULL DEFAULT 0 CHECK (destroyed IN (0, 1)),
    slew_hero_or_monster  INTEGER NOT NULL DEFAULT 0 CHECK (slew_hero_or_monster IN (0, 1)),
    position              INTEGER NOT NULL,
    PRIMARY KEY (battle_id, unit_id)
);
CREATE UNIQUE INDEX one_general ON battle_units(battle_id, roster_id) WHERE general = 1;

-- Every die rolled or typed in.
CREATE TABLE rolls (
    id             INTEGER PRIMARY KEY,
    change_set_id  INTEGER NOT NULL REFERENCES change_sets(id),
    battle_id      INTEGER REFERENCES battles(id),
    roster_id      INTEGER REFERENCES rosters(id),
    purpose        TEXT NOT NULL,
    expression     TEXT NOT NULL,
    faces          TEXT NOT NULL,              -- JSON array of die results
    total          INTEGER NOT NULL,
    source         TEXT NOT NULL CHECK (source IN ('seeded', 'typed')),
    seed           INTEGER,                    -- the RNG seed when source = 'seeded'
    created_at     TEXT NOT NULL
);
CREATE INDEX rolls_battle ON rolls(battle_id);

CREATE TABLE battle_twists (
    battle_id           INTEGER NOT NULL REFERENCES battles(id),
    round               INTEGER NOT NULL CHECK (round >= 1),
    underdog_roster_id  INTEGER NOT NULL REFERENCES rosters(id),
    twist               TEXT NOT NULL,
    roll_id             INTEGER NOT NULL REFERENCES rolls(id),
    PRIMARY KEY (battle_id, round)
);

-- The roll a change came from (e.g. renown from a D3).
ALTER TABLE changes ADD COLUMN roll_id INTEGER REFERENCES rolls(id);

-- Rewards earned (quests, battleplan rewards) and not yet picked; claimed when used.
CREATE TABLE rewards (
    id               INTEGER PRIMARY KEY,
    roster_id        INTEGER NOT NULL REFERENCES rosters(id),
    reward           TEXT NOT NULL,
    source           TEXT NOT NULL,
    unit_id          INTEGER REFERENCES units(id),
    battle_id        INTEGER REFERENCES battles(id),
    granted_set_id   INTEGER NOT NULL REFERENCES change_sets(id),
    claimed_set_id   INTEGER REFERENCES change_sets(id)
);
