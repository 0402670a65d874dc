-- Browser sessions of `ptg serve` (issue #30): signing in from an invite link makes a session
-- of its own, so the cookie never holds the invite's token. A session id is 256 random bits;
-- only its SHA-256 is kept. A session belongs to one invite, ends at `expires_at`, and dies
-- with its invite when that is revoked. Sessions, like invites, belong to one server and are
-- not part of a league file.
CREATE TABLE sessions (
    id          INTEGER PRIMARY KEY,
    invite_id   INTEGER NOT NULL REFERENCES invites(id),
    id_hash     TEXT NOT NULL UNIQUE,
    created_at  TEXT NOT NULL,
    expires_at  TEXT NOT NULL
);
CREATE INDEX sessions_invite ON sessions(invite_id);

-- The organiser's invite that made this one from the web (NULL: made with `ptg invite`).
-- Revoking an invite revokes those it made, so a leaked organiser link cannot leave links
-- behind that outlive it.
ALTER TABLE invites ADD COLUMN made_by INTEGER REFERENCES invites(id);
CREATE INDEX invites_made_by ON invites(made_by);
