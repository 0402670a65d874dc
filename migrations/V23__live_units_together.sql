-- A roster's Order of Battle read from one place (issue 42). The units a roster has on its
-- Order of Battle were added over years of battles, so their rows lie one to a page through
-- the file: a command reading a roster read a page per unit, and every reading command and
-- page starts with a cold cache. This index holds every column a shown unit is read with,
-- for the units not retired and not taken off by an undo only, in roster order, so a
-- roster's Order of Battle is one or two pages (`store::rosters::units::shown` names it:
-- without statistics the planner kept `units_standing`). Alternated with the binary
-- before, in both orders: `battle show` 0.85-0.89, `roster show` 0.91 at 10,000 battles.
CREATE INDEX units_live ON units(roster_id, id, warscroll, name, points, unit_size, reinforceable,
    reinforced, keywords, warlord, renown, rank, path, retired, ally_faction)
    WHERE retired = 0 AND removed = 0;
