-- The glory each roster earned in change sets still in force (neither undone nor an undo),
-- kept beside the log (issue #32): the league table read it by summing every roster's
-- `gain_glory` changes over the whole log on every view, which bound the league page to
-- ~300 a second at 1,000 battles. `store::kept` keeps it in the transaction of every change
-- that gains glory and of every undo; `ptg audit` checks it against the log; `ptg import`
-- counts it again from the file's log (a league file does not carry it).
ALTER TABLE rosters ADD COLUMN glory_earned INTEGER NOT NULL DEFAULT 0 CHECK (glory_earned >= 0);

-- Counted from the log as the league table counted it; a payload that is not JSON counts
-- nothing here (the audit reports it as unreadable) rather than failing the upgrade.
UPDATE rosters SET glory_earned = (
    SELECT COALESCE(SUM(CASE WHEN json_valid(c.payload)
                             THEN json_extract(c.payload, '$.amount') END), 0)
    FROM changes c JOIN change_sets s ON s.id = c.change_set_id
    WHERE c.roster_id = rosters.id AND c.kind = 'gain_glory'
      AND s.undoes IS NULL AND s.undone_by IS NULL
);
