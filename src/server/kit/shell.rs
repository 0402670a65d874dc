//! The page shell every page is drawn in: the head (stylesheet, icon, manifest, a phone's
//! viewport), the bar on top (ptg, the league the page belongs to, who is signed in) and the
//! title. Who is signed in is what `session::clear_stale_session` found for the request's
//! session cookie (no second look-up); `page` reads it from [`SIGNED_IN`].

use crate::ops::invite::Principal;
use axum::response::Html;
use maud::{DOCTYPE, Markup, html};

tokio::task_local! {
    /// The rights of each of the browser's sessions (its keyring), for the bar on top, set for
    /// the whole of a request's handling by `session::clear_stale_session` (empty: not signed
    /// in).
    pub static SIGNED_IN: Vec<Principal>;
}

/// The campaign a page belongs to: the bar on top links back to its league page.
#[derive(Debug, Clone, Copy)]
pub struct League<'a> {
    pub id: i64,
    pub name: &'a str,
}

/// The theme colour, as the manifest has it.
const THEME: &str = "#7d2a1c";

/// A page in the house style, in campaign `league` when it belongs to one.
pub fn shell(title: &str, league: Option<League>, body: Markup) -> Html<String> {
    let ring = SIGNED_IN.try_with(|w| w.clone()).unwrap_or_default();
    // What the form sent before this view said, where no form of the page took it (the body
    // is drawn, its forms with it, before the shell).
    let flash = super::flash::rest();
    Html(
        html! {
            (DOCTYPE)
            html lang="en" {
                head {
                    meta charset="utf-8";
                    meta name="viewport" content="width=device-width, initial-scale=1";
                    meta name="theme-color" content=(THEME);
                    title { (title) " — ptg" }
                    link rel="stylesheet" href=(crate::server::assets::style_href());
                    link rel="icon" href="/favicon.svg" type="image/svg+xml";
                    link rel="apple-touch-icon" href="/apple-touch-icon.png";
                    link rel="manifest" href="/manifest.webmanifest";
                    script src=(crate::server::assets::share_href()) defer {}
                }
                body {
                    (nav(league, &ring))
                    // The page's own content as its `main` landmark, the bar on top outside it.
                    main { h1 { (title) } (flashed(&flash)) (body) }
                }
            }
        }
        .into_string(),
    )
}

/// ptg (every campaign), the page's league, and who is signed in there with the way to their
/// page; "Your leagues" (the home page's list) when the browser holds other sign-ins.
fn nav(league: Option<League>, ring: &[Principal]) -> Markup {
    // The sign-in of the page's league (the organiser's first), else the only one held.
    let here = |c: i64| {
        ring.iter()
            .find(|w| w.campaign_id == c && w.is_organiser())
            .or_else(|| ring.iter().find(|w| w.campaign_id == c))
    };
    let who = match league {
        Some(l) => here(l.id),
        None if ring.len() == 1 => ring.first(),
        None => None,
    };
    let others = ring
        .iter()
        .any(|w| Some(w.campaign_id) != who.map(|w| w.campaign_id));
    html! {
        nav.top {
            a href="/" { img src="/favicon.svg" alt=""; "ptg" }
            @if let Some(l) = league { a href={ "/campaigns/" (l.id) } { (l.name) } }
            @if !ring.is_empty() {
                span.who {
                    @if let Some(w) = who {
                        @match w.roster_id {
                            Some(r) => {
                                span { "Signed in as a player" }
                                a href={ "/rosters/" (r) } { "Your roster" }
                            }
                            None => {
                                span { "Signed in as the organiser" }
                                a href={ "/campaigns/" (w.campaign_id) "/organise" } { "Organise" }
                            }
                        }
                        @if league.is_none_or(|l| l.id != w.campaign_id) {
                            a href={ "/campaigns/" (w.campaign_id) } { "Your league" }
                        }
                    }
                    @if others { a href="/" { "Your leagues" } }
                }
            }
        }
    }
}

/// The note of a form done, and a refusal whose form is not on the page, under the title.
fn flashed(flash: &super::flash::Flash) -> Markup {
    html! {
        @if let Some(done) = &flash.done {
            div.done role="status" { (maud::PreEscaped(done)) }
        }
        @if let Some(k) = &flash.refused {
            div.error role="alert" id="refused" tabindex="-1" autofocus {
                p { (k.message) }
                @if let Some(d) = &k.detail { (maud::PreEscaped(d)) }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_s_title_and_body_are_its_main_landmark_and_the_bar_is_not() {
        let page = shell("Battle 3", None, html! { p { "Dice" } }).0;
        assert!(
            page.contains("<main><h1>Battle 3</h1><p>Dice</p></main>"),
            "{page}"
        );
        let nav = page.find("<nav class=\"top\">").expect("the bar on top");
        assert!(nav < page.find("<main>").expect("main"), "{page}");
        assert_eq!(page.matches("<main>").count(), 1);
    }
}
