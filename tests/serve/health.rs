//! `GET /healthz` (issue #39): 200 while the database answers, also on a private server and
//! without an invite; 503 in the API's shape when it does not.

use crate::common;
use crate::serve_support;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::league::LEAGUE_FIXTURE;
use ptg::catalogue::Catalogue;
use ptg::server::{Server, router};
use serve_support::{send_to, send_via};

fn healthz() -> Request<Body> {
    Request::get("/healthz").body(Body::empty()).unwrap()
}

#[tokio::test]
async fn healthz_is_200_while_the_database_answers_even_on_a_private_server() {
    let p = LEAGUE_FIXTURE.copy();
    for private in [false, true] {
        let answer = send_to(&p, private, None, healthz()).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
        assert_eq!(answer.json()["ok"], true);
        assert!(answer.body.len() < 32, "{}", answer.body);
        assert_eq!(answer.headers[header::CACHE_CONTROL], "no-store");
    }
}

#[tokio::test]
async fn healthz_is_503_when_the_database_does_not_answer() {
    let p = LEAGUE_FIXTURE.copy();
    let db = p.db();
    for side in ["-wal", "-shm"] {
        let mut path = db.clone().into_os_string();
        path.push(side);
        let _ = std::fs::remove_file(path);
    }
    std::fs::write(&db, vec![b'x'; 8192]).unwrap();
    let app = router(Server::new(db, Catalogue::load(&[]).unwrap(), false, None));
    let answer = send_via(&app, healthz()).await;
    assert_eq!(answer.status, StatusCode::SERVICE_UNAVAILABLE, "{}", answer.body);
    let json = answer.json();
    assert_eq!(json["status"], 503);
    assert!(json["error"].as_str().unwrap().contains("database"), "{json}");
}
