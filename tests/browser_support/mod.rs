//! What the browser tests share: `ptg serve` on a free port, Debian's Chromium and its
//! chromedriver, and a phone-sized Chromium session driven through WebDriver (fantoccini).
//! Without Chromium or chromedriver the tests say so and check nothing, unless
//! PTG_BROWSER_TEST is set (CI sets it, and installs both), when they fail instead.

#![allow(dead_code)]

pub mod checks;
pub mod walk;

use crate::common::Ptg;
use fantoccini::{Client, ClientBuilder, Locator};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// The flags every Chromium of the tests runs with: headless, no sandbox (CI runs as root), and
/// nothing that reaches past this machine.
pub const CHROMIUM_FLAGS: [&str; 8] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];

/// Whether `programs` are all here. When one is missing: a failure if PTG_BROWSER_TEST is set,
/// else a note that `test` checks nothing.
pub fn browser_here(test: &str, programs: &[&str]) -> bool {
    let missing: Vec<&str> = programs
        .iter()
        .copied()
        .filter(|p| !Path::new(p).exists())
        .collect();
    if missing.is_empty() {
        return true;
    }
    assert!(
        std::env::var_os("PTG_BROWSER_TEST").is_none(),
        "PTG_BROWSER_TEST is set but {missing:?} is missing (apt-get install chromium chromium-driver)"
    );
    // Past the test harness's capture, so a skipped test is seen in a normal run.
    let note = format!(
        "note: {test}: no {missing:?}, so it checks nothing (apt-get install chromium chromium-driver)\n"
    );
    let _ = std::io::stderr().write_all(note.as_bytes());
    false
}

/// `ptg serve` on a free port of this machine, stopped when dropped.
pub struct Serving {
    child: Child,
    /// `http://127.0.0.1:PORT`.
    pub url: String,
}

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `ptg serve --listen 127.0.0.1:0` on `p`'s database, once it says where it listens.
pub fn serve(p: &Ptg) -> Serving {
    serve_with(p, &[]).0
}

/// `ptg serve` with `args` too, and the set-up link it prints after its address, if any.
pub fn serve_with(p: &Ptg, args: &[&str]) -> (Serving, Option<String>) {
    let mut child = p
        .process(&[&["serve", "--listen", "127.0.0.1:0"][..], args].concat())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ptg serve starts");
    let stderr = child.stderr.take().expect("its stderr");
    let mut lines = BufReader::new(stderr).lines();
    let said = lines
        .next()
        .expect("ptg serve says where it listens")
        .expect("a line");
    let url = said
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {said:?}"))
        .to_string();
    let setup = match p
        .json(&["campaign", "list"])
        .as_array()
        .is_some_and(Vec::is_empty)
        || args.contains(&"--setup")
    {
        true => lines.next().and_then(Result::ok).and_then(|l| {
            l.split_whitespace()
                .find(|w| w.contains("/setup/"))
                .map(str::to_string)
        }),
        false => None,
    };
    // The rest of what it says is read and dropped, so it never blocks on a full pipe.
    std::thread::spawn(move || lines.for_each(drop));
    (Serving { child, url }, setup)
}

/// A plain GET of `path` from the server at `url` ("http://HOST:PORT"): the answer's head
/// (status line and headers, lower-cased) and body.
pub fn get(url: &str, path: &str) -> (String, String) {
    let addr = url.trim_start_matches("http://");
    let mut s = TcpStream::connect(addr).expect("connect to ptg serve");
    s.set_read_timeout(Some(Duration::from_secs(20)))
        .expect("a timeout");
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .expect("send");
    // Bytes, read as text where they are (an icon's PNG is not UTF-8).
    let mut bytes = Vec::new();
    let _ = s.read_to_end(&mut bytes);
    let answer = String::from_utf8_lossy(&bytes);
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    (head.to_lowercase(), body.to_string())
}

/// chromedriver on a free port of this machine, in a process group of its own: dropping it
/// ends that group (chromedriver and any Chromium it left running).
pub struct Chromedriver {
    child: Child,
    /// `http://127.0.0.1:PORT`, for WebDriver.
    pub url: String,
}

impl Chromedriver {
    pub fn start() -> Chromedriver {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .expect("chromedriver starts");
        let driver = Chromedriver {
            child,
            url: format!("http://127.0.0.1:{port}"),
        };
        let started = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "chromedriver did not listen on port {port} within 20 s"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        driver
    }
}

impl Drop for Chromedriver {
    fn drop(&mut self) {
        // The group chromedriver leads (its id is chromedriver's own): Chromium goes with it.
        if let Ok(group) = i32::try_from(self.child.id()) {
            // SAFETY: kill(2) with a process group this test started; no memory is touched.
            unsafe {
                libc::kill(-group, libc::SIGKILL);
            }
        }
        let _ = self.child.wait();
    }
}

/// A phone-sized (390×844) headless Chromium with a fresh profile in `profile`, through
/// `driver`. End it with `close` so Chromium quits.
pub async fn phone(driver: &Chromedriver, profile: &Path) -> Client {
    phone_with(driver, profile, &[]).await
}

/// [`phone`] with Chromium's `extra` flags too. With `--ignore-certificate-errors` (a test's
/// own certificate authority, `tests/browser/https.rs`), WebDriver accepts such certificates too.
pub async fn phone_with(driver: &Chromedriver, profile: &Path, extra: &[&str]) -> Client {
    let mut args: Vec<String> = CHROMIUM_FLAGS.iter().map(|f| f.to_string()).collect();
    args.extend(extra.iter().map(|f| f.to_string()));
    args.extend([
        // Scrollbars take no width, as on a phone: the page has the whole 390 or 360 px.
        "--hide-scrollbars".to_string(),
        "--window-size=390,844".to_string(),
        format!("--user-data-dir={}", profile.display()),
    ]);
    let caps = serde_json::json!({
        "browserName": "chrome",
        "acceptInsecureCerts": extra.contains(&"--ignore-certificate-errors"),
        "goog:chromeOptions": { "binary": CHROMIUM, "args": args },
    });
    let serde_json::Value::Object(caps) = caps else {
        unreachable!("a JSON object")
    };
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(&driver.url)
        .await
        .expect("a Chromium session through chromedriver")
}

/// Sizes the window so the page is `width` × `height` CSS pixels (the window's frame, if any,
/// added), and waits until the page is laid out at that width: Chromium resizes after
/// answering, so a page measured at once may still be as wide as before.
pub async fn viewport(c: &Client, width: u32, height: u32) {
    c.set_window_size(width, height).await.expect("resize the window");
    let read = || async {
        let inner = c
            .execute(
                "return [window.innerWidth, window.innerHeight, document.documentElement.clientWidth];",
                vec![],
            )
            .await
            .expect("read the viewport");
        let n = |i: usize| inner[i].as_u64().unwrap_or(0);
        (n(0), n(1), n(2))
    };
    let want = (u64::from(width), u64::from(height));
    let started = Instant::now();
    let mut last = None;
    let mut framed = 0;
    loop {
        let (w, h, laid) = read().await;
        if w == want.0 && laid == want.0 && (h == want.1 || framed > 0) {
            return;
        }
        // The same size read twice is the window's, not a resize under way: a frame (or
        // none) to add, a few times at most.
        if framed < 3 && last == Some((w, h)) {
            framed += 1;
            let frame_w = want.0.saturating_sub(w);
            let frame_h = want.1.saturating_sub(h);
            c.set_window_size(width + frame_w as u32, height + frame_h as u32)
                .await
                .expect("resize the window");
        }
        last = Some((w, h));
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the window is {w}×{h} (page {laid} px wide), not {width}×{height}, after 10 s"
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

/// Clicks the element `css` finds, and waits until the browser has left `url` for another page.
pub async fn click_and_leave(c: &Client, css: &str) {
    let before = c.current_url().await.expect("the page's address");
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css} on {before}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("cannot click {css} on {before}: {e}"));
    let started = Instant::now();
    loop {
        let now = c.current_url().await.expect("the page's address");
        let ready = c
            .execute("return document.readyState;", vec![])
            .await
            .map(|v| v == "complete")
            .unwrap_or(false);
        if now != before && ready {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "clicking {css} on {before} led nowhere within 20 s"
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

/// Clicks the element `css` finds, and waits until the page (the same one, after a form's
/// redirect back to it) shows `needle`.
pub async fn click_and_see(c: &Client, css: &str, needle: &str) {
    let at = c.current_url().await.expect("the page's address");
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css} on {at}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("cannot click {css} on {at}: {e}"));
    let started = Instant::now();
    loop {
        let text = c
            .execute(
                "return document.readyState === 'complete' ? document.body.innerText : '';",
                vec![],
            )
            .await
            .map(|v| v.as_str().unwrap_or_default().to_string())
            .unwrap_or_default();
        if text.contains(needle) {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "clicking {css} on {at} did not show {needle:?} within 20 s"
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

/// The page's text as the person sees it (asked again while a page is still being replaced).
pub async fn seen(c: &Client) -> String {
    for _ in 0..200 {
        if let Ok(body) = c.find(Locator::Css("body")).await
            && let Ok(text) = body.text().await
        {
            return text;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no page to read after 10 s");
}

/// Types `text` into the field `css` finds, after what it holds already.
pub async fn type_into(c: &Client, css: &str, text: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css}: {e}"))
        .send_keys(text)
        .await
        .unwrap_or_else(|e| panic!("cannot type into {css}: {e}"));
}

/// Opens `target` by tapping a link on a page of another site (a `data:` page, as a chat app's
/// or webmail's), so the navigation is cross-site.
pub async fn tap_from_elsewhere(c: &Client, target: &str) {
    c.goto(&format!("data:text/html,<a id=go href='{target}'>the link</a>"))
        .await
        .expect("open the page of another site");
    click_and_leave(c, "#go").await;
}
