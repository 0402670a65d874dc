//! `ptg invite CAMPAIGN --roster R | --organiser | --list | --revoke ID`: links to the league's
//! web pages (`ptg serve`), each carrying a token that gives one roster's rights or the
//! organiser's.

use super::App;
use super::output::{json, line, moment, or_dash, table};
use crate::error::Result;
use crate::ops;
use clap::{ArgGroup, Args};

#[derive(Debug, Args)]
#[command(group(ArgGroup::new("what").required(true)))]
pub struct InviteArgs {
    /// The campaign the invite is to.
    campaign: String,
    /// Invite the player of this roster: they may change it and no other.
    #[arg(long, group = "what")]
    roster: Option<String>,
    /// Invite with the organiser's rights: every roster and battle of the campaign.
    #[arg(long, group = "what")]
    organiser: bool,
    /// List the campaign's invites (their tokens are never shown again).
    #[arg(long, group = "what")]
    list: bool,
    /// Revoke an invite, by its id (see --list) or its token: its link stops working at once.
    #[arg(long, group = "what", value_name = "ID|TOKEN")]
    revoke: Option<String>,
    /// The server's address as the players reach it (`ptg serve --listen`), for the link.
    #[arg(long, default_value = "http://127.0.0.1:8080", value_name = "URL")]
    url: String,
}

pub fn run(app: &mut App, args: InviteArgs) -> Result<()> {
    let json_out = app.json;
    let campaign = app.campaign_id(&args.campaign)?;
    let store = app.store()?;
    if args.list {
        let invites = ops::invite::list(store, campaign)?;
        if json_out {
            return json(&invites);
        }
        let mut t = table(["Id", "For", "Created", "Made by", "Revoked"]);
        for i in &invites {
            let whom = i.roster.clone().unwrap_or_else(|| "the organiser".into());
            t.add_row(vec![
                i.id.to_string(),
                whom,
                moment(&i.created_at),
                i.made_by.map(|m| format!("#{m}")).unwrap_or_else(|| "-".into()),
                or_dash(i.revoked_at.as_deref().map(moment).unwrap_or_default()),
            ]);
        }
        return line(t.to_string());
    }
    if let Some(which) = &args.revoke {
        let invite = ops::invite::revoke(store, campaign, which)?;
        if json_out {
            return json(&invite);
        }
        return line(format!(
            "Invite #{} revoked: its link no longer lets anyone in.",
            invite.id
        ));
    }
    let roster = match args.roster.as_deref() {
        Some(r) => Some(ops::resolve::roster_in(store, campaign, r)?),
        None => None,
    };
    let made = ops::invite::create(store, campaign, roster)?;
    if json_out {
        return json(&made);
    }
    let i = &made.invite;
    let whom = match &i.roster {
        Some(r) => format!("the player of {r}"),
        None => "the organiser".into(),
    };
    let link = format!("{}/invite/{}", args.url.trim_end_matches('/'), made.token);
    line(format!(
        "Invite #{} to {} for {whom}:\n  {link}\nToken (for the API's `Authorization: Bearer`): {}\n\
         Anyone with the link has these rights, and it is shown only now; \
         `ptg invite \"{}\" --revoke {}` stops it.",
        i.id, i.campaign, made.token, i.campaign, i.id
    ))
}
