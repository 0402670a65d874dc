//! Behind a proxy (issue 39): every link the server makes starts with its base URL
//! (`--base-url`, else the address it listens on), never with the request's `Host`; and
//! `X-Forwarded-Proto` (the session cookie's `Secure`) is believed only from a proxy named with
//! `--trusted-proxy`. One line per request on standard error, with no token in it.

use crate::common;
use crate::serve_support;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode, header};
use common::Ptg;
use common::league::LEAGUE_FIXTURE;
use ptg::catalogue::Catalogue;
use ptg::server::{BaseUrl, Public, Server, parse_proxy, router};
use serde_json::json;
use serve_support::{api_post, form, form_key, invite, roster_id, send_via, set_cookie};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::Stdio;
use std::time::Duration;

const FORGED_HOST: &str = "evil.example";

/// The router of a server on `p`'s database reached at `public`.
fn app(p: &Ptg, public: Public) -> axum::Router {
    router(Server::new(p.db(), Catalogue::load(&[]).unwrap(), false, None).with_public(public))
}

/// A server at https://league.example.org behind a proxy at 127.0.0.1.
fn behind_proxy() -> Public {
    Public {
        base: Some(BaseUrl::parse("https://league.example.org").unwrap()),
        proxies: vec![parse_proxy("127.0.0.1").unwrap()],
        log: false,
    }
}

/// `r` as sent from `peer` with a forged `Host` (and, with `https`, a claim of HTTPS).
fn from(peer: &str, https: bool, mut r: Request<Body>) -> Request<Body> {
    let addr: SocketAddr = peer.parse().unwrap();
    r.extensions_mut().insert(ConnectInfo(addr));
    r.headers_mut().insert(header::HOST, FORGED_HOST.parse().unwrap());
    if https {
        r.headers_mut()
            .insert("x-forwarded-proto", "https".parse().unwrap());
    }
    r
}

#[tokio::test]
async fn an_invite_link_is_never_built_from_the_requests_host() {
    let p = LEAGUE_FIXTURE.copy();
    let organiser = invite(&p, &["--organiser"]);
    let campaign = p.json(&["campaign", "list"])[0]["id"].as_i64().unwrap();
    let hammers = roster_id(&p, "Hammers of Dawn");
    let ask = |peer: &str| {
        from(
            peer,
            true,
            api_post(
                &format!("/api/campaigns/{campaign}/invites"),
                Some(&organiser),
                json!({ "roster_id": hammers }),
            ),
        )
    };
    // A server started without --base-url: the address it listens on, never the Host sent.
    let plain = app(&p, Public::default());
    let made = send_via(&plain, ask("198.51.100.9:5000")).await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
    let link = made.json()["link"].as_str().unwrap().to_string();
    assert!(!link.contains(FORGED_HOST), "{link}");
    assert!(link.starts_with("http://127.0.0.1:8080/invite/"), "{link}");
    // Behind the proxy: the base URL, whoever asks.
    let proxied = app(&p, behind_proxy());
    for peer in ["127.0.0.1:5000", "198.51.100.9:5000"] {
        let made = send_via(&proxied, ask(peer)).await;
        let link = made.json()["link"].as_str().unwrap().to_string();
        assert!(link.starts_with("https://league.example.org/invite/"), "{link}");
    }
}

#[tokio::test]
async fn a_join_link_is_never_built_from_the_requests_host() {
    let p = LEAGUE_FIXTURE.copy();
    let campaign = p.json(&["campaign", "list"])[0]["id"].as_i64().unwrap();
    let proxied = app(&p, behind_proxy());
    let cookie = sign_in(&proxied, &p, "198.51.100.9:5000", false).await;
    let organise = send_via(
        &proxied,
        Request::get(format!("/campaigns/{campaign}/organise"))
            .header(header::COOKIE, &cookie)
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    let key = form_key(&organise.body);
    let made = send_via(
        &proxied,
        from(
            "198.51.100.9:5000",
            false,
            form(
                &format!("/campaigns/{campaign}/join-link"),
                Some(&cookie),
                &[("key", &key)],
            ),
        ),
    )
    .await;
    let shown = serve_support::follow_via(&proxied, &made, &cookie).await;
    assert!(
        shown.body.contains("https://league.example.org/join/"),
        "{}",
        shown.body
    );
    assert!(!shown.body.contains(FORGED_HOST));
}

/// Signs in with a new organiser invite from `peer` (claiming HTTPS when `https`): the
/// `Set-Cookie` of the session.
async fn sign_in_cookie(app: &axum::Router, p: &Ptg, peer: &str, https: bool) -> String {
    let token = invite(p, &["--organiser"]);
    let page = send_via(
        app,
        from(
            peer,
            https,
            Request::get(format!("/invite/{token}"))
                .body(Body::empty())
                .unwrap(),
        ),
    )
    .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let nonce = set_cookie(&page, "ptg_sign_in=").unwrap();
    let key = form_key(&page.body);
    let done = send_via(
        app,
        from(
            peer,
            https,
            form(&format!("/invite/{token}"), Some(&nonce), &[("key", &key)]),
        ),
    )
    .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
    done.headers
        .get_all(header::SET_COOKIE)
        .iter()
        .map(|v| v.to_str().unwrap().to_string())
        .find(|c| c.starts_with("ptg_session="))
        .expect("the session cookie")
}

/// The session cookie (`name=value`) of a sign-in from `peer`.
async fn sign_in(app: &axum::Router, p: &Ptg, peer: &str, https: bool) -> String {
    let full = sign_in_cookie(app, p, peer, https).await;
    full.split(';').next().unwrap().to_string()
}

#[tokio::test]
async fn x_forwarded_proto_is_believed_only_from_a_trusted_proxy() {
    let p = LEAGUE_FIXTURE.copy();
    let proxied = app(&p, behind_proxy());
    // Through the proxy, which says the phone used HTTPS: the cookie is Secure.
    let cookie = sign_in_cookie(&proxied, &p, "127.0.0.1:40000", true).await;
    assert!(cookie.contains("; Secure"), "{cookie}");
    // The same claim from anyone else is ignored.
    let cookie = sign_in_cookie(&proxied, &p, "198.51.100.9:40000", true).await;
    assert!(!cookie.contains("Secure"), "{cookie}");
    // And from anyone at all on a server that names no proxy.
    let plain = app(&p, Public::default());
    let cookie = sign_in_cookie(&plain, &p, "127.0.0.1:40000", true).await;
    assert!(!cookie.contains("Secure"), "{cookie}");
}

/// `ptg serve` with `args` on a free port: the process, its address, and the lines it writes
/// on standard error as they come.
fn serve(p: &Ptg, args: &[&str]) -> (std::process::Child, String, std::sync::mpsc::Receiver<String>) {
    let mut child = p
        .process(&[&["serve", "--listen", "127.0.0.1:0"][..], args].concat())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ptg serve starts");
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let said = lines.next().unwrap().unwrap();
    let addr = said
        .split_whitespace()
        .find_map(|w| w.strip_prefix("http://"))
        .unwrap()
        .to_string();
    let (send, receive) = std::sync::mpsc::channel();
    send.send(said).unwrap();
    std::thread::spawn(move || {
        for line in lines.map_while(Result::ok) {
            let _ = send.send(line);
        }
    });
    (child, addr, receive)
}

/// A GET of `path` over TCP with a forged Host: the answer's status line.
fn get(addr: &str, path: &str) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {FORGED_HOST}\r\nX-Forwarded-For: 6.6.6.6\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    let _ = s.read_to_string(&mut answer);
    answer.lines().next().unwrap_or_default().to_string()
}

/// The next line `lines` gives that contains `needle`, within 20 s.
fn line_with(lines: &std::sync::mpsc::Receiver<String>, needle: &str) -> String {
    loop {
        let line = lines
            .recv_timeout(Duration::from_secs(20))
            .unwrap_or_else(|e| panic!("no line with {needle:?}: {e}"));
        if line.contains(needle) {
            return line;
        }
    }
}

#[test]
fn serve_prints_the_set_up_link_on_its_base_url_and_logs_each_request_without_tokens() {
    let p = Ptg::new();
    p.ok(&["data", "status"]);
    let (mut child, addr, lines) = serve(&p, &["--base-url", "https://League.Example.org/"]);
    let setup = line_with(&lines, "/setup/");
    assert!(setup.contains("at https://league.example.org/setup/"), "{setup}");
    let token = setup.rsplit('/').next().unwrap().to_string();
    assert!(get(&addr, &format!("/setup/{token}")).contains(" 200 "));
    // One line per request: method, path without the token, status, time; the client is the
    // peer, not the X-Forwarded-For it sent (no proxy is trusted).
    let logged = line_with(&lines, "GET /setup/");
    assert!(!logged.contains(&token), "{logged}");
    assert!(logged.contains(" 127.0.0.1 GET /setup/… 200 "), "{logged}");
    assert!(logged.ends_with("ms"), "{logged}");
    assert!(get(&addr, "/rosters/999").contains(" 404 "));
    let logged = line_with(&lines, "/rosters/999");
    assert!(logged.contains("GET /rosters/999 404 "), "{logged}");
    let _ = child.kill();
    let _ = child.wait();
    // --quiet: no line per request (the address and the set-up link are still said).
    let (mut child, addr, lines) = serve(&p, &["--quiet"]);
    assert!(get(&addr, "/healthz").contains(" 200 "));
    let _ = child.kill();
    let _ = child.wait();
    let said: Vec<String> = lines.iter().collect();
    assert!(!said.iter().any(|l| l.contains("/healthz")), "{said:?}");
}

#[test]
fn a_bad_base_url_or_proxy_is_a_usage_error_naming_its_flag() {
    let p = Ptg::new();
    for (flag, bad) in [
        ("--base-url", "league.example.org"),
        ("--base-url", "https://league.example.org/ptg"),
        ("--trusted-proxy", "localhost"),
    ] {
        let out = p.process(&["serve", flag, bad]).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(flag), "{err}");
    }
}
