//! A join link's limits (issue #39): one link makes at most `--joins-per-hour` rosters in any
//! hour (a link that leaked made 200 in 2 s), the next player being told to ask the organiser
//! with the database unchanged; and looking a join link up reads through the server's kept read
//! connections, as every other anonymous look-up does, never opening the database to write.

use crate::common;
use crate::serve_support;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::Ptg;
use ptg::catalogue::Catalogue;
use ptg::server::{Server, router};
use serve_support::{Answer, campaign_id, follow_via, form, form_key, send_via, set_cookie, sign_in_with};
use std::time::{Duration, Instant};

/// A server on `p`'s database whose join links make at most `per_hour` rosters an hour.
fn served(p: &Ptg, per_hour: u32) -> Router {
    router(Server::new(p.db(), Catalogue::load(&[]).unwrap(), false, None).with_joins_per_hour(per_hour))
}

async fn get(app: &Router, uri: &str, cookie: &str) -> Answer {
    let request = Request::get(uri)
        .header(header::COOKIE, cookie)
        .body(Body::empty())
        .unwrap();
    send_via(app, request).await
}

/// The organiser's answer to making a new join link of Ashen Vale on their page, letting it make
/// `per_hour` rosters an hour (blank: the server's number), and their session cookie.
async fn make_link(p: &Ptg, app: &Router, per_hour: &str) -> (Answer, String) {
    let organiser = sign_in_with(p, &["--organiser"]).await;
    let id = campaign_id(p, "Ashen Vale");
    let page = get(app, &format!("/campaigns/{id}/organise"), &organiser).await;
    let key = form_key(&page.body);
    let fields = [("key", key.as_str()), ("per_hour", per_hour)];
    let made = send_via(
        app,
        form(&format!("/campaigns/{id}/join-link"), Some(&organiser), &fields),
    )
    .await;
    (made, organiser)
}

/// A new join link of Ashen Vale, made by its organiser on their page.
async fn join_link(p: &Ptg, app: &Router, per_hour: &str) -> String {
    let (made, organiser) = make_link(p, app, per_hour).await;
    let shown = follow_via(app, &made, &organiser).await;
    let at = shown.body.find("/join/").expect("the join link shown") + "/join/".len();
    shown.body[at..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect()
}

/// A refused form's answer: a 303 back to its form (`#refused`), and the page the browser then
/// sees, the refusal beside the form.
async fn refused_via(app: &Router, answer: &Answer, cookie: &str) -> Answer {
    assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.body);
    let to = answer.headers[header::LOCATION].to_str().unwrap();
    assert!(to.ends_with("#refused"), "back to the form: {to}");
    follow_via(app, answer, cookie).await
}

/// A new player's join through link `token` as a browser sends it: the join page's form (its
/// key and cookies, if it has any), then the roster `name`.
async fn join(app: &Router, token: &str, name: &str) -> Answer {
    let page = get(app, &format!("/join/{token}?faction=Skaven"), "").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let cookies: Vec<String> = page
        .headers
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .map(|v| v.split(';').next().unwrap_or_default().to_string())
        .collect();
    let key = page
        .body
        .contains(r#"name="key" value=""#)
        .then(|| form_key(&page.body));
    let mut fields = vec![
        ("faction", "Skaven"),
        ("player", name),
        ("name", name),
        ("warlord", "Grey Seer"),
        ("path_ability", "mage:dedicated-practitioner"),
    ];
    if let Some(key) = key.as_deref() {
        fields.push(("key", key));
    }
    let cookie = cookies.join("; ");
    let cookie = Some(cookie.as_str()).filter(|c| !c.is_empty());
    send_via(app, form(&format!("/join/{token}"), cookie, &fields)).await
}

#[tokio::test]
async fn a_join_link_makes_its_hour_s_rosters_and_no_more_until_the_organiser_lets_it() {
    let p = Ptg::ashen_vale();
    let app = served(&p, 3);
    let token = join_link(&p, &app, "").await;
    for n in 1..=3 {
        let joined = join(&app, &token, &format!("Gnaw {n}")).await;
        assert_eq!(joined.status, StatusCode::SEE_OTHER, "join {n}: {}", joined.body);
    }
    let before = p.fingerprint();
    let refused = join(&app, &token, "Gnaw 4").await;
    assert!(
        set_cookie(&refused, "ptg_session=").is_none(),
        "nobody is signed in"
    );
    let refused = refused_via(&app, &refused, "").await;
    assert!(
        refused.body.contains("made 3 rosters in the last hour")
            && refused.body.contains("ask the organiser"),
        "{}",
        refused.body
    );
    assert!(
        refused.body.contains(r#"value="Gnaw 4""#),
        "what was typed is kept: {}",
        refused.body
    );
    assert_eq!(p.fingerprint(), before, "nothing refused is written");
    // The organiser lets it make more (`ptg serve --joins-per-hour 4`): the next player joins.
    let raised = served(&p, 4);
    let joined = join(&raised, &token, "Gnaw 4").await;
    assert_eq!(joined.status, StatusCode::SEE_OTHER, "{}", joined.body);
    p.ok(&["audit"]);
}

#[tokio::test]
async fn the_organiser_lets_one_join_link_make_more_rosters_an_hour() {
    let p = Ptg::ashen_vale();
    let app = served(&p, 1);
    let (refused, organiser) = make_link(&p, &app, "lots").await;
    let refused = refused_via(&app, &refused, &organiser).await;
    assert!(refused.body.contains(r#"value="lots""#), "{}", refused.body);
    assert!(refused.body.contains("new rosters an hour"), "{}", refused.body);
    let token = join_link(&p, &app, "2").await;
    for n in 1..=2 {
        let joined = join(&app, &token, &format!("Gnaw {n}")).await;
        assert_eq!(joined.status, StatusCode::SEE_OTHER, "join {n}: {}", joined.body);
    }
    let before = p.fingerprint();
    let refused = join(&app, &token, "Gnaw 3").await;
    let refused = refused_via(&app, &refused, "").await;
    assert!(
        refused.body.contains("made 2 rosters in the last hour"),
        "{}",
        refused.body
    );
    assert_eq!(p.fingerprint(), before, "nothing refused is written");
}

/// How long `n` GETs of `path(i)` take through `app`, one after the other.
async fn timed(app: &Router, n: usize, path: impl Fn(usize) -> String) -> Duration {
    let started = Instant::now();
    for i in 0..n {
        let answer = get(app, &path(i), "").await;
        assert!(answer.status.is_client_error(), "{}", answer.body);
    }
    started.elapsed()
}

#[tokio::test]
async fn looking_up_a_join_link_costs_what_any_other_link_s_look_up_does() {
    let p = Ptg::ashen_vale();
    let app = served(&p, 20);
    let unknown = |i: usize| format!("{i:064x}");
    // Warmed up alike, then timed in turns so that a busy machine slows both alike.
    timed(&app, 20, |i| format!("/join/{}", unknown(i))).await;
    timed(&app, 20, |i| format!("/invite/{}", unknown(i))).await;
    let (mut joins, mut invites) = (Duration::ZERO, Duration::ZERO);
    for round in 0..5 {
        joins += timed(&app, 40, |i| format!("/join/{}", unknown(round * 40 + i))).await;
        invites += timed(&app, 40, |i| format!("/invite/{}", unknown(round * 40 + i))).await;
    }
    // Both are one look-up of a token's hash and a short page. Opening the database to write
    // for each join look-up made them five to six times slower (1,600/s against 10,000/s).
    assert!(
        joins < invites * 3,
        "200 join look-ups took {joins:?}, 200 invite look-ups {invites:?}"
    );
}
