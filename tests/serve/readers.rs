//! `ptg serve`'s read connections (issue #32): reads borrow a connection kept open between
//! requests, so one server (one router) is driven here through many requests. It sees what
//! the CLI writes after it started, and a database that became foreign, corrupt or newer is
//! refused with the very answer a server opening the file afresh gives.

use crate::common;
use crate::serve_support;

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::http::{Request, StatusCode};
use common::{ASHEN_VALE, HAMMERS, Ptg, RATS};
use ptg::catalogue::Catalogue;
use ptg::server::{Server, router};
use serve_support::{campaign_id, roster_id};
use tower::ServiceExt;

fn server_of(p: &Ptg) -> Router {
    router(Server::new(p.db(), Catalogue::load(&[]).unwrap(), false, None))
}

/// `GET uri` on `app`: the status and the body.
async fn get(app: &Router, uri: &str) -> (StatusCode, String) {
    let request = Request::get(uri).body(Body::empty()).unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = to_bytes(response.into_body(), usize::MAX).await.unwrap();
    (status, String::from_utf8_lossy(&bytes).to_string())
}

#[tokio::test]
async fn a_server_sees_what_the_cli_wrote_after_it_started() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    let (hammers, vale) = (roster_id(&p, HAMMERS), campaign_id(&p, ASHEN_VALE));
    let app = server_of(&p);
    let (status, html) = get(&app, &format!("/rosters/{hammers}")).await;
    assert_eq!(status, StatusCode::OK, "{html}");
    assert!(html.contains(HAMMERS), "{html}");
    let (_, league) = get(&app, &format!("/campaigns/{vale}")).await;
    assert!(!league.contains(RATS), "{league}");

    // The CLI writes while the server's connections stay open.
    p.ok(&["roster", "rename", HAMMERS, "Dawn Hammers"]);
    p.new_rats();
    p.ok(&["roster", "add", "Dawn Hammers", "Liberators"]);

    let (status, html) = get(&app, &format!("/rosters/{hammers}")).await;
    assert_eq!(status, StatusCode::OK, "{html}");
    assert!(html.contains("Dawn Hammers"), "the rename is seen: {html}");
    assert!(html.contains("Liberators"), "the unit added is seen: {html}");
    let (_, league) = get(&app, &format!("/campaigns/{vale}")).await;
    assert!(league.contains(RATS), "the new roster is in the league: {league}");
    assert!(league.contains("Dawn Hammers"), "{league}");
    let (_, api) = get(&app, &format!("/api/rosters/{}", roster_id(&p, RATS))).await;
    assert!(api.contains(RATS), "{api}");

    // Many requests at once share the few connections, each seeing the latest commit.
    p.ok(&["roster", "rename", "Dawn Hammers", "Hammers Again"]);
    let pages: Vec<_> = (0..12)
        .map(|_| {
            let app = app.clone();
            tokio::spawn(async move { get(&app, &format!("/rosters/{hammers}")).await })
        })
        .collect();
    for page in pages {
        let (status, html) = page.await.unwrap();
        assert_eq!(status, StatusCode::OK, "{html}");
        assert!(html.contains("Hammers Again"), "{html}");
    }
}

/// The answer of `app` to `GET uri`, and of a server started afresh on the same file: the
/// same, as when every request opened the database for itself.
async fn as_a_fresh_server(p: &Ptg, app: &Router, uri: &str) -> (StatusCode, String) {
    let kept = get(app, uri).await;
    let fresh = get(&server_of(p), uri).await;
    assert_eq!(kept, fresh, "the kept server answers as a fresh one");
    kept
}

#[tokio::test]
async fn a_database_made_newer_meanwhile_is_refused_as_before() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    let hammers = roster_id(&p, HAMMERS);
    let app = server_of(&p);
    assert_eq!(get(&app, &format!("/rosters/{hammers}")).await.0, StatusCode::OK);
    {
        let conn = rusqlite::Connection::open(p.db()).unwrap();
        conn.execute(
            "INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (99, 'from_the_future', '2030-01-01', '0')",
            [],
        )
        .unwrap();
    }
    for uri in [format!("/rosters/{hammers}"), format!("/api/rosters/{hammers}")] {
        let (status, body) = as_a_fresh_server(&p, &app, &uri).await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{body}");
        assert!(body.contains("newer ptg (schema version 99"), "{body}");
    }
    // And `ptg serve` refuses to start on it, as every command does.
    let err = p.refused_cmd(p.cmd(&["serve", "--listen", "127.0.0.1:0"]), 3, "newer ptg");
    assert!(err.contains("install the newer ptg"), "{err}");
}

#[tokio::test]
async fn a_database_corrupted_meanwhile_is_refused_as_before() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    let hammers = roster_id(&p, HAMMERS);
    let app = server_of(&p);
    assert_eq!(get(&app, "/api/campaigns").await.0, StatusCode::OK);
    p.checkpoint();
    std::fs::write(p.db(), b"shopping list: dice, glue, a tape measure, more dice").unwrap();
    for uri in ["/api/campaigns".to_string(), format!("/rosters/{hammers}")] {
        let (status, body) = as_a_fresh_server(&p, &app, &uri).await;
        // Issue 39: a file changed under the server is its unavailability, said as such.
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
        assert!(
            body.contains("not a database") && body.contains("changed under the server"),
            "{body}"
        );
    }
}

#[tokio::test]
async fn a_server_on_a_foreign_or_corrupt_file_answers_500_and_keeps_nothing_open() {
    let p = Ptg::new();
    {
        let conn = rusqlite::Connection::open(p.db()).unwrap();
        conn.execute_batch("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT);")
            .unwrap();
    }
    let before = std::fs::read(p.db()).unwrap();
    let app = server_of(&p);
    for _ in 0..2 {
        let (status, body) = get(&app, "/api/campaigns").await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{body}");
        assert!(body.contains("not a ptg one"), "{body}");
    }
    assert_eq!(
        std::fs::read(p.db()).unwrap(),
        before,
        "the foreign file is untouched"
    );
    std::fs::write(p.db(), b"shopping list: dice, glue").unwrap();
    let (status, body) = get(&app, "/").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(body.contains("not a database"), "{body}");
    // Started on a text file, `ptg serve` names the path as the CLI does (exit 1, issue #33).
    let out = p.cmd(&["serve", "--listen", "127.0.0.1:0"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("is not a database file"), "{err}");
    assert_eq!(std::fs::read(p.db()).unwrap(), b"shopping list: dice, glue");
}
