//! Starting on the web (issue #32, item 10): the organiser makes the campaign from `ptg serve`'s
//! one-time set-up link and is signed in as its organiser; a new player opens the campaign's
//! join link, makes their own roster and is signed in as its player. Each is one transaction:
//! the campaign (or roster), the invite behind the browser's session, and the session.

use super::invite::{Principal, new_token, token_hash};
use super::roster::NewRoster;
use super::session::{LIFETIME_DAYS, Session};
use super::{live_campaign, pack_of};
use crate::catalogue::Catalogue;
use crate::error::{Error, Result};
use crate::ids::CampaignId;
use crate::rules::options::CampaignOptions;
use crate::rules::roster::WarlordChoice;
use crate::rules::standings::StandingsRule;
use crate::store::{Campaign, Store, Tx, invites, join_links, sessions};

/// What the set-up page is told: the campaign as `campaign new` takes it.
pub struct NewCampaign<'a> {
    pub name: &'a str,
    pub battlepack: &'a str,
    pub legends: bool,
    pub options: &'a [String],
    pub standings: StandingsRule,
}

/// Makes the campaign and its organiser's invite, and signs this browser in with it. Returns
/// the campaign, the organiser's invite token (their link, shown once) and the session.
pub fn start_campaign(
    cat: &Catalogue,
    store: &mut Store,
    new: &NewCampaign,
) -> Result<(Campaign, String, Session)> {
    let pack = cat.battlepack(new.battlepack).map_err(Error::refused)?;
    let mut options = CampaignOptions::default().with(&pack.options, &pack.name, new.options)?;
    options.standings = new.standings;
    let token = new_token()?;
    store.write(|tx| {
        let campaign = super::campaign::create_in(tx, new.name, pack, new.legends, &options)?;
        let session = signed_in(tx, campaign.id, None, &token)?;
        Ok((campaign, token.clone(), session))
    })
}

/// The most rosters an organiser may let one join link make in an hour.
pub const MOST_PER_HOUR: u32 = 1000;

/// A new join link for `campaign` (its token, shown once), made with the organiser's invite
/// `made_by`: it dies when that invite is revoked. The links made before stop working, so only
/// the newest one is out. With `per_hour`, it makes that many rosters an hour, rather than the
/// server's `--joins-per-hour`.
pub fn make_link(
    store: &mut Store,
    campaign: CampaignId,
    made_by: Option<i64>,
    per_hour: Option<u32>,
) -> Result<String> {
    if let Some(n) = per_hour.filter(|n| !(1..=MOST_PER_HOUR).contains(n)) {
        return Err(Error::refused(format!(
            "a join link makes 1 to {MOST_PER_HOUR} rosters an hour, not {n}"
        )));
    }
    let token = new_token()?;
    store.write(|tx| {
        let c = live_campaign(tx, campaign)?;
        join_links::revoke_all(tx, c.id)?;
        join_links::create(tx, c.id, &token_hash(&token), made_by, per_hour)?;
        Ok(token.clone())
    })
}

/// The campaign join link `token` lets a player join, if it is live.
pub fn campaign_of(store: &mut Store, token: &str) -> Result<Option<Campaign>> {
    let hash = token_hash(token);
    store.read(|conn| match join_links::campaign_of(conn, &hash)? {
        Some(id) => Ok(Some(live_campaign(conn, CampaignId(id))?)),
        None => Ok(None),
    })
}

/// What a new player types on the join page: a roster as `roster new` takes it, the campaign
/// being the join link's.
pub struct Joining<'a> {
    pub name: &'a str,
    pub player: &'a str,
    pub faction: &'a str,
    pub warlord: WarlordChoice<'a>,
}

/// What joining made: the roster, its player's own link's token (shown once, to sign in on
/// another device) and this browser's session.
pub struct Joined {
    pub roster_id: i64,
    pub invite_token: String,
    pub session: Session,
}

/// The rosters one join link makes in any hour unless the server says otherwise
/// (`ptg serve --joins-per-hour`): a club's new players, and not a league filled by a link that
/// leaked.
pub const JOINS_PER_HOUR: u32 = 20;

/// Makes a roster of join link `token`'s campaign as `roster new` does, an invite for its
/// player and this browser's session with it. `None` when the link is unknown or revoked, or
/// of a campaign other than `only` (the server's `--campaign`);
/// refused when the link has made `per_hour` rosters in the last hour (or the number its
/// organiser gave it).
pub fn join(
    cat: &Catalogue,
    store: &mut Store,
    token: &str,
    only: Option<i64>,
    joining: &Joining,
    per_hour: u32,
) -> Result<Option<Joined>> {
    let hash = token_hash(token);
    let invite_token = new_token()?;
    store.write(|tx| {
        let Some(link) = join_links::live(tx, &hash)?.filter(|l| only.is_none_or(|o| o == l.campaign_id))
        else {
            return Ok(None);
        };
        let (link_id, campaign_id) = (link.id, link.campaign_id);
        let per_hour = link.per_hour.unwrap_or(per_hour);
        let hour_ago = (chrono::Utc::now() - chrono::Duration::hours(1))
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        let made = join_links::uses_since(tx, link_id, &hour_ago)?;
        if made >= per_hour {
            return Err(Error::refused(format!(
                "this join link has made {made} rosters in the last hour, as many as it may; ask \
                 the organiser to add your roster, or to let the link make more"
            )));
        }
        let c = live_campaign(tx, CampaignId(campaign_id))?;
        let pack = pack_of(cat, &c)?;
        let faction = super::faction_named(cat, joining.faction)?;
        let new = NewRoster {
            name: joining.name,
            campaign: CampaignId(c.id),
            player: joining.player,
            faction: joining.faction,
            warlord: joining.warlord.clone(),
            realm: None,
        };
        let made = super::roster::create_in(tx, pack, faction, &c, &new)?;
        join_links::note_use(tx, link_id, made.roster.id)?;
        let session = signed_in(tx, c.id, Some(made.roster.id), &invite_token)?;
        Ok(Some(Joined {
            roster_id: made.roster.id,
            invite_token: invite_token.clone(),
            session,
        }))
    })
}

/// Inside a transaction: an invite with `token` for campaign `campaign_id` (a roster's player,
/// or the organiser's for `None`) and a session signed in with it.
fn signed_in(tx: &Tx, campaign_id: i64, roster_id: Option<i64>, token: &str) -> Result<Session> {
    let invite_id = invites::create(tx, campaign_id, roster_id, &token_hash(token), None)?;
    let id = new_token()?;
    let expires = (chrono::Utc::now() + chrono::Duration::days(LIFETIME_DAYS))
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    sessions::create(tx, invite_id, &token_hash(&id), &expires)?;
    Ok(Session {
        id,
        principal: Principal {
            invite_id,
            campaign_id,
            roster_id,
        },
    })
}
