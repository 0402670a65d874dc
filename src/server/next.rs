//! The "What's next" panels (issue #32): on a roster's page, what its player has to do (an army
//! to record, an aftermath waiting, a rank's ability or a reward to pick, a quest to choose);
//! on the league page, what the organiser waits for (armies, results, aftermaths). Each line
//! links to the page where it is done.

use crate::store::open_sides::OpenSide;
use crate::views::roster::Waiting;
use maud::{Markup, html};

/// A roster's panel: its open battles, then what waits on it (`waiting`, each linking to the
/// section of the roster's page where it is picked), and a quest to choose when it has none.
pub fn for_roster(roster_id: i64, open: &[OpenSide], waiting: &[Waiting], no_quest: bool) -> Markup {
    let mine = open.iter().filter(|s| s.roster_id == roster_id);
    let items: Vec<Markup> = mine
        .map(|s| {
            let b = s.battle_id;
            let (what, act) = match (s.fought, s.army_in, s.opponent_army_in) {
                (true, _, _) => (
                    format!("Battle {b} against {} is fought", s.opponent),
                    "run your aftermath",
                ),
                (false, false, _) => (
                    format!("Battle {b} against {} is planned", s.opponent),
                    "record your army",
                ),
                (false, true, false) => (
                    format!("Battle {b}: your army is in"),
                    "waiting for your opponent's",
                ),
                (false, true, true) => (
                    format!("Battle {b}: both armies are in"),
                    "play it; the organiser records the result",
                ),
            };
            html! { li { (what) ": " a href={ "/battles/" (b) } { (act) } } }
        })
        .chain(waiting.iter().map(waiting_item))
        .chain(no_quest.then(
            || html! { li { "No quest yet: " a href="#quest" { "choose one under \"Start a quest\"" } } },
        ))
        .collect();
    panel(&items)
}

/// The organiser's panel on the league page: per battle, the armies, the result or the
/// aftermaths still to come.
pub fn for_organiser(open: &[OpenSide]) -> Markup {
    let mut items = Vec::new();
    for (i, s) in open.iter().enumerate() {
        let b = s.battle_id;
        let first_of_battle = i == 0 || open[i - 1].battle_id != b;
        let line = match (s.fought, s.army_in, s.opponent_army_in) {
            (true, _, _) => Some(format!("Battle {b}: {}'s aftermath is waiting", s.roster)),
            (false, false, _) => Some(format!("Battle {b}: {}'s army is still to be recorded", s.roster)),
            (false, true, true) if first_of_battle => Some(format!(
                "Battle {b}: {} v {}, both armies in: record the result after the battle",
                s.roster, s.opponent
            )),
            _ => None,
        };
        if let Some(line) = line {
            items.push(html! { li { a href={ "/battles/" (b) } { (line) } } });
        }
    }
    panel(&items)
}

/// One pick waiting, linked to where the roster's page picks it.
pub fn waiting_item(w: &Waiting) -> Markup {
    let (what, pick, anchor) = w.page_link();
    html! { li { (what) ": " a href={ "#" (anchor) } { (pick) } } }
}

fn panel(items: &[Markup]) -> Markup {
    html! {
        section.next {
            h2 { "What's next" }
            @if items.is_empty() { p.note { "Nothing waits: all caught up." } }
            @else { ul { @for i in items { (i) } } }
        }
    }
}
