-- The keyring (issue #39): a browser keeps every sign-in it was given; links die with what
-- gave them.
--
-- 1. The organiser's invite that made a join link (NULL: made before this version). A join
--    link works only while that invite is not revoked: a leaked organiser link, once revoked,
--    leaves no join link of its making behind.
ALTER TABLE join_links ADD COLUMN made_by INTEGER REFERENCES invites(id);
CREATE INDEX join_links_made_by ON join_links(made_by);

-- 2. The server's secret: 256 random bits made once, on the first sign-in page a server shows.
--    The same-site keys of the sign-in and join forms are derived from it and the page's nonce,
--    so a nonce cookie planted by someone else gives them no key. Belongs to this database's
--    server, like invites and sessions; not part of a league file.
CREATE TABLE server_secret (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    secret  TEXT NOT NULL
);

-- 3. A deleted roster's player keeps no rights: invites of rosters deleted before this version
--    are revoked (`roster delete` revokes them from now on).
UPDATE invites SET revoked_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
WHERE revoked_at IS NULL AND roster_id IN (SELECT id FROM rosters WHERE deleted = 1);
