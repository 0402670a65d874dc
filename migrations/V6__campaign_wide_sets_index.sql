-- The change sets that belong to a campaign as a whole (`campaign new`, `campaign set` and
-- their undos: no roster, no battle), so the check an asking command makes before it writes
-- ("has anything it read changed meanwhile?") finds a campaign's latest such set at once
-- instead of reading every set without a battle (issue #16).
CREATE INDEX change_sets_campaign_wide ON change_sets(campaign_id)
    WHERE roster_id IS NULL AND battle_id IS NULL;
