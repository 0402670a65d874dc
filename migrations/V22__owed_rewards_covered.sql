-- A roster's owed rewards read from their index alone (issue 42). SQLite (3.54, as ptg
-- bundles it) did not choose V21's `rewards_owed` over the roster's index of all its rewards:
-- either way each owed reward's row was looked up for its reward, source and unit, on every
-- roster command and page and twice on every battle page (~15% of a battle page's work at
-- 10,000 battles). This index holds those columns, and `claimed_set_id` too: a column only
-- the partial index's condition names is still read from the row unless the index holds it.
-- EXPLAIN QUERY PLAN now says COVERING INDEX rewards_owed.
DROP INDEX rewards_owed;
CREATE INDEX rewards_owed ON rewards(roster_id, id, reward, source, unit_id, claimed_set_id)
    WHERE claimed_set_id IS NULL;
