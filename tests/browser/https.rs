//! The deploy files at work (issue 39): Caddy, with the site of `deploy/Caddyfile` on a loopback
//! port and a certificate of its own authority (`tls internal`), in front of
//! `ptg serve --base-url https://localhost:PORT --trusted-proxy 127.0.0.1`; headless Chromium
//! (trusting any certificate) opens the set-up link ptg printed, makes the campaign with its
//! form over HTTPS, is signed in as the organiser with a Secure cookie (Caddy's
//! X-Forwarded-Proto believed), and makes a join link that starts with the base URL.
//!
//! Runs only with PTG_BROWSER_TEST=1 and `caddy` on PATH (CI installs it); otherwise it says it
//! was skipped.

use crate::browser_support;
use crate::common;

use browser_support::{
    CHROMEDRIVER, CHROMIUM, Chromedriver, browser_here, click_and_leave, phone_with, seen, serve_with,
    type_into,
};
use common::Ptg;
use fantoccini::Locator;
use std::net::{TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const TEST: &str = "a_campaign_is_made_and_signed_in_through_caddy_over_https";

/// Caddy in a process group of its own, its files in a folder of the test's; dropping it ends
/// the group.
struct Caddy {
    child: Child,
    _home: tempfile::TempDir,
}

impl Drop for Caddy {
    fn drop(&mut self) {
        if let Ok(group) = i32::try_from(self.child.id()) {
            // SAFETY: kill(2) with a process group this test started; no memory is touched.
            unsafe {
                libc::kill(-group, libc::SIGKILL);
            }
        }
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// deploy/Caddyfile as the test runs it: the site on `https` of loopback with `tls internal`,
/// proxying to ptg at `upstream`; Caddy's admin endpoint off, its plain HTTP port on `http`,
/// and its authority never installed into this machine's trust store.
fn test_caddyfile(https: u16, http: u16, upstream: &str) -> String {
    let deploy = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("deploy/Caddyfile"))
        .expect("deploy/Caddyfile");
    let site = "league.example.org {";
    let proxy = "reverse_proxy 127.0.0.1:8080";
    assert!(
        deploy.contains(site) && deploy.contains(proxy),
        "deploy/Caddyfile has no {site:?} or {proxy:?} line for the test to replace"
    );
    let deploy = deploy
        .replace(site, &format!("localhost:{https} {{\n\ttls internal"))
        .replace(proxy, &format!("reverse_proxy {upstream}"));
    format!(
        "{{\n\tadmin off\n\tskip_install_trust\n\tdefault_bind 127.0.0.1\n\thttp_port {http}\n\
         \thttps_port {https}\n\tauto_https disable_redirects\n}}\n\n{deploy}"
    )
}

/// Caddy running `caddyfile`, once it listens on `port`.
fn start_caddy(caddyfile: &str, port: u16) -> Caddy {
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join("Caddyfile");
    std::fs::write(&config, caddyfile).unwrap();
    let child = Command::new("caddy")
        .args(["run", "--adapter", "caddyfile", "--config"])
        .arg(&config)
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", home.path().join("data"))
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .expect("caddy starts");
    let caddy = Caddy { child, _home: home };
    let started = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "caddy did not listen on port {port} within 30 s"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    caddy
}

/// Whether Caddy is here; when PTG_BROWSER_TEST is not set or it is not, says the test was
/// skipped.
fn caddy_here() -> bool {
    let asked = std::env::var_os("PTG_BROWSER_TEST").is_some_and(|v| v == "1");
    let caddy = Command::new("caddy")
        .arg("version")
        .output()
        .is_ok_and(|o| o.status.success());
    if asked && caddy {
        return true;
    }
    let why = match asked {
        true => "no caddy on PATH (apt-get install caddy)",
        false => "PTG_BROWSER_TEST=1 is not set",
    };
    eprintln!("note: {TEST}: skipped: {why}");
    false
}

#[tokio::test]
async fn a_campaign_is_made_and_signed_in_through_caddy_over_https() {
    if !caddy_here() || !browser_here(TEST, &[CHROMIUM, CHROMEDRIVER]) {
        return;
    }
    let p = Ptg::new();
    p.ok(&["data", "status"]); // an empty database: ptg prints a set-up link
    let https = free_port();
    let base = format!("https://localhost:{https}");
    let (server, setup) = serve_with(&p, &["--base-url", &base, "--trusted-proxy", "127.0.0.1"]);
    let setup = setup.expect("with no campaign, ptg serve prints a set-up link");
    assert!(setup.starts_with(&format!("{base}/setup/")), "{setup}");
    let upstream = server.url.trim_start_matches("http://");
    let _caddy = start_caddy(&test_caddyfile(https, free_port(), upstream), https);

    let driver = Chromedriver::start();
    let profile = tempfile::tempdir().unwrap();
    let organiser = phone_with(&driver, profile.path(), &["--ignore-certificate-errors"]).await;
    organiser.goto(&setup).await.unwrap();
    type_into(&organiser, "input[name=name]", "Ashen Vale").await;
    click_and_leave(&organiser, "form button").await;
    let text = seen(&organiser).await;
    assert!(text.contains("Campaign Ashen Vale made"), "{text}");
    assert!(text.contains("Signed in as the organiser"), "{text}");
    // The organiser's own link, shown once, is on the base URL.
    assert!(text.contains(&format!("{base}/invite/")), "{text}");
    let at = organiser.current_url().await.unwrap();
    assert_eq!(at.scheme(), "https", "{at}");
    assert_eq!(at.port(), Some(https), "{at}");
    // Caddy said HTTPS and ptg believed it (127.0.0.1 is trusted): the session cookie is Secure.
    let cookies = organiser.get_all_cookies().await.unwrap();
    let session = cookies
        .iter()
        .find(|c| c.name() == "ptg_session")
        .expect("the session cookie");
    assert_eq!(session.secure(), Some(true), "{session:?}");
    assert_eq!(session.http_only(), Some(true), "{session:?}");

    // A form of the organiser's page through HTTPS: a join link, on the base URL.
    organiser
        .find(Locator::Css("form[action$='/join-link'] button"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let started = Instant::now();
    loop {
        let text = seen(&organiser).await;
        if text.contains("Join link made") {
            assert!(text.contains(&format!("{base}/join/")), "{text}");
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "no join link: {text}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    organiser.close().await.unwrap();
    assert_eq!(p.json(&["campaign", "list"]).as_array().map(Vec::len), Some(1));
}
