//! What one roster did in one battle, as the aftermath and its quest step read it: a leaf
//! both `aftermath` and `quest` use, so neither has to use the other's types.

use super::battle::BattleResult;

/// What one roster did in one battle, as recorded by `battle army` and `battle result`.
#[derive(Debug, Clone, PartialEq)]
pub struct Fought {
    pub battle_id: i64,
    pub points_limit: u32,
    pub battleplan: Option<String>,
    /// Units taken to the battle, by id.
    pub army: Vec<i64>,
    pub destroyed: Vec<i64>,
    /// Units that slew an enemy HERO or MONSTER.
    pub slew: Vec<i64>,
    pub victory_points: u32,
    pub result: BattleResult,
    pub general_slain: bool,
    pub quest_points: u32,
    /// The realm it was fought in, with its favour rules (option `realms`): the battle holds
    /// the name, the operation looks it up in the data.
    pub realm: Option<crate::catalogue::Realm>,
    /// When it was fought (its result recorded): quests started later do not count it.
    pub fought_at: Option<super::campaign_time::CampaignTime>,
}
