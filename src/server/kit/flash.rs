//! What one page view is told about the form sent just before it (issue #40): a form done or
//! refused answers 303 to its page (POST/redirect/GET), so Back and reload never send it
//! again; what the page must show once — the note saying what was done, or the refused form's
//! fields as sent with the refusal's message — is kept here for that one view, named by a
//! short-lived cookie.
//!
//! The page is rendered once from it: while a page is drawn, [`take_for`] hands the refused
//! form's state to the form it belongs to (`form::Form::render`), and the shell shows what no
//! form took (the done note, or a refusal whose form is no longer on the page) under the title.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant};

/// The cookie that names a page view's flash.
pub const COOKIE: &str = "ptg_flash";
/// A flash not shown within this long is dropped.
const KEEP: Duration = Duration::from_secs(300);
/// At most this many flashes are kept (the oldest dropped first), whatever clients send.
const MOST: usize = 4096;

/// What a page view shows once.
#[derive(Clone, Debug, Default)]
pub struct Flash {
    /// What the form did, as HTML (`answers::said`).
    pub done: Option<String>,
    /// The form refused, as it was sent.
    pub refused: Option<Kept>,
}

/// A refused form: where it was sent, what was in it, and why it was refused.
#[derive(Clone, Debug, Default)]
pub struct Kept {
    /// The path the form was sent to (a form's `action`).
    pub action: String,
    /// Its fields as sent, in order (files left out).
    pub sent: Vec<(String, String)>,
    /// What was wrong and what puts it right, in the pages' words.
    pub message: String,
    /// More to show under the message, as HTML (a list import's report).
    pub detail: Option<String>,
    /// The fields the refusal is about (their form names, or a CLI flag's name), each with
    /// what to do about it, said beside it.
    pub fields: Vec<(String, String)>,
    /// Whether this is a refusal; a form that only checks (an import's "check it first")
    /// comes back with its report and fields, but nothing was wrong.
    pub is_error: bool,
}

impl Kept {
    /// The values sent for field `name`, in order.
    pub fn values(&self, name: &str) -> Vec<&str> {
        self.sent
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }
}

static KEPT: LazyLock<Mutex<HashMap<String, (Instant, Flash)>>> = LazyLock::new(Mutex::default);

/// Keeps `flash` for one view; the id its cookie carries.
pub fn keep(flash: Flash) -> Option<String> {
    let id = crate::ops::invite::new_token().ok()?;
    let mut kept = KEPT.lock().ok()?;
    kept.retain(|_, (at, _)| at.elapsed() < KEEP);
    while kept.len() >= MOST {
        let oldest = kept
            .iter()
            .min_by_key(|(_, (at, _))| *at)
            .map(|(k, _)| k.clone())?;
        kept.remove(&oldest);
    }
    kept.insert(id.clone(), (Instant::now(), flash));
    Some(id)
}

/// The flash named `id`, taken: it is shown once.
pub fn take(id: &str) -> Option<Flash> {
    let (at, flash) = KEPT.lock().ok()?.remove(id)?;
    (at.elapsed() < KEEP).then_some(flash)
}

tokio::task_local! {
    /// The flash of the page being drawn, set for the whole of a GET's handling by the answers
    /// layer.
    static SHOWN: RefCell<Flash>;
}

/// Runs `page` (a GET's handling) with `flash` to show.
pub async fn showing<F: std::future::Future>(flash: Flash, page: F) -> F::Output {
    SHOWN.scope(RefCell::new(flash), page).await
}

/// The refused form's state, for the form sent to `action` whose hidden fields (its key and
/// one-use token aside) are among those sent: a page with one form per unit sends each to
/// the same action.
pub fn take_for(action: &str, hidden: &[(String, String)]) -> Option<Kept> {
    SHOWN
        .try_with(|shown| {
            let mut shown = shown.borrow_mut();
            let matches = shown.refused.as_ref().is_some_and(|k| {
                k.action == action
                    && hidden
                        .iter()
                        .all(|(name, value)| k.sent.iter().any(|(n, v)| n == name && v == value))
            });
            if matches { shown.refused.take() } else { None }
        })
        .ok()
        .flatten()
}

/// What no form on the page took, for the shell to show under the title.
pub fn rest() -> Flash {
    SHOWN
        .try_with(|shown| std::mem::take(&mut *shown.borrow_mut()))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sent(fields: &[(&str, &str)]) -> Vec<(String, String)> {
        fields
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[tokio::test]
    async fn a_refusal_goes_to_the_form_it_came_from_once() {
        let refused = Kept {
            action: "/rosters/1/rank".into(),
            sent: sent(&[("unit", "5"), ("ability", "b")]),
            message: "no".into(),
            is_error: true,
            ..Kept::default()
        };
        let flash = Flash {
            done: None,
            refused: Some(refused),
        };
        showing(flash, async {
            let unit = |u: &str| vec![("unit".to_string(), u.to_string())];
            assert!(take_for("/rosters/1/quest", &unit("5")).is_none());
            assert!(take_for("/rosters/1/rank", &unit("2")).is_none());
            let kept = take_for("/rosters/1/rank", &unit("5")).expect("the form sent");
            assert_eq!(kept.values("ability"), ["b"]);
            assert!(take_for("/rosters/1/rank", &unit("5")).is_none(), "once");
            assert!(rest().refused.is_none());
        })
        .await;
    }

    #[test]
    fn a_flash_is_shown_once() {
        let id = keep(Flash {
            done: Some("Done.".into()),
            refused: None,
        })
        .unwrap();
        assert_eq!(take(&id).and_then(|f| f.done).as_deref(), Some("Done."));
        assert!(take(&id).is_none());
    }
}
