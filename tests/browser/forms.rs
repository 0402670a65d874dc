//! Every form on every page kind behaves (issue 40, "Done when"), in headless Chromium at phone
//! width through WebDriver: each form is sent first with values the rules refuse, then with good
//! ones. A refusal lands back on the form's page (a 303 followed) with its message (`#refused`,
//! an alert) in the viewport, inside the refused form (its `<details>` open), every value typed,
//! picked and ticked still there, and the database unchanged. A good send, tapped twice 100 ms
//! apart (the first answer held back by the browser's network emulation, so the second tap lands
//! on the same page as on a slow phone network), writes once. Back after each shows a page of
//! the league, never "Confirm Form Resubmission".
//!
//! The cases are a table (`cases`), one per form; each is run on its own (a failure is caught
//! and the next case runs), and the test fails listing every case that failed and why.

use crate::browser_support;
use crate::common;

use browser_support::walk::{find, pick, retype, tap_and_wait};
use browser_support::{CHROMEDRIVER, CHROMIUM, Chromedriver, browser_here, click_and_leave, phone, seen};
use common::league::{LEAGUE, LEAGUE_FIXTURE, MOONCLAN};
use common::sets::change_sets;
use common::{HAMMERS, Ptg, RATS, roster_new};
use fantoccini::Client;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One form: where it is, how to find it, what the rules refuse and what they take.
#[derive(Clone, Debug)]
struct Case {
    what: &'static str,
    /// The page's path (and query), e.g. `/rosters/5`.
    page: String,
    /// A CSS selector of the form, by its `action`.
    form: String,
    /// Field name and value: text typed, an option picked by the start of its words, a box
    /// ticked by the start of its label.
    refused: Vec<(&'static str, String)>,
    good: Vec<(&'static str, String)>,
}

fn set(fields: &[(&'static str, &str)]) -> Vec<(&'static str, String)> {
    fields.iter().map(|(n, v)| (*n, v.to_string())).collect()
}

/// The league of `tests/common/league.rs`, and besides: battle 7 planned with no armies yet,
/// battle 8 planned with both armies in, and Ember Court still in set-up (a Grey Seer with a
/// heroic trait, and Clanrats).
fn forms_league() -> Ptg {
    let p = LEAGUE_FIXTURE.copy();
    for _ in 0..2 {
        p.ok(&[
            "battle",
            "new",
            "--campaign",
            LEAGUE,
            "--points",
            "1000",
            "--battleplan",
            "The Ruined Settlement",
            HAMMERS,
            MOONCLAN,
        ]);
    }
    p.ok(&[
        "battle",
        "army",
        "8",
        HAMMERS,
        "Lord-Vigilant on Gryph-stalker",
        "Liberators",
    ]);
    p.ok(&[
        "battle",
        "army",
        "8",
        MOONCLAN,
        "Loonboss",
        "Moonclan Stabbas",
        "--dice",
        "6,1",
    ]);
    p.ok(&roster_new(
        "Ember Court",
        LEAGUE,
        "Skaven",
        "Grey Seer",
        "mage",
        "dedicated-practitioner",
    ));
    p.ok(&["roster", "add", "Ember Court", "Clanrats"]);
    p.ok(&["roster", "enhance", "Ember Court", "Grey Seer", "Short-tempered"]);
    p
}

/// The table: every form of every page kind, with a refusal the rules give and good values.
fn cases(p: &Ptg, join: &str) -> Vec<Case> {
    let id = |roster: &str| p.json(&["roster", "show", roster])["id"].to_string();
    let (hammers, rats, ember) = (id(HAMMERS), id(RATS), id("Ember Court"));
    let ember_page = format!("/rosters/{ember}");
    // An invisible character (U+200B) in a note: the rules refuse it, and no picker or
    // `maxlength` of the page can stop it being typed.
    let hidden_char = "a quest\u{200B}";
    let on = |action: &str| format!("form[action$='/{action}']");
    let side = |action: &str, roster: &str| {
        format!("form[action$='/{action}']:has(input[name=roster_id][value='{roster}'])")
    };
    vec![
        Case {
            what: "roster: add a unit",
            page: ember_page.clone(),
            form: on("units"),
            // A single model reinforced.
            refused: set(&[
                ("warscroll", "Verminlord Warpseer"),
                ("name", "Warpy"),
                ("reinforced", "reinforced"),
            ]),
            // No name: a second unit added would be as legal as the first, so only the one-use
            // token stops a double tap.
            good: set(&[("warscroll", "Stormvermin"), ("name", ""), ("reinforced", "")]),
        },
        Case {
            what: "roster: start a quest",
            page: format!("/rosters/{hammers}"),
            form: on("quest"),
            // Seek Glory in Battle names a unit.
            refused: set(&[("quest", "Seek Glory in Battle")]),
            good: set(&[("quest", "Seek Glory in Battle"), ("unit", "Liberators")]),
        },
        Case {
            what: "roster: rename",
            page: ember_page.clone(),
            form: on("rename"),
            // Another roster of the league is called that.
            refused: set(&[("name", RATS)]),
            good: set(&[("name", "Ember Hall")]),
        },
        Case {
            what: "roster: enhancements",
            page: ember_page.clone(),
            form: on("enhancements"),
            // The picker offers only what the rules accept, so the reason is what is refused.
            refused: set(&[("pick", "Grey Seer: Warpstone Charm"), ("reason", hidden_char)]),
            good: set(&[("pick", "Grey Seer: Warpstone Charm"), ("reason", "")]),
        },
        Case {
            what: "roster: Arcane Tome",
            page: ember_page.clone(),
            form: on("tome"),
            // The picker offers only entries of the roster's lores, and only held ones to
            // replace, so the reason is what is refused.
            refused: set(&[
                ("entry", "Warpgale"),
                ("replace", "nothing"),
                ("reason", hidden_char),
            ]),
            good: set(&[("entry", "Warpgale"), ("replace", "nothing"), ("reason", "")]),
        },
        Case {
            what: "battle: army",
            page: "/battles/7".into(),
            form: side("army", &hammers),
            refused: set(&[("unit", "Liberators"), ("dice", "abc")]),
            // The warlord taken too: an army needs a HERO as its general.
            good: set(&[("unit", "Lord-Vigilant"), ("dice", "")]),
        },
        Case {
            what: "battle: result",
            page: "/battles/8".into(),
            form: on("result"),
            // Moonclan Mob withdrew with no model lost.
            refused: set(&[
                ("vp_a", "14"),
                ("vp_b", "8"),
                ("general_slain_a", &format!("{HAMMERS}: its general was slain")),
                ("withdrew", MOONCLAN),
            ]),
            good: set(&[("withdrew", "no one")]),
        },
        Case {
            what: "battle: aftermath",
            page: "/battles/6".into(),
            form: side("aftermath", &rats),
            refused: set(&[("favoured", "Clanrats"), ("dice", "abc")]),
            good: set(&[("favoured", "Clanrats"), ("dice", "1,1,1")]),
        },
        Case {
            what: "league: plan a battle",
            page: "/campaigns/1".into(),
            form: on("battles"),
            refused: set(&[
                ("a", HAMMERS),
                ("b", RATS),
                ("points", "abc"),
                ("battleplan", "The Ruined Settlement"),
            ]),
            good: set(&[("points", "1,000")]),
        },
        Case {
            what: "organiser: new roster",
            page: "/campaigns/1/organise".into(),
            form: on("rosters"),
            refused: set(&[
                ("name", RATS),
                ("player", "Dee"),
                ("faction", "Skaven"),
                ("warlord", "Grey Seer"),
                ("path", "Path of the Mage"),
                ("ability", "dedicated-practitioner"),
            ]),
            good: set(&[("name", "Gnaw Pack")]),
        },
        Case {
            what: "organiser: settings",
            page: "/campaigns/1/organise".into(),
            form: on("settings"),
            // Favour is won and lost in a realm.
            refused: set(&[("realms", "off"), ("favour", "on")]),
            good: set(&[("realms", "on")]),
        },
        Case {
            what: "join",
            page: format!("{join}?faction=Skaven"),
            form: "form[method=post][action^='/join/']".into(),
            refused: set(&[
                ("player", "Eve"),
                ("name", RATS),
                ("warlord", "Grey Seer"),
                ("path_ability", "Path of the Mage"),
            ]),
            good: set(&[("name", "Late Claws")]),
        },
    ]
}

#[tokio::test]
async fn every_form_keeps_a_refusal_in_view_writes_once_and_goes_back_to_a_page() {
    if !browser_here(
        "every_form_keeps_a_refusal_in_view_writes_once_and_goes_back_to_a_page",
        &[CHROMIUM, CHROMEDRIVER],
    ) {
        return;
    }
    let started = Instant::now();
    let p = Arc::new(forms_league());
    let organiser = p.json(&["invite", LEAGUE, "--organiser"])["token"]
        .as_str()
        .expect("a token")
        .to_string();
    let server = browser_support::serve(&p);
    let base = server.url.clone();
    let driver = Chromedriver::start();
    let profile = tempfile::tempdir().expect("a profile folder");
    let c = phone(&driver, profile.path()).await;
    c.goto(&format!("{base}/invite/{organiser}"))
        .await
        .expect("open the invite");
    click_and_leave(&c, "form[action^='/invite/'] button").await;
    // The join link, made on the organiser's page (signing in through it is the last case).
    c.goto(&format!("{base}/campaigns/1/organise"))
        .await
        .expect("organise");
    tap_and_wait(&c, "form[action$='/join-link'] button").await;
    let made = seen(&c).await;
    let at = made.find("/join/").expect("the join link on the page");
    let join: String = made[at..]
        .split_whitespace()
        .next()
        .expect("the link")
        .to_string();

    let session = c.session_id().await.expect("the session").expect("an id");
    let mut failures = Vec::new();
    // PTG_FORMS_ONLY=word,word runs only the cases whose name holds one of the words.
    let only = std::env::var("PTG_FORMS_ONLY").unwrap_or_default();
    let all: Vec<Case> = cases(&p, &join)
        .into_iter()
        .filter(|c| only.is_empty() || only.split(',').any(|w| c.what.contains(w.trim())))
        .collect();
    let count = all.len();
    for case in all {
        let run = tokio::spawn(run_case(
            c.clone(),
            Arc::clone(&p),
            base.clone(),
            (driver.url.clone(), session.clone()),
            case.clone(),
        ));
        match run.await {
            Ok(()) => eprintln!("ok: {}", case.what),
            Err(e) => {
                let why = e
                    .try_into_panic()
                    .ok()
                    .and_then(|p| {
                        p.downcast_ref::<String>()
                            .cloned()
                            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    })
                    .unwrap_or_else(|| "cancelled".to_string());
                eprintln!("FAILED: {}: {why}", case.what);
                failures.push(format!("{}: {why}", case.what));
            }
        }
        // Whatever a failed case left, the next one starts with no emulated latency.
        network_latency(&driver.url, &session, None);
    }
    c.close().await.expect("Chromium quits");
    drop(driver);
    eprintln!(
        "{} forms, {} failed, in {:.1} s",
        count,
        failures.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{} of {count} forms misbehave:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// One case, start to end; a failure panics (caught by the caller, which runs the next case).
async fn run_case(c: Client, p: Arc<Ptg>, base: String, (driver, session): (String, String), case: Case) {
    let what = case.what;
    // 1. Refused: back on the page, the message in view in the form, everything kept.
    c.goto(&format!("{base}{}", case.page))
        .await
        .expect("open the page");
    wait_loaded(&c, what).await;
    let h1 = heading(&c).await;
    unfold_form(&c, &case.form).await;
    fill(&c, &case.form, &case.refused).await;
    let before = p.fingerprint();
    tap_and_wait(&c, &submit_of(&case.form)).await;
    let at = c.current_url().await.expect("the page's address");
    let shown = format!(
        "{}{}",
        at.path(),
        at.query().map(|q| format!("?{q}")).unwrap_or_default()
    );
    // Every problem of the case is gathered, so one run tells all three steps' story.
    let mut problems = Vec::new();
    let on_page = shown == case.page;
    if !on_page {
        problems.push(format!("a refusal lands on {at}, not its page"));
    }
    if p.fingerprint() != before {
        problems.push("the refused send wrote to the database".to_string());
    }
    let placed = script(&c, REFUSAL_IN_VIEW, vec![json!(case.form)]).await;
    if !placed.is_empty() {
        problems.push(format!("the refusal {placed}"));
    }
    let mut lost = Vec::new();
    for (name, value) in &case.refused {
        let kept = script(&c, KEPT, vec![json!(case.form), json!(name), json!(value)]).await;
        if !kept.is_empty() {
            lost.push(format!("{name} {kept} (typed {value:?})"));
        }
    }
    if !lost.is_empty() {
        problems.push(format!(
            "the refused form lost what was sent: {}",
            lost.join("; ")
        ));
    }

    // 2. Good values, tapped twice 100 ms apart: one write. Where the refusal lost the form,
    // it is opened and filled again, so the double tap is checked all the same.
    if !on_page || !placed.is_empty() || !lost.is_empty() {
        c.goto(&format!("{base}{}", case.page))
            .await
            .expect("open the page");
        wait_loaded(&c, what).await;
        unfold_form(&c, &case.form).await;
        fill(&c, &case.form, &case.refused).await;
    }
    unfold_form(&c, &case.form).await;
    fill(&c, &case.form, &case.good).await;
    let sets = change_sets(&p);
    double_tap(&c, &case.form, (&driver, &session), what).await;
    let said = script(
        &c,
        "return (document.querySelector('[role=alert]') || {innerText: ''}).innerText;",
        vec![],
    )
    .await;
    let written = change_sets(&p) - sets;
    if written != 1 {
        problems.push(format!(
            "a double tap wrote {written} change sets, not 1 (the page says {said:?})"
        ));
    }

    // 3. Back: a page of the league, no resubmit prompt, nothing written.
    let before = p.fingerprint();
    c.back().await.expect("go back");
    wait_loaded(&c, what).await;
    let text = seen(&c).await;
    if text.contains("Confirm Form Resubmission") || text.contains("ERR_CACHE_MISS") {
        problems.push("Back asks to resend the form".to_string());
    }
    // The same page (its title may have changed: a roster renamed), with its heading.
    let back = c.current_url().await.expect("the page's address");
    let back_h1 = heading(&c).await;
    if back.path() != at.path() || back_h1.is_empty() {
        problems.push(format!(
            "Back shows {back} ({back_h1:?}), not the form's page ({h1:?})"
        ));
    }
    let ptg = script(
        &c,
        "return document.querySelector('a[href=\"/\"]') ? '' : 'no link to ptg';",
        vec![],
    )
    .await;
    if !ptg.is_empty() {
        problems.push(format!("Back shows a page with {ptg}"));
    }
    if p.fingerprint() != before {
        problems.push("going back wrote to the database".to_string());
    }
    assert!(problems.is_empty(), "{}", problems.join("; "));
}

/// Whether `#refused` is an alert inside the form `arguments[0]` (or its open `<details>`) with
/// its top inside the viewport: "" when it is, else what is wrong.
const REFUSAL_IN_VIEW: &str = r#"
const f = document.querySelector(arguments[0]);
const r = document.getElementById('refused');
if (!f) return 'is shown with no form ' + arguments[0] + ' on the page';
if (!r) return 'is not shown: no #refused on the page';
if (r.getAttribute('role') !== 'alert') return 'is not an alert: ' + r.outerHTML.slice(0, 200);
const d = f.closest('details');
if (d && !d.open) return 'is in a closed <details>';
if (!f.contains(r) && !(d && d.contains(r))) return 'is not in the form: ' + r.innerText;
const b = r.getBoundingClientRect();
if (!(b.height > 0 && b.top >= -1 && b.top < window.innerHeight)) {
  return 'is out of view: its top at ' + b.top + ' px, the viewport ' + window.innerHeight + ' px tall';
}
return '';
"#;

/// Whether field `arguments[1]` of form `arguments[0]` still holds `arguments[2]`: a text's
/// value, the words of the option picked, a box ticked by its label: "" when it does.
const KEPT: &str = r#"
const [css, name, want] = arguments;
const f = document.querySelector(css);
if (!f) return 'gone with its form';
const all = [...f.querySelectorAll('[name="' + name + '"]')];
if (!all.length) return 'is not in the form';
const e = all[0];
const label = x => (x.getAttribute('aria-label') || (x.closest('label') || {innerText: ''}).innerText || '').trim();
if (e.tagName === 'SELECT') {
  const o = e.selectedOptions[0];
  const t = o ? o.text.trim() : '';
  return t.startsWith(want) ? '' : 'picks ' + JSON.stringify(t);
}
if (e.type === 'checkbox' || e.type === 'radio') {
  const m = all.find(x => label(x).startsWith(want) || x.value === want);
  return m && m.checked ? '' : 'is not ticked';
}
return e.value === want ? '' : 'holds ' + JSON.stringify(e.value);
"#;

/// Runs `js` and reads its answer as text.
async fn script(c: &Client, js: &str, args: Vec<Value>) -> String {
    let v = c.execute(js, args).await.expect("run a script");
    v.as_str().unwrap_or_default().to_string()
}

/// The page's `h1`, as read.
async fn heading(c: &Client) -> String {
    script(
        c,
        "const h = document.querySelector('h1'); return h ? h.innerText : '';",
        vec![],
    )
    .await
}

/// The submit button of form `form`.
fn submit_of(form: &str) -> String {
    format!("{form} button:not([type=button])")
}

/// Opens the `<details>` the form sits in, tapping its summary as a person does.
async fn unfold_form(c: &Client, form: &str) {
    find(c, form).await;
    let js = "const f = document.querySelector(arguments[0]);
        for (let d = f.closest('details'); d; d = d.parentElement.closest('details')) {
          if (!d.open) d.querySelector(':scope > summary').click();
        }";
    c.execute(js, vec![json!(form)]).await.expect("open its details");
}

/// Fills `fields` of form `form` as a person does: types into a text box (in place of what it
/// held), taps an option of a select, ticks a box by its label.
async fn fill(c: &Client, form: &str, fields: &[(&'static str, String)]) {
    for (name, value) in fields {
        let kind = script(
            c,
            "const e = document.querySelector(arguments[0]).querySelector('[name=\"' + arguments[1] + '\"]');
             return e ? (e.tagName === 'SELECT' ? 'select' : (e.type === 'checkbox' || e.type === 'radio') ? 'tick' : 'text') : '';",
            vec![json!(form), json!(name)],
        )
        .await;
        let field = format!("{form} [name='{name}']");
        match kind.as_str() {
            "select" => pick(c, &field, value).await,
            // An empty value: every box of the name left unticked.
            "tick" if value.is_empty() => {
                let js =
                    "document.querySelector(arguments[0]).querySelectorAll('[name=\"' + arguments[1] + '\"]')
                    .forEach(x => { if (x.checked) x.click(); });";
                c.execute(js, vec![json!(form), json!(name)])
                    .await
                    .expect("untick the boxes");
            }
            "tick" => {
                let js = "const all = [...document.querySelector(arguments[0]).querySelectorAll('[name=\"' + arguments[1] + '\"]')];
                    const label = x => (x.getAttribute('aria-label') || (x.closest('label') || {innerText: ''}).innerText || '').trim();
                    return all.find(x => label(x).startsWith(arguments[2]) || x.value === arguments[2]) || null;";
                let found = c
                    .execute(js, vec![json!(form), json!(name), json!(value)])
                    .await
                    .expect("find the box");
                let id = found
                    .as_object()
                    .and_then(|o| o.values().next())
                    .and_then(Value::as_str)
                    .unwrap_or_else(|| panic!("no box {name} labelled {value:?} in {form}"))
                    .to_string();
                let b = fantoccini::elements::Element::from_element_id(c.clone(), id.into());
                if !b.is_selected().await.expect("whether ticked") {
                    b.click().await.expect("tick the box");
                }
            }
            "text" => retype(c, &field, value).await,
            _ => panic!("no field {name} in {form}"),
        }
    }
}

/// Taps the form's button, and again 100 ms later while the first answer is still on its way
/// (the browser holds every answer back 400 ms, as a slow phone network does), then waits for
/// the page the taps lead to.
async fn double_tap(c: &Client, form: &str, (driver, session): (&str, &str), what: &str) {
    let button = find(c, &submit_of(form)).await;
    c.execute(
        "sessionStorage.removeItem('second'); document.documentElement.dataset.before = 'yes';",
        vec![],
    )
    .await
    .expect("mark the page");
    network_latency(driver, session, Some(400));
    let js = "const b = arguments[0]; b.click();
        setTimeout(() => { sessionStorage.setItem('second', 'tapped'); b.click(); }, 100);";
    c.execute(js, vec![serde_json::to_value(&button).expect("the button")])
        .await
        .expect("tap twice");
    let started = Instant::now();
    loop {
        let replaced = c
            .execute(
                "return document.readyState === 'complete' && !document.documentElement.dataset.before;",
                vec![],
            )
            .await
            .map(|v| v == true)
            .unwrap_or(false);
        if replaced {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{what}: the taps led nowhere within 20 s"
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    network_latency(driver, session, None);
    let second = script(c, "return sessionStorage.getItem('second') || '';", vec![]).await;
    assert_eq!(
        second, "tapped",
        "{what}: the page was gone before the second tap"
    );
}

/// Sets (or with `None` ends) chromedriver's network emulation for `session`: every answer held
/// back `latency` ms.
fn network_latency(driver: &str, session: &str, latency: Option<u32>) {
    let path = format!("/session/{session}/chromium/network_conditions");
    let (method, body) = match latency {
        Some(ms) => (
            "POST",
            json!({"network_conditions": {
                "offline": false, "latency": ms,
                "download_throughput": 100_000_000, "upload_throughput": 100_000_000
            }})
            .to_string(),
        ),
        None => ("DELETE", String::new()),
    };
    let answer = webdriver_call(driver, method, &path, &body);
    if latency.is_some() {
        assert!(
            answer.starts_with("HTTP/1.1 200"),
            "chromedriver's network conditions: {answer}"
        );
    }
}

/// A plain HTTP call to chromedriver (the command fantoccini has no method for).
fn webdriver_call(driver: &str, method: &str, path: &str, body: &str) -> String {
    use std::io::{Read, Write};
    let addr = driver.trim_start_matches("http://");
    let mut s = std::net::TcpStream::connect(addr).expect("connect to chromedriver");
    s.set_read_timeout(Some(Duration::from_secs(20)))
        .expect("a timeout");
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("send");
    let mut answer = String::new();
    let _ = s.read_to_string(&mut answer);
    answer
}

/// Waits until the page shown is loaded.
async fn wait_loaded(c: &Client, what: &str) {
    let started = Instant::now();
    while c
        .execute("return document.readyState;", vec![])
        .await
        .map(|v| v != "complete")
        .unwrap_or(true)
    {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{what}: the page did not load within 20 s"
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}
