-- Campaigns, rosters and their Order of Battle, the Arcane Tome, the Quest Log, battles,
-- and the change log that current values must reconcile with.

CREATE TABLE campaigns (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE COLLATE NOCASE,
    battlepack  TEXT NOT NULL,
    created_at  TEXT NOT NULL
);

CREATE TABLE rosters (
    id              INTEGER PRIMARY KEY,
    campaign_id     INTEGER NOT NULL REFERENCES campaigns(id),
    name            TEXT NOT NULL UNIQUE COLLATE NOCASE,
    player          TEXT NOT NULL,
    faction         TEXT NOT NULL,
    realm           TEXT,
    glory           INTEGER NOT NULL DEFAULT 0 CHECK (glory >= 0),
    setup_complete  INTEGER NOT NULL DEFAULT 0 CHECK (setup_complete IN (0, 1)),
    created_at      TEXT NOT NULL
);

CREATE TABLE units (
    id              INTEGER PRIMARY KEY,
    roster_id       INTEGER NOT NULL REFERENCES rosters(id),
    warscroll       TEXT NOT NULL,
    name            TEXT,
    points          INTEGER NOT NULL CHECK (points >= 0),
    unit_size       INTEGER NOT NULL CHECK (unit_size >= 1),
    reinforceable   INTEGER NOT NULL CHECK (reinforceable IN (0, 1)),
    reinforced      INTEGER NOT NULL DEFAULT 0 CHECK (reinforced IN (0, 1)),
    keywords        TEXT NOT NULL,             -- JSON array, as recorded when the unit joined
    warlord         INTEGER NOT NULL DEFAULT 0 CHECK (warlord IN (0, 1)),
    renown          INTEGER NOT NULL DEFAULT 0 CHECK (renown >= 0),
    rank            TEXT,
    path            TEXT,
    retired         INTEGER NOT NULL DEFAULT 0 CHECK (retired IN (0, 1)),
    created_at      TEXT NOT NULL
);
CREATE INDEX units_roster ON units(roster_id);
CREATE UNIQUE INDEX one_warlord ON units(roster_id) WHERE warlord = 1;

CREATE TABLE unit_abilities (
    unit_id  INTEGER NOT NULL REFERENCES units(id),
    rank     TEXT NOT NULL,
    ability  TEXT NOT NULL,
    PRIMARY KEY (unit_id, rank)
);

CREATE TABLE enhancements (
    id          INTEGER PRIMARY KEY,
    roster_id   INTEGER NOT NULL REFERENCES rosters(id),
    unit_id     INTEGER NOT NULL REFERENCES units(id),
    table_name  TEXT NOT NULL,
    kind        TEXT NOT NULL,
    name        TEXT NOT NULL,
    UNIQUE (unit_id, table_name)
);
CREATE INDEX enhancements_roster ON enhancements(roster_id);

CREATE TABLE tome_entries (
    id          INTEGER PRIMARY KEY,
    roster_id   INTEGER NOT NULL REFERENCES rosters(id),
    kind        TEXT NOT NULL CHECK (kind IN ('spell', 'prayer', 'manifestation')),
    name        TEXT NOT NULL,
    lore        TEXT NOT NULL,
    value       INTEGER,
    wild        INTEGER NOT NULL DEFAULT 0 CHECK (wild IN (0, 1)),
    position    INTEGER NOT NULL,
    UNIQUE (roster_id, kind, name)
);

CREATE TABLE quests (
    id          INTEGER PRIMARY KEY,
    roster_id   INTEGER NOT NULL REFERENCES rosters(id),
    quest       TEXT NOT NULL,
    unit_id     INTEGER REFERENCES units(id),
    points      INTEGER NOT NULL DEFAULT 0 CHECK (points >= 0),
    status      TEXT NOT NULL CHECK (status IN ('current', 'completed', 'dropped')),
    started_at  TEXT NOT NULL,
    ended_at    TEXT
);
CREATE UNIQUE INDEX one_current_quest ON quests(roster_id) WHERE status = 'current';

CREATE TABLE battles (
    id            INTEGER PRIMARY KEY,
    campaign_id   INTEGER NOT NULL REFERENCES campaigns(id),
    points_limit  INTEGER NOT NULL CHECK (points_limit > 0),
    battleplan    TEXT,
    created_at    TEXT NOT NULL
);

-- One row per command that wrote: the unit of undo.
CREATE TABLE change_sets (
    id           INTEGER PRIMARY KEY,
    campaign_id  INTEGER REFERENCES campaigns(id),
    roster_id    INTEGER REFERENCES rosters(id),
    battle_id    INTEGER REFERENCES battles(id),
    command      TEXT NOT NULL,
    summary      TEXT NOT NULL,
    created_at   TEXT NOT NULL
);

-- One row per change: what changed (kind + JSON payload), why, to which unit, in which battle.
CREATE TABLE changes (
    id             INTEGER PRIMARY KEY,
    change_set_id  INTEGER NOT NULL REFERENCES change_sets(id),
    roster_id      INTEGER REFERENCES rosters(id),
    unit_id        INTEGER REFERENCES units(id),
    battle_id      INTEGER REFERENCES battles(id),
    kind           TEXT NOT NULL,
    payload        TEXT NOT NULL,
    description    TEXT NOT NULL,
    created_at     TEXT NOT NULL
);
CREATE INDEX changes_roster ON changes(roster_id);
