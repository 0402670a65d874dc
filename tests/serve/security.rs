//! `ptg serve`'s doors against a forged or careless request (issue #30): no API write with a
//! browser's cookie alone, sign-in only through the link's own page, sessions of their own
//! that die with their invite and with the organiser's invite that made it, `--private`
//! reading one campaign only, yes/no fields that read only yes or no, and the framework's own
//! refusals in the API's shape. Every refusal leaves the database unchanged.

use crate::common;
use crate::serve_support;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::league::{LEAGUE, LEAGUE_FIXTURE, SILKEN};
use common::{HAMMERS, Ptg, RATS};
use serde_json::json;
use serve_support::{
    api_get, api_post, campaign_id, form, form_key, invite, page, roster_id, send, send_to, set_cookie,
    sign_in, sign_in_page, sign_in_token, sign_in_with,
};

/// A request as `base` with the session cookie added.
fn with_cookie(mut r: Request<Body>, cookie: &str) -> Request<Body> {
    r.headers_mut().insert(header::COOKIE, cookie.parse().unwrap());
    r
}

#[tokio::test]
async fn an_api_write_with_the_session_cookie_alone_is_refused() {
    let p = LEAGUE_FIXTURE.copy();
    let id = campaign_id(&p, LEAGUE);
    let organiser = sign_in_with(&p, &["--organiser"]).await;
    let rats = roster_id(&p, RATS);
    let before = p.fingerprint();
    // What another site's page could make the organiser's browser send: no body, no token.
    for request in [
        Request::post(format!("/api/campaigns/{id}/undo"))
            .body(Body::empty())
            .unwrap(),
        api_post(&format!("/api/campaigns/{id}/undo"), None, json!({})),
        api_post(
            &format!("/api/rosters/{rats}/quest"),
            None,
            json!({"quest": "Seek Glory in Battle"}),
        ),
        Request::delete(format!("/api/campaigns/{id}"))
            .body(Body::empty())
            .unwrap(),
    ] {
        let uri = request.uri().to_string();
        let refused = send(&p, with_cookie(request, &organiser)).await;
        assert_eq!(
            refused.status,
            StatusCode::UNAUTHORIZED,
            "{uri}: {}",
            refused.body
        );
        assert!(
            refused.json()["error"]
                .as_str()
                .unwrap()
                .contains("Authorization: Bearer"),
            "{}",
            refused.body
        );
    }
    assert_eq!(p.fingerprint(), before, "nothing undone");
    // With the token, the same undo is done.
    let token = invite(&p, &["--organiser"]);
    let done = send(
        &p,
        api_post(&format!("/api/campaigns/{id}/undo"), Some(&token), json!({})),
    )
    .await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
}

#[tokio::test]
async fn an_invite_link_signs_in_only_from_its_own_page() {
    let p = LEAGUE_FIXTURE.copy();
    let token = invite(&p, &["--roster", RATS]);
    let before = p.fingerprint();
    // Opening the link shows a button and signs nothing in.
    let link = send(&p, api_get(&format!("/invite/{token}"), None)).await;
    assert_eq!(link.status, StatusCode::OK);
    assert!(set_cookie(&link, "ptg_session=").is_none());
    assert!(
        link.body.contains("Sign in as the player of Rat Tide"),
        "{}",
        link.body
    );
    assert_eq!(link.headers[header::X_FRAME_OPTIONS], "DENY");
    assert_eq!(p.fingerprint(), before);
    // Another site's form posting the link (login CSRF): no page cookie, or a wrong key.
    let (key, nonce) = sign_in_page(&p, &token).await;
    for (cookie, key) in [(None, key.as_str()), (Some(nonce.as_str()), "0000"), (None, "")] {
        let forged = send(&p, form(&format!("/invite/{token}"), cookie, &[("key", key)])).await;
        assert_eq!(forged.status, StatusCode::FORBIDDEN, "{}", forged.body);
        assert!(set_cookie(&forged, "ptg_session=").is_none());
    }
    assert_eq!(p.fingerprint(), before, "no session made");
    // From the page itself: signed in, with a session that is not the token.
    let cookie = sign_in_token(&p, &token).await;
    assert!(!cookie.contains(&token));
    let rats = roster_id(&p, RATS);
    assert!(
        page(&p, &format!("/rosters/{rats}"), &cookie)
            .await
            .contains("Sign out")
    );
    // Signing in again from that browser ends the session it held.
    let (key, nonce) = sign_in_page(&p, &token).await;
    let again = send(
        &p,
        form(
            &format!("/invite/{token}"),
            Some(&format!("{nonce}; {cookie}")),
            &[("key", &key)],
        ),
    )
    .await;
    assert_eq!(again.status, StatusCode::SEE_OTHER, "{}", again.body);
    assert!(
        !page(&p, &format!("/rosters/{rats}"), &cookie)
            .await
            .contains("Sign out")
    );
    let renewed = set_cookie(&again, "ptg_session=").unwrap();
    assert!(
        page(&p, &format!("/rosters/{rats}"), &renewed)
            .await
            .contains("Sign out")
    );
}

/// Turns the clock past every session's end.
fn expire_sessions(p: &Ptg) {
    let conn = rusqlite::Connection::open(p.db()).unwrap();
    conn.execute("UPDATE sessions SET expires_at = '2000-01-01T00:00:00Z'", [])
        .unwrap();
}

#[tokio::test]
async fn a_session_ends_with_its_time_and_with_its_invite() {
    let p = LEAGUE_FIXTURE.copy();
    let rats = roster_id(&p, RATS);
    let cookie = sign_in(&p, RATS).await;
    let seen = page(&p, &format!("/rosters/{rats}"), &cookie).await;
    assert!(seen.contains("Sign out"));
    expire_sessions(&p);
    let ended = send(
        &p,
        with_cookie(api_get(&format!("/rosters/{rats}"), None), &cookie),
    )
    .await;
    assert!(
        !ended.body.contains("Sign out") && !ended.body.contains(r#"name="key""#),
        "{}",
        ended.body
    );
    // The browser is told to drop the cookie of a session that is over.
    let dropped = ended.headers[header::SET_COOKIE].to_str().unwrap();
    assert!(
        dropped.starts_with("ptg_session=;") && dropped.contains("Max-Age=0"),
        "{dropped}"
    );
    let key = form_key(&seen);
    let before = p.fingerprint();
    let refused = send(
        &p,
        form(
            &format!("/rosters/{rats}/quest"),
            Some(&cookie),
            &[("key", &key), ("quest", "Seek Glory in Battle")],
        ),
    )
    .await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED, "{}", refused.body);
    assert_eq!(p.fingerprint(), before);
}

#[tokio::test]
async fn revoking_an_organiser_s_invite_revokes_the_links_it_made_and_their_sessions() {
    let p = LEAGUE_FIXTURE.copy();
    let id = campaign_id(&p, LEAGUE);
    let leaked = invite(&p, &["--organiser"]);
    let leaked_id = p
        .json(&["invite", LEAGUE, "--list"])
        .as_array()
        .unwrap()
        .last()
        .unwrap()["id"]
        .clone();
    // With the leaked link: another organiser's link, and a player's.
    let mint = |body: serde_json::Value| {
        let p = &p;
        let leaked = leaked.clone();
        async move {
            let made = send(
                p,
                api_post(&format!("/api/campaigns/{id}/invites"), Some(&leaked), body),
            )
            .await;
            assert_eq!(made.status, StatusCode::OK, "{}", made.body);
            made.json()["token"].as_str().unwrap().to_string()
        }
    };
    let second = mint(json!({})).await;
    let rats = roster_id(&p, RATS);
    let player = mint(json!({ "roster_id": rats })).await;
    // ... and a third organiser's made by the second.
    let third = {
        let made = send(
            &p,
            api_post(&format!("/api/campaigns/{id}/invites"), Some(&second), json!({})),
        )
        .await;
        made.json()["token"].as_str().unwrap().to_string()
    };
    let browser = sign_in_token(&p, &second).await;
    // The organiser's own link from the command line is kept.
    let own = invite(&p, &["--organiser"]);
    p.ok(&["invite", LEAGUE, "--revoke", &leaked_id.to_string()]);
    for token in [&leaked, &second, &third, &player] {
        let refused = send(&p, api_get(&format!("/api/campaigns/{id}/invites"), Some(token))).await;
        assert_eq!(refused.status, StatusCode::UNAUTHORIZED, "{}", refused.body);
    }
    let organise = page(&p, &format!("/campaigns/{id}/organise"), &browser).await;
    assert!(
        !organise.contains(r#"name="key""#),
        "the second's session is over: {organise}"
    );
    let listed = p.json(&["invite", LEAGUE, "--list"]);
    let live: Vec<_> = listed
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["revoked_at"].is_null())
        .collect();
    assert_eq!(live.len(), 1, "only the command line's own: {listed}");
    let made_by: Vec<_> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["made_by"].clone())
        .collect();
    let leaked_id = leaked_id.as_i64().unwrap();
    let second_id = leaked_id + 1;
    assert_eq!(
        made_by,
        vec![
            json!(null),
            json!(leaked_id),
            json!(leaked_id),
            json!(second_id),
            json!(null)
        ],
        "{listed}"
    );
    let kept = send(&p, api_get(&format!("/api/campaigns/{id}/invites"), Some(&own))).await;
    assert_eq!(kept.status, StatusCode::OK);
}

#[tokio::test]
async fn a_private_server_shows_an_invite_its_own_campaign_only() {
    let p = LEAGUE_FIXTURE.copy();
    p.ok(&["campaign", "new", "Other Vale"]);
    let other = campaign_id(&p, "Other Vale");
    let token = invite(&p, &["--roster", SILKEN]);
    let mine = campaign_id(&p, LEAGUE);
    let list = send_to(&p, true, None, api_get("/api/campaigns", Some(&token))).await;
    assert_eq!(list.status, StatusCode::OK);
    let names: Vec<_> = list
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].clone())
        .collect();
    assert_eq!(names, vec![json!(LEAGUE)]);
    let theirs = send_to(
        &p,
        true,
        None,
        api_get(&format!("/campaigns/{other}"), Some(&token)),
    )
    .await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND, "{}", theirs.body);
    let own = send_to(
        &p,
        true,
        None,
        api_get(&format!("/campaigns/{mine}"), Some(&token)),
    )
    .await;
    assert_eq!(own.status, StatusCode::OK);
    // Not private: anyone reads every campaign.
    let open = send(&p, api_get(&format!("/campaigns/{other}"), None)).await;
    assert_eq!(open.status, StatusCode::OK);
}

#[tokio::test]
async fn a_yes_or_no_field_reads_only_yes_or_no() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    let token = invite(&p, &["--roster", HAMMERS]);
    let hammers = roster_id(&p, HAMMERS);
    let before = p.fingerprint();
    let maybe = send(
        &p,
        api_post(
            &format!("/api/rosters/{hammers}/units"),
            Some(&token),
            json!({ "warscroll": "Liberators", "reinforced": "maybe" }),
        ),
    )
    .await;
    assert_eq!(maybe.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", maybe.body);
    let error = maybe.json()["error"].as_str().unwrap().to_string();
    assert!(
        error.contains("reinforced") && error.contains("yes or no"),
        "{error}"
    );
    assert_eq!(p.fingerprint(), before, "nothing added");
    let cookie = sign_in(&p, HAMMERS).await;
    let key = form_key(&page(&p, &format!("/rosters/{hammers}"), &cookie).await);
    let before_form = p.fingerprint();
    let ticked = send(
        &p,
        form(
            &format!("/rosters/{hammers}/units"),
            Some(&cookie),
            &[
                ("key", &key),
                ("warscroll", "Liberators"),
                ("reinforced", "maybe"),
            ],
        ),
    )
    .await;
    let ticked = serve_support::refused_page(&p, &ticked, &cookie).await;
    assert!(ticked.body.contains("reinforced"), "{}", ticked.body);
    assert_eq!(p.fingerprint(), before_form);
    let yes = send(
        &p,
        api_post(
            &format!("/api/rosters/{hammers}/units"),
            Some(&token),
            json!({ "warscroll": "Liberators", "reinforced": "yes" }),
        ),
    )
    .await;
    assert_eq!(yes.status, StatusCode::OK, "{}", yes.body);
}

#[tokio::test]
async fn a_body_or_a_path_that_cannot_be_read_is_refused_in_the_api_s_words() {
    let p = LEAGUE_FIXTURE.copy();
    let token = invite(&p, &["--roster", RATS]);
    let rats = roster_id(&p, RATS);
    let broken = Request::post(format!("/api/rosters/{rats}/quest"))
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .body(Body::from("{\"quest\": "))
        .unwrap();
    let before = p.fingerprint();
    let answer = send(&p, broken).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.body);
    assert_eq!(answer.json()["status"], 400, "{}", answer.body);
    assert!(answer.json()["error"].is_string());
    // An id that is not one names nothing: 404 (issue 40).
    let path = send(&p, api_get("/api/rosters/abc", None)).await;
    assert_eq!(path.status, StatusCode::NOT_FOUND);
    assert!(
        path.json()["error"].as_str().unwrap().contains("abc"),
        "{}",
        path.body
    );
    let nowhere = send(&p, api_get("/api/nothing", None)).await;
    assert_eq!(nowhere.status, StatusCode::NOT_FOUND);
    assert_eq!(nowhere.json()["status"], 404);
    // A page's: a page.
    let page = send(&p, api_get("/rosters/abc", None)).await;
    assert_eq!(page.status, StatusCode::NOT_FOUND);
    assert!(
        page.body.contains("<html") && page.body.contains("abc"),
        "{}",
        page.body
    );
    assert_eq!(p.fingerprint(), before);
}

#[tokio::test]
async fn an_oversized_upload_is_413() {
    let p = LEAGUE_FIXTURE.copy();
    let cookie = sign_in(&p, RATS).await;
    let rats = roster_id(&p, RATS);
    let boundary = "XbOuNdArY";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"key\"\r\n\r\nk\r\n--{boundary}\r\n\
         Content-Disposition: form-data; name=\"file\"; filename=\"list.txt\"\r\n\r\n"
    );
    body.push_str(&"x".repeat(3 * 1024 * 1024));
    body.push_str(&format!("\r\n--{boundary}--\r\n"));
    let r = Request::post(format!("/rosters/{rats}/import"))
        .header(
            header::CONTENT_TYPE,
            format!("multipart/form-data; boundary={boundary}"),
        )
        .header(header::COOKIE, cookie)
        .body(Body::from(body))
        .unwrap();
    let before = p.fingerprint();
    let answer = send(&p, r).await;
    assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", answer.body);
    assert_eq!(p.fingerprint(), before);
}

#[tokio::test]
async fn a_download_s_name_is_ascii_with_its_utf8_name_beside() {
    let p = LEAGUE_FIXTURE.copy();
    p.ok(&["campaign", "rename", LEAGUE, "Łódź Vale"]);
    let made = p.json(&["invite", "Łódź Vale", "--organiser"]);
    let token = made["token"].as_str().unwrap().to_string();
    let id = campaign_id(&p, "Łódź Vale");
    let file = send(&p, api_get(&format!("/campaigns/{id}/export.json"), Some(&token))).await;
    assert_eq!(file.status, StatusCode::OK, "{}", file.body);
    let disposition = file.headers[header::CONTENT_DISPOSITION].to_str().unwrap();
    assert_eq!(
        disposition,
        "attachment; filename=\"d_-vale.json\"; filename*=UTF-8''%C5%82%C3%B3d%C5%BA-vale.json"
    );
}

#[tokio::test]
async fn a_yes_or_no_field_of_a_multipart_form_is_named_when_refused() {
    let p = LEAGUE_FIXTURE.copy();
    let cookie = sign_in(&p, RATS).await;
    let rats = roster_id(&p, RATS);
    let key = form_key(&page(&p, &format!("/rosters/{rats}"), &cookie).await);
    let boundary = "XbOuNdArY";
    let part = |name: &str, value: &str| {
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n")
    };
    let body = [
        part("key", &key),
        part("list", "Clanrats"),
        part("dry_run", "maybe"),
    ]
    .concat()
        + &format!("--{boundary}--\r\n");
    let r = Request::post(format!("/rosters/{rats}/import"))
        .header(
            header::CONTENT_TYPE,
            format!("multipart/form-data; boundary={boundary}"),
        )
        .header(header::COOKIE, &cookie)
        .body(Body::from(body))
        .unwrap();
    let before = p.fingerprint();
    let answer = send(&p, r).await;
    let answer = serve_support::refused_page(&p, &answer, &cookie).await;
    assert!(answer.body.contains("dry_run"), "{}", answer.body);
    assert_eq!(p.fingerprint(), before);
}
