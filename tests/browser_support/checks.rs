//! The checks every page of the browser suites passes on a phone (issue #32), run in the page
//! Chromium shows: nothing wider than the screen at 390 and 360 px, every control at least
//! 44 px tall (a tick box: its label's row) with 16-px text, every field labelled, the
//! stylesheet, icon and manifest linked, a link to the league, who is signed in said on top,
//! and none of the command line's words (`ptg COMMAND`, `--flag`). Each failure names the page
//! and the element, so it is quick to fix.

use super::viewport;
use fantoccini::Client;

/// What a page is checked for, run in the page at its size. Every `details` is opened first so
/// the forms folded in it are checked too. Answers a list of [problem, element's HTML], and the
/// page's figures.
pub const CHECK_CONTROLS: &str = r#"
const out = [];
const html = el => { const h = el.outerHTML.replace(/\s+/g, ' '); return h.length > 240 ? h.slice(0, 240) + '…' : h; };
document.querySelectorAll('details').forEach(d => d.open = true);
const shown = el => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
  return r.width > 0 && r.height > 0 && s.visibility !== 'hidden'; };
let lowest = Infinity, smallest = Infinity, count = 0;
for (const el of document.querySelectorAll('button, input:not([type=hidden]), select, textarea, a.button')) {
  if (!shown(el)) continue;
  count++;
  const tick = el.matches('input[type=checkbox], input[type=radio]');
  const row = tick ? el.closest('label') : el;
  if (!row) { out.push(['a tick box outside any label (its row cannot be tapped)', html(el)]); continue; }
  const h = row.getBoundingClientRect().height;
  const size = parseFloat(getComputedStyle(row).fontSize);
  lowest = Math.min(lowest, h); smallest = Math.min(smallest, size);
  if (h < 43.5) out.push([(tick ? 'its label row is ' : '') + h.toFixed(1) + ' px tall (44 wanted)', html(row)]);
  if (size < 15.95) out.push(['its text is ' + size.toFixed(1) + ' px (16 wanted)', html(row)]);
  if (el.matches('input, select, textarea') && el.labels.length === 0 && !el.getAttribute('aria-label'))
    out.push(['no label', html(el)]);
}
for (const [rel, href] of [['stylesheet', '/style.css'], ['icon', '/favicon.svg'], ['manifest', '/manifest.webmanifest']])
  if (![...document.querySelectorAll('link[rel=' + rel + ']')].some(l => l.getAttribute('href').startsWith(href)))
    out.push(['no <link rel=' + rel + '> to ' + href, '']);
if (![...document.styleSheets].some(s => s.cssRules.length > 20)) out.push(['the stylesheet did not load', '']);
return { problems: out, controls: count, lowest: count ? lowest : 0, smallest: count ? smallest : 0 };
"#;

/// How wide the page is at the window's width, and the deepest elements that stick out past
/// it (outside any box of their own that scrolls or clips).
pub const CHECK_WIDTH: &str = r#"
const w = document.documentElement.clientWidth;
const html = el => { const h = el.outerHTML.replace(/\s+/g, ' '); return h.length > 240 ? h.slice(0, 240) + '…' : h; };
const past = el => el.getBoundingClientRect().right > w + 0.5;
const boxed = el => { for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
  if (getComputedStyle(a).overflowX !== 'visible') return true; return false; };
const out = [];
for (const el of document.body.querySelectorAll('*'))
  if (past(el) && !boxed(el) && ![...el.children].some(past)) out.push(html(el));
return { width: document.documentElement.scrollWidth, viewport: w, wide: out.slice(0, 5) };
"#;

/// The words of the command line a page shows: `ptg COMMAND` and `--flag`s. Pages are for
/// players, who do not type commands.
pub fn cli_words(text: &str) -> Vec<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut found = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let bare = w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-');
        if bare == "ptg"
            && let Some(next) = words.get(i + 1)
            && next.starts_with(|c: char| c.is_ascii_lowercase())
        {
            found.push(format!(
                "ptg {}",
                next.trim_end_matches(|c: char| !c.is_alphanumeric())
            ));
        }
        let flag = w.trim_start_matches(|c: char| !c.is_alphanumeric() && c != '-');
        if let Some(name) = flag.strip_prefix("--")
            && name.starts_with(|c: char| c.is_ascii_lowercase())
        {
            let name: String = name
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            found.push(format!("--{name}"));
        }
    }
    found
}

/// One page's checks: its figures for the report, and its failures.
pub struct Checked {
    pub figures: String,
    pub failures: Vec<String>,
}

/// Checks the page the browser shows (called `what`): at 390×844 its controls, labels and
/// links, then its width at 390 and at 360. `league`: the league page it must link to (`/`
/// for a page in no campaign, `None` for the campaigns themselves); `signed_in`: whether the
/// bar on top must say who is.
pub async fn check_page(c: &Client, what: &str, league: Option<&str>, signed_in: bool) -> Checked {
    let url = c.current_url().await.expect("the page's address").to_string();
    let mut failures = Vec::new();
    let controls = c
        .execute(CHECK_CONTROLS, vec![])
        .await
        .expect("the control check runs");
    for p in controls["problems"].as_array().into_iter().flatten() {
        failures.push(format!("{what} ({url}): {}: {}", text(&p[0]), text(&p[1])));
    }
    if let Some(href) = league {
        let script =
            "return [...document.querySelectorAll('a')].some(a => a.getAttribute('href') === arguments[0]);";
        let linked = c
            .execute(script, vec![serde_json::json!(href)])
            .await
            .expect("the link check runs");
        if linked != true {
            failures.push(format!("{what} ({url}): no link to the league ({href})"));
        }
    }
    let nav = c
        .execute(
            "const n = document.querySelector('nav'); return n ? n.innerText : '';",
            vec![],
        )
        .await
        .expect("the bar on top");
    if signed_in && !text(&nav).contains("Signed in") {
        failures.push(format!(
            "{what} ({url}): the bar on top does not say who is signed in: {nav}"
        ));
    }
    let page_text = c
        .execute("return document.body.innerText;", vec![])
        .await
        .expect("the page's text");
    // No page speaks the command line's words (`server/words.rs` rewords them).
    for w in cli_words(&text(&page_text)) {
        failures.push(format!("{what} ({url}): says the command line's {w:?}"));
    }
    let mut widths = Vec::new();
    for w in [390, 360] {
        viewport(c, w, 844).await;
        let seen = c
            .execute(CHECK_WIDTH, vec![])
            .await
            .expect("the width check runs");
        let width = seen["width"].as_u64().unwrap_or(0);
        widths.push(width);
        if width > u64::from(w) {
            failures.push(format!(
                "{what} ({url}): {width} px wide at {w} (viewport {}); sticking out: {}",
                seen["viewport"],
                seen["wide"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(text)
                    .collect::<Vec<_>>()
                    .join(" | ")
            ));
        }
    }
    viewport(c, 390, 844).await;
    if let Some(dir) = std::env::var_os("PTG_PHONE_SHOTS") {
        let name: String = what
            .chars()
            .map(|ch| if ch.is_ascii_alphanumeric() { ch } else { '-' })
            .collect();
        shoot_whole(c, std::path::Path::new(&dir), &name).await;
    }
    let figures = format!(
        "{what:<28} {:>4} {:>4} {:>8} {:>10.1} {:>8.1}",
        widths[0],
        widths[1],
        controls["controls"].as_u64().unwrap_or(0),
        controls["lowest"].as_f64().unwrap_or(0.0),
        controls["smallest"].as_f64().unwrap_or(0.0),
    );
    Checked { figures, failures }
}

/// The whole page as a 390-px phone lays it out, as `dir/NAME.png` (with PTG_PHONE_SHOTS=DIR,
/// to look at every page): one picture as tall as the page (at most 6000 px).
pub async fn shoot_whole(c: &Client, dir: &std::path::Path, name: &str) {
    let tall = c
        .execute("return document.documentElement.scrollHeight;", vec![])
        .await
        .expect("the page's height");
    let tall = tall.as_u64().unwrap_or(844).clamp(844, 6000);
    viewport(c, 390, u32::try_from(tall).unwrap_or(844)).await;
    let png = c.screenshot().await.expect("a screenshot");
    std::fs::write(dir.join(format!("{name}.png")), png).expect("write the screenshot");
    viewport(c, 390, 844).await;
}

pub fn text(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        v => v.to_string(),
    }
}
