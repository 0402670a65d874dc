-- Audit checkpoints keyed also on the position of their roster's log (issue 42): the newest
-- change set listed for the roster in `roster_sets` (kept `set_id`), how many sets are listed
-- (`sets`: a side named later lists an older set) and how many of them are not in force
-- (`not_in_force`: an undo marks the sets it undoes), with the data key (which now holds the
-- campaign's settings too). V18's triggers stay: they drop a roster's checkpoint on any change
-- to a row its audit reads, so a plain or `--roster` audit still finds a row edited by hand.
-- (Dropping them saved every command ~0.9 ms of schema parsing on open, but then `audit
-- --roster` had to replay the roster every time to find a hand edit: 11-13x `ptg --version`
-- for a roster of 400 battles, against 2x with the checkpoint; docs/PERFORMANCE.md.)
--
-- The checkpoints kept so far had no log position: dropped, so the first audit after the
-- upgrade replays every roster once.
DELETE FROM audit_checkpoints;
ALTER TABLE audit_checkpoints ADD COLUMN sets INTEGER NOT NULL DEFAULT 0 CHECK (sets >= 0);
ALTER TABLE audit_checkpoints ADD COLUMN not_in_force INTEGER NOT NULL DEFAULT 0 CHECK (not_in_force >= 0);
