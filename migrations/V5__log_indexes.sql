-- Indexes for reading the change log and a roster's battles and dice by what they belong to,
-- so a command that shows one roster (its history, its sheet, its undo) reads only that
-- roster's rows, not every row of the league (issue #16).
CREATE INDEX changes_change_set ON changes(change_set_id);
CREATE INDEX changes_unit ON changes(unit_id);
CREATE INDEX change_sets_roster ON change_sets(roster_id);
CREATE INDEX change_sets_campaign ON change_sets(campaign_id);
CREATE INDEX change_sets_battle ON change_sets(battle_id);
CREATE INDEX battle_sides_roster ON battle_sides(roster_id);
CREATE INDEX battle_units_unit ON battle_units(unit_id);
CREATE INDEX battles_campaign ON battles(campaign_id);
CREATE INDEX rolls_roster ON rolls(roster_id);
CREATE INDEX rolls_change_set ON rolls(change_set_id);
CREATE INDEX rewards_roster ON rewards(roster_id);
CREATE INDEX rewards_granted_set ON rewards(granted_set_id);
CREATE INDEX rewards_claimed_set ON rewards(claimed_set_id);
CREATE INDEX tome_entries_roster ON tome_entries(roster_id);
CREATE INDEX quests_roster ON quests(roster_id);
CREATE INDEX rosters_campaign ON rosters(campaign_id);
