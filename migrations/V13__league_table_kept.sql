-- What the league table shows of each roster, kept beside what it is counted from, and the
-- indexes of the league page's other reads (issue #32).
--
-- The table summed every roster's `gain_glory` changes over the whole change log, and read
-- every side of every battle for the results, on every view, which bound the league page to
-- ~300 a second at 1,000 battles. `store::kept` keeps these in the transaction of every
-- command that changes what they count (a glory gain, an undo, a result recorded or put back,
-- a battle cancelled); `ptg audit` checks them against the log and the battles; `ptg import`
-- counts them again from the file (a league file does not carry them).

-- The glory earned in change sets still in force (neither undone nor an undo).
ALTER TABLE rosters ADD COLUMN glory_earned INTEGER NOT NULL DEFAULT 0 CHECK (glory_earned >= 0);
-- How many of each result the roster had in battles not cancelled.
ALTER TABLE rosters ADD COLUMN major_victories INTEGER NOT NULL DEFAULT 0 CHECK (major_victories >= 0);
ALTER TABLE rosters ADD COLUMN minor_victories INTEGER NOT NULL DEFAULT 0 CHECK (minor_victories >= 0);
ALTER TABLE rosters ADD COLUMN draws INTEGER NOT NULL DEFAULT 0 CHECK (draws >= 0);
ALTER TABLE rosters ADD COLUMN minor_defeats INTEGER NOT NULL DEFAULT 0 CHECK (minor_defeats >= 0);
ALTER TABLE rosters ADD COLUMN major_defeats INTEGER NOT NULL DEFAULT 0 CHECK (major_defeats >= 0);

-- Counted as the league table counted them; a payload that is not JSON counts nothing here
-- (the audit reports it as unreadable) rather than failing the upgrade.
UPDATE rosters SET
    glory_earned = (
        SELECT COALESCE(SUM(CASE WHEN json_valid(c.payload)
                                 THEN json_extract(c.payload, '$.amount') END), 0)
        FROM changes c JOIN change_sets s ON s.id = c.change_set_id
        WHERE c.roster_id = rosters.id AND c.kind = 'gain_glory'
          AND s.undoes IS NULL AND s.undone_by IS NULL),
    major_victories = (
        SELECT COUNT(*) FROM battle_sides s JOIN battles b ON b.id = s.battle_id
        WHERE s.roster_id = rosters.id AND b.cancelled = 0 AND s.result = 'major_victory'),
    minor_victories = (
        SELECT COUNT(*) FROM battle_sides s JOIN battles b ON b.id = s.battle_id
        WHERE s.roster_id = rosters.id AND b.cancelled = 0 AND s.result = 'minor_victory'),
    draws = (
        SELECT COUNT(*) FROM battle_sides s JOIN battles b ON b.id = s.battle_id
        WHERE s.roster_id = rosters.id AND b.cancelled = 0 AND s.result = 'draw'),
    minor_defeats = (
        SELECT COUNT(*) FROM battle_sides s JOIN battles b ON b.id = s.battle_id
        WHERE s.roster_id = rosters.id AND b.cancelled = 0 AND s.result = 'minor_defeat'),
    major_defeats = (
        SELECT COUNT(*) FROM battle_sides s JOIN battles b ON b.id = s.battle_id
        WHERE s.roster_id = rosters.id AND b.cancelled = 0 AND s.result = 'major_defeat');

-- What else the league page reads on every view, each from an index alone: the renown and
-- count of the units on each Order of Battle (rather than every unit row the roster ever
-- had), the battles of a campaign not cancelled (counted, and the newest listed), and the
-- sides still waiting on an aftermath ("What's next": a few, rather than every side of the
-- league).
CREATE INDEX units_standing ON units(roster_id, retired, removed, renown);
CREATE INDEX battles_standing ON battles(campaign_id, cancelled);
CREATE INDEX open_sides ON battle_sides(battle_id, side) WHERE aftermath_set_id IS NULL;
