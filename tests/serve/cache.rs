//! The pages kept for readers who are no one in particular (issue 42, `server::cache`): one
//! router answers many requests, so a page it kept would be answered again. A write by any
//! process (the CLI on the same file, the server's own API) is seen on the very next request,
//! and a signed-in player's page (their forms and form keys) is never kept nor given to
//! anyone else, nor the page kept for everyone given to them.

use crate::common;
use crate::serve_support;

use axum::http::{StatusCode, header};
use common::{ASHEN_VALE, HAMMERS, Ptg};
use ptg::catalogue::Catalogue;
use ptg::server::{Server, router};
use serde_json::json;
use serve_support::{Answer, api_post, campaign_id, get_via, invite, roster_id, send_via, sign_in};

fn server_of(p: &Ptg) -> axum::Router {
    router(Server::new(p.db(), Catalogue::load(&[]).unwrap(), false, None))
}

async fn anonymous(app: &axum::Router, uri: &str) -> Answer {
    let request = axum::http::Request::get(uri)
        .body(axum::body::Body::empty())
        .unwrap();
    let answer = send_via(app, request).await;
    assert_eq!(answer.status, StatusCode::OK, "{uri}: {}", answer.body);
    answer
}

#[tokio::test]
async fn a_kept_page_is_never_answered_after_a_write_by_any_process() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    let (hammers, vale) = (roster_id(&p, HAMMERS), campaign_id(&p, ASHEN_VALE));
    let app = server_of(&p);
    let roster = format!("/rosters/{hammers}");
    let league = format!("/campaigns/{vale}");
    let api = format!("/api/rosters/{hammers}");
    // Drawn, then answered again as kept: the same page, with its type and security headers.
    let first = anonymous(&app, &roster).await;
    let again = anonymous(&app, &roster).await;
    assert_eq!(first.body, again.body);
    assert_eq!(
        first.headers.get(header::CONTENT_TYPE),
        again.headers.get(header::CONTENT_TYPE)
    );
    assert!(again.headers.contains_key(header::CONTENT_SECURITY_POLICY));
    anonymous(&app, &league).await;
    anonymous(&app, &api).await;

    // The CLI writes the same file: the next request of each kept page sees it.
    p.ok(&["roster", "rename", HAMMERS, "Dawn Hammers"]);
    assert!(anonymous(&app, &roster).await.body.contains("Dawn Hammers"));
    assert!(anonymous(&app, &league).await.body.contains("Dawn Hammers"));
    assert!(anonymous(&app, &api).await.body.contains("Dawn Hammers"));

    // Kept again, then the server's own API writes (a connection of its own): seen next too.
    let before = anonymous(&app, &api).await.body;
    assert!(!before.contains("Liberators"), "{before}");
    let token = invite(&p, &["--roster", "Dawn Hammers"]);
    let added = send_via(
        &app,
        api_post(
            &format!("/api/rosters/{hammers}/units"),
            Some(&token),
            json!({"warscroll": "Liberators"}),
        ),
    )
    .await;
    assert_eq!(added.status, StatusCode::OK, "{}", added.body);
    assert!(anonymous(&app, &api).await.body.contains("Liberators"));
    assert!(anonymous(&app, &roster).await.body.contains("Liberators"));
}

#[tokio::test]
async fn one_reader_s_view_is_never_served_to_another() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    let hammers = roster_id(&p, HAMMERS);
    let app = server_of(&p);
    let roster = format!("/rosters/{hammers}");
    let player = sign_in(&p, HAMMERS).await;
    // Everyone's page first, kept: the player still gets their own, with its forms.
    let everyone = anonymous(&app, &roster).await.body;
    assert!(
        !everyone.contains("name=\"key\""),
        "no form for everyone: {everyone}"
    );
    let theirs = get_via(&app, &roster, &player).await;
    assert_eq!(theirs.status, StatusCode::OK, "{}", theirs.body);
    assert!(
        theirs.body.contains("name=\"key\""),
        "the player's forms: {}",
        theirs.body
    );
    // The player's page drawn again, then everyone's: never the player's.
    let theirs_again = get_via(&app, &roster, &player).await;
    assert!(theirs_again.body.contains("name=\"key\""));
    let after = anonymous(&app, &roster).await.body;
    assert!(
        !after.contains("name=\"key\""),
        "the player's page given to everyone: {after}"
    );
    assert_eq!(after, everyone);
    // A script with the player's token gets its own answer too, never the one kept.
    let token = invite(&p, &["--roster", HAMMERS]);
    anonymous(&app, &format!("/api/rosters/{hammers}")).await;
    let with_token = send_via(
        &app,
        serve_support::api_get(&format!("/api/rosters/{hammers}"), Some(&token)),
    )
    .await;
    assert_eq!(with_token.status, StatusCode::OK, "{}", with_token.body);
}
