//! Every answer of `ptg serve` says how a browser may use it (issue #39): a Content-Security-
//! Policy that runs no inline script or style and lets no other site frame the page,
//! `X-Content-Type-Options: nosniff` and `X-Frame-Options: DENY`, on pages, forms' answers,
//! refusals, downloads, the stylesheet and the API alike. The pages themselves hold nothing
//! that policy would block.

use crate::common;
use crate::serve_support;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::RATS;
use common::league::{LEAGUE, LEAGUE_FIXTURE};
use serve_support::{Answer, api_get, campaign_id, form, invite, roster_id, send, sign_in, sign_in_with};

fn get(uri: &str, cookie: &str) -> Request<Body> {
    let mut r = Request::get(uri);
    if !cookie.is_empty() {
        r = r.header(header::COOKIE, cookie);
    }
    r.body(Body::empty()).unwrap()
}

/// The headers every answer carries, checked on `answer` (named `what` when one is missing).
fn assert_guarded(what: &str, answer: &Answer) {
    let h = &answer.headers;
    let policy = h
        .get(header::CONTENT_SECURITY_POLICY)
        .unwrap_or_else(|| panic!("{what} ({}): no Content-Security-Policy", answer.status))
        .to_str()
        .unwrap();
    let directives: Vec<&str> = policy.split(';').map(str::trim).collect();
    for wanted in [
        "frame-ancestors 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
    ] {
        assert!(directives.contains(&wanted), "{what}: {wanted} not in {policy}");
    }
    assert!(!policy.contains("unsafe-inline"), "{what}: {policy}");
    assert_eq!(
        h.get(header::X_CONTENT_TYPE_OPTIONS).unwrap(),
        "nosniff",
        "{what}"
    );
    assert_eq!(h.get(header::X_FRAME_OPTIONS).unwrap(), "DENY", "{what}");
}

/// What in `html` a policy without inline script or style would block.
fn inline_script_or_style(html: &str) -> Option<String> {
    let lower = html.to_lowercase();
    if let Some(at) = lower.find("<script") {
        let tag = &lower[at..];
        let tag = &tag[..tag.find('>').unwrap_or(tag.len())];
        if !tag.contains(" src=") {
            return Some(tag.to_string());
        }
    }
    for bad in [
        "<style",
        " style=\"",
        " onclick=",
        " onload=",
        " onsubmit=",
        " onchange=",
        "javascript:",
    ] {
        if let Some(at) = lower.find(bad) {
            return Some(lower[at..(at + 80).min(lower.len())].to_string());
        }
    }
    None
}

#[tokio::test]
async fn every_kind_of_answer_carries_the_security_headers_and_no_page_needs_inline_code() {
    let p = LEAGUE_FIXTURE.copy();
    let id = campaign_id(&p, LEAGUE);
    let rats = roster_id(&p, RATS);
    let organiser = sign_in_with(&p, &["--organiser"]).await;
    let player = sign_in(&p, RATS).await;
    let token = invite(&p, &["--roster", RATS]);
    let pages = [
        ("/", ""),
        ("/", organiser.as_str()),
        (&format!("/campaigns/{id}"), ""),
        (&format!("/campaigns/{id}/race"), ""),
        (&format!("/campaigns/{id}/history"), ""),
        (&format!("/campaigns/{id}/audit"), ""),
        (&format!("/campaigns/{id}/organise"), organiser.as_str()),
        (&format!("/rosters/{rats}"), player.as_str()),
        ("/battles/6", player.as_str()),
        (&format!("/invite/{token}"), ""),
    ]
    .map(|(u, c)| (u.to_string(), c.to_string()));
    for (uri, cookie) in &pages {
        let answer = send(&p, get(uri, cookie)).await;
        assert_eq!(answer.status, StatusCode::OK, "{uri}: {}", answer.body);
        assert_guarded(uri, &answer);
        if let Some(blocked) = inline_script_or_style(&answer.body) {
            panic!("{uri}: the policy would block {blocked:?}");
        }
    }
    // Files, downloads, the API, refusals of both kinds and the framework's own.
    for uri in [
        "/style.css".to_string(),
        "/favicon.svg".to_string(),
        "/manifest.webmanifest".to_string(),
        format!("/campaigns/{id}/race.svg"),
        format!("/rosters/{rats}/sheet.pdf"),
        format!("/campaigns/{id}/export.json"),
        "/no/such/page".to_string(),
        "/rosters/999999".to_string(),
        "/invite/not-a-token".to_string(),
    ] {
        let answer = send(&p, get(&uri, &organiser)).await;
        assert_guarded(&uri, &answer);
    }
    for uri in ["/api/campaigns", "/api/rosters/999999", "/api/nothing"] {
        let answer = send(&p, api_get(uri, None)).await;
        assert_guarded(uri, &answer);
    }
    // A form done (its redirect) and a form refused (no key: shown again or refused).
    let done = send(&p, form("/signout", Some(&player), &[])).await;
    assert_guarded("sign-out's answer", &done);
    let refused = send(
        &p,
        form(
            &format!("/rosters/{rats}/quest"),
            Some(&player),
            &[("quest", "x")],
        ),
    )
    .await;
    assert!(refused.status.is_client_error(), "{}", refused.status);
    assert_guarded("a refused form", &refused);
}
