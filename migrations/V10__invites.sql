-- Invites to the league's web pages (issue #20, `ptg invite` / `ptg serve`): a link holding a
-- random token gives its holder one roster's rights (roster_id) or the organiser's (NULL).
-- Only the token's SHA-256 is stored, so a copy of the database gives nobody a way in; a
-- revoked invite stops working at once. Invites are not part of a league file (`ptg export`):
-- they belong to one server, and the organiser invites the players again after an import.
CREATE TABLE invites (
    id           INTEGER PRIMARY KEY,
    campaign_id  INTEGER NOT NULL REFERENCES campaigns(id),
    roster_id    INTEGER REFERENCES rosters(id),
    token_hash   TEXT NOT NULL UNIQUE,
    created_at   TEXT NOT NULL,
    revoked_at   TEXT
);
CREATE INDEX invites_campaign ON invites(campaign_id);
