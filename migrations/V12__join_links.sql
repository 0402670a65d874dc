-- Join links (issue #32): the organiser's link that lets a new player make their own roster
-- of the campaign from the web and be signed in as its player. Like invites, only the token's
-- SHA-256 is kept; a revoked link stops working at once. Not part of a league file.
CREATE TABLE join_links (
    id           INTEGER PRIMARY KEY,
    campaign_id  INTEGER NOT NULL REFERENCES campaigns(id),
    token_hash   TEXT NOT NULL UNIQUE,
    created_at   TEXT NOT NULL,
    revoked_at   TEXT
);
CREATE INDEX join_links_campaign ON join_links(campaign_id);
