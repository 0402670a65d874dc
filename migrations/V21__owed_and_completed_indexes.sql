-- A roster's rewards still owed and its completed quests, each read through an index of its
-- own (issue 42). Every roster command and page and every battle page reads both; through the
-- roster's index of all its rewards and quests they cost a row look-up for every reward ever
-- granted and every quest ever embarked on, scattered over the file as the league grew (at
-- 10,000 battles ~11% of a battle page's work). Owed rewards are few at any time: a partial
-- index holds only them. The quests' index holds their status and names, so it answers "the
-- completed quests, in order" alone (a partial index would not: SQLite still reads `status`
-- from the row). It begins with the roster, as V5's `quests_roster` does, so that one is
-- dropped: every read of quests names their status, and one index fewer is less schema for
-- every command to parse and one write fewer for every quest.
CREATE INDEX rewards_owed ON rewards(roster_id, id) WHERE claimed_set_id IS NULL;
CREATE INDEX quests_by_status ON quests(roster_id, status, id, quest);
DROP INDEX quests_roster;
