-- Renames and deletions (issue #19). A roster's name is unique within its campaign, so two
-- campaigns may each have a "Hammers of Dawn" (a name that is ambiguous is typed as
-- CAMPAIGN/ROSTER). `campaign delete` and `roster delete` hide the row (`deleted = 1`) instead
-- of removing it, so battles and the change log keep what they refer to and `ptg undo` brings
-- it back; while it is deleted its name is free for a new campaign or roster.
--
-- SQLite cannot drop a UNIQUE constraint, so both tables are rebuilt the way SQLite's manual
-- says (create, copy, drop, rename): foreign keys are off while migrations run, and every row
-- keeps its id, so the rows that refer to them stay valid.

CREATE TABLE campaigns_v9 (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL COLLATE NOCASE,
    battlepack  TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    legends     INTEGER NOT NULL DEFAULT 0 CHECK (legends IN (0, 1)),
    options     TEXT NOT NULL DEFAULT '{}',
    deleted     INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1))
);
INSERT INTO campaigns_v9 (id, name, battlepack, created_at, legends, options)
    SELECT id, name, battlepack, created_at, legends, options FROM campaigns;
DROP TABLE campaigns;
ALTER TABLE campaigns_v9 RENAME TO campaigns;
CREATE UNIQUE INDEX campaign_names ON campaigns(name) WHERE deleted = 0;

CREATE TABLE rosters_v9 (
    id              INTEGER PRIMARY KEY,
    campaign_id     INTEGER NOT NULL REFERENCES campaigns(id),
    name            TEXT NOT NULL COLLATE NOCASE,
    player          TEXT NOT NULL,
    faction         TEXT NOT NULL,
    realm           TEXT,
    glory           INTEGER NOT NULL DEFAULT 0 CHECK (glory >= 0),
    setup_complete  INTEGER NOT NULL DEFAULT 0 CHECK (setup_complete IN (0, 1)),
    created_at      TEXT NOT NULL,
    favour          INTEGER NOT NULL DEFAULT 0 CHECK (favour >= 0),
    deleted         INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1))
);
INSERT INTO rosters_v9 (id, campaign_id, name, player, faction, realm, glory, setup_complete,
                        created_at, favour)
    SELECT id, campaign_id, name, player, faction, realm, glory, setup_complete, created_at, favour
    FROM rosters;
DROP TABLE rosters;
ALTER TABLE rosters_v9 RENAME TO rosters;
CREATE INDEX rosters_campaign ON rosters(campaign_id);
CREATE UNIQUE INDEX roster_names ON rosters(campaign_id, name) WHERE deleted = 0;
CREATE INDEX live_roster_names ON rosters(name) WHERE deleted = 0;
