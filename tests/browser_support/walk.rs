//! A walk through the pages as people take it on their phones: every page seen is checked
//! (`checks::check_page`), and every form is sent by tapping its button, lands on a page saying
//! what was done, and is reloaded there (pull to refresh) with the database unchanged and the
//! note gone. Fields are filled as people fill them: an option tapped in a select, a box
//! ticked by its label, text typed.

use super::checks::check_page;
use crate::common::Ptg;
use fantoccini::elements::Element;
use fantoccini::{Client, Locator};
use std::time::{Duration, Instant};

/// What the walk has checked so far, on the database `p` the server serves.
pub struct Walk<'a> {
    pub p: &'a Ptg,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// The league page every page of the campaign links to (`/campaigns/ID`).
    pub league: String,
    /// Every page's failures, reported together at the end.
    pub failures: Vec<String>,
    /// The pages checked, and the forms sent and reloaded.
    pub pages: usize,
    pub forms: usize,
}

impl<'a> Walk<'a> {
    pub fn new(p: &'a Ptg, base: &str, league: &str) -> Walk<'a> {
        Walk {
            p,
            base: base.to_string(),
            league: league.to_string(),
            failures: Vec::new(),
            pages: 0,
            forms: 0,
        }
    }

    /// Checks the page `c` shows, called `what`: `league` is the link it must have (see
    /// `check_page`), `signed_in` whether its bar says who is.
    pub async fn look_at(&mut self, c: &Client, what: &str, league: Option<&str>, signed_in: bool) {
        let checked = check_page(c, what, league, signed_in).await;
        self.failures.extend(checked.failures);
        self.pages += 1;
    }

    /// Checks a page of the league, its person signed in.
    pub async fn look(&mut self, c: &Client, what: &str) {
        let league = self.league.clone();
        self.look_at(c, what, Some(&league), true).await;
    }

    /// Opens `path` as a person does by tapping the link to it on the page shown (the first
    /// `a` whose address is `path`), and checks the page.
    pub async fn tap_link(&mut self, c: &Client, path: &str, what: &str) {
        tap_and_wait(c, &format!("a[href='{path}']")).await;
        let at = c.current_url().await.expect("the page's address");
        assert_eq!(at.path(), path, "tapping the link to {path} led to {at}");
        self.look(c, what).await;
    }

    /// Taps the button `css` of a form and expects it done: the page it lands on says so (its
    /// note, returned), passes the checks, and reloaded writes nothing and says it no more.
    /// A refusal fails the test with the page's message.
    pub async fn send(&mut self, c: &Client, css: &str, what: &str) -> String {
        tap_and_wait(c, css).await;
        let note = match text_of(c, "[role=status]").await {
            Some(note) => note,
            None => {
                let why = text_of(c, "[role=alert]").await;
                let url = c.current_url().await.expect("the page's address");
                panic!(
                    "{what}: {css} was not done ({url}): {}",
                    why.unwrap_or(super::seen(c).await)
                );
            }
        };
        self.look(c, &format!("{what} (done)")).await;
        self.reload_writes_nothing(c, what).await;
        self.forms += 1;
        note
    }

    /// Reloads the page shown (pull to refresh): nothing is written, and the one-time note is
    /// gone.
    pub async fn reload_writes_nothing(&self, c: &Client, what: &str) {
        let before = self.p.fingerprint();
        c.refresh().await.expect("reload the page");
        wait_loaded(c, what).await;
        assert_eq!(
            text_of(c, "[role=status]").await,
            None,
            "{what}: the note again after a reload"
        );
        assert!(
            self.p.fingerprint() == before,
            "{what}: reloading the page it landed on wrote to the database"
        );
    }
}

/// Taps `css` and waits until a new page has replaced the one shown and is loaded.
pub async fn tap_and_wait(c: &Client, css: &str) {
    // The page shown is marked, so the one after it is known even at the same address.
    c.execute("document.documentElement.dataset.before = 'yes';", vec![])
        .await
        .expect("mark the page");
    let at = c.current_url().await.expect("the page's address");
    find(c, css)
        .await
        .click()
        .await
        .unwrap_or_else(|e| panic!("cannot tap {css} on {at}: {e}"));
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
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "tapping {css} on {at} led nowhere within 20 s"
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

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

/// The element `css` finds on the page shown; none fails the test, naming the page.
pub async fn find(c: &Client, css: &str) -> Element {
    match c.find(Locator::Css(css)).await {
        Ok(e) => e,
        Err(e) => {
            let at = c.current_url().await.expect("the page's address");
            panic!("no {css} on {at}: {e}")
        }
    }
}

/// The text of the first element `css` finds, if any.
pub async fn text_of(c: &Client, css: &str) -> Option<String> {
    let e = c.find(Locator::Css(css)).await.ok()?;
    e.text().await.ok()
}

/// Taps the option of select `css` whose text starts with `shown` (as the person reads it).
pub async fn pick(c: &Client, css: &str, shown: &str) {
    let select = find(c, css).await;
    for option in select
        .find_all(Locator::Css("option"))
        .await
        .expect("the select's options")
    {
        if option.text().await.unwrap_or_default().trim().starts_with(shown) {
            option.click().await.expect("tap the option");
            return;
        }
    }
    let at = c.current_url().await.expect("the page's address");
    panic!("{css} on {at} offers no {shown:?}");
}

/// Ticks the box in `scope` labelled `label` (its label's text, or its `aria-label`, starting
/// with it).
pub async fn tick(c: &Client, scope: &str, label: &str) {
    let boxes = c
        .find_all(Locator::Css(&format!("{scope} input[type=checkbox]")))
        .await
        .expect("the tick boxes");
    for b in boxes {
        let said = match b.attr("aria-label").await.expect("its aria-label") {
            Some(said) => said,
            None => match b.find(Locator::XPath("./ancestor::label")).await {
                Ok(l) => l.text().await.unwrap_or_default(),
                Err(_) => continue,
            },
        };
        if said.trim().starts_with(label) {
            b.click().await.expect("tick the box");
            return;
        }
    }
    let at = c.current_url().await.expect("the page's address");
    panic!("no box labelled {label:?} in {scope} on {at}");
}

/// Ticks the box labelled `label` (its label's text starting with it) in the list of boxes or
/// buttons in `scope` headed `legend` (its `legend` starting with it), as a form draws a
/// shared tick list or a radio: "Units destroyed" › "Rat Tide: Clanrats".
pub async fn tick_in(c: &Client, scope: &str, legend: &str, label: &str) {
    let at = c.current_url().await.expect("the page's address");
    for set in c
        .find_all(Locator::Css(&format!("{scope} fieldset")))
        .await
        .expect("the lists of boxes")
    {
        let heading = match set.find(Locator::Css("legend")).await {
            Ok(l) => l.text().await.unwrap_or_default(),
            Err(_) => continue,
        };
        if !heading.trim().starts_with(legend) {
            continue;
        }
        for l in set.find_all(Locator::Css("label")).await.expect("its labels") {
            if l.text().await.unwrap_or_default().trim().starts_with(label) {
                l.find(Locator::Css("input"))
                    .await
                    .unwrap_or_else(|e| panic!("{legend:?} › {label:?} on {at}: no box: {e}"))
                    .click()
                    .await
                    .expect("tick the box");
                return;
            }
        }
        panic!("{legend:?} in {scope} on {at} offers no {label:?}");
    }
    panic!("no list headed {legend:?} in {scope} on {at}");
}

/// Types `text` into the field `css` finds, in place of what it held.
pub async fn retype(c: &Client, css: &str, text: &str) {
    let field = find(c, css).await;
    field.clear().await.expect("clear the field");
    field.send_keys(text).await.expect("type into the field");
}

/// Opens the folded section (`details`) whose summary starts with `summary`, by tapping it,
/// unless it is open already.
pub async fn unfold(c: &Client, summary: &str) {
    for s in c
        .find_all(Locator::Css("details > summary"))
        .await
        .expect("the folded sections")
    {
        if s.text().await.unwrap_or_default().trim().starts_with(summary) {
            let open = c
                .execute(
                    "return arguments[0].parentElement.open;",
                    vec![serde_json::to_value(&s).expect("the element as JSON")],
                )
                .await
                .expect("whether it is open");
            if open != true {
                s.click().await.expect("tap the summary");
            }
            return;
        }
    }
    let at = c.current_url().await.expect("the page's address");
    panic!("no section {summary:?} on {at}");
}
