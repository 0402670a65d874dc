-- The rosters each join link made, and when (issue #39): a join link makes at most
-- `ptg serve --joins-per-hour` rosters in any hour, so a link that leaked cannot fill a league
-- with rosters. Like join links, it belongs to one server and is not part of a league file.
CREATE TABLE join_link_uses (
    id            INTEGER PRIMARY KEY,
    join_link_id  INTEGER NOT NULL REFERENCES join_links(id),
    roster_id     INTEGER NOT NULL REFERENCES rosters(id),
    joined_at     TEXT NOT NULL
);
CREATE INDEX join_link_uses_link ON join_link_uses(join_link_id, joined_at);

-- What the organiser let one join link make in an hour when they made it, above the server's
-- `--joins-per-hour` (NULL: the server's).
ALTER TABLE join_links ADD COLUMN per_hour INTEGER;
