//! A campaign looked up within what this server serves (`Server::in_scope`): the resources'
//! pages and actions all start from it.

use crate::error::Error;
use crate::ops;

/// The campaign's name, if this server serves it: one look-up of that campaign, not the list
/// of every campaign with its counts (which every page of a campaign asks, issue #32).
pub(in crate::server) fn campaign_name(
    s: &crate::server::Server,
    store: &mut crate::store::Store,
    id: i64,
) -> crate::error::Result<String> {
    let unknown = || Error::refused(format!("there is no campaign with id {id}"));
    if !s.in_scope(id) {
        return Err(unknown());
    }
    match ops::campaign::get(store, crate::ids::CampaignId(id)) {
        Ok(campaign) => Ok(campaign.name),
        Err(Error::Refused { .. }) => Err(unknown()),
        Err(e) => Err(e),
    }
}
