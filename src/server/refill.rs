//! A page seen again after one of its forms was refused: the message beside that form, and
//! the form filled in with everything that was typed, so nothing is typed twice (issue #32).
//! Done on the page's HTML as rendered (lol_html, a streaming HTML rewriter), so no page or
//! form is written twice to know how to refill itself: inputs get their `value`, ticked boxes
//! and picked options their `checked`/`selected`, text areas their text.
//!
//! Which form: the one whose `action` is the path the refused form was sent to; where a page
//! has several (a rank's ability per unit), the one whose hidden fields match the sent ones.

use lol_html::html_content::ContentType;
use lol_html::{RewriteStrSettings, element, rewrite_str};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// A form's fields as sent, in order (a field comes once per box ticked).
pub type Sent = [(String, String)];
type Fields = Vec<(String, String)>;

/// `html` with `message` (HTML) beside the form sent to `action`, refilled from `sent`; the
/// message goes under the page's title when no such form is on the page.
pub fn refill(html: &str, action: &str, sent: &Sent, message: &str) -> String {
    let target = which_form(html, action, sent);
    let note =
        format!(r#"<div class="error" role="alert" id="refused" tabindex="-1" autofocus>{message}</div>"#);
    let rewritten = match target {
        Some(index) => rewrite_form(html, action, index, sent, &note),
        None => Err(()),
    };
    rewritten.unwrap_or_else(|()| under_title(html, &note))
}

/// `html` with `fragment` (already HTML) just under the page's title.
pub fn under_title(html: &str, fragment: &str) -> String {
    let settings = RewriteStrSettings::new().append_element_content_handler(element!("h1", |el| {
        el.after(fragment, ContentType::Html);
        Ok(())
    }));
    rewrite_str(html, settings).unwrap_or_else(|_| html.to_string())
}

/// Text made safe to put in HTML.
pub fn escape(text: &str) -> String {
    maud::html! { (text) }.into_string()
}

/// The index, among the forms sent to `action`, of the one whose hidden fields (the session
/// key aside) are those sent.
fn which_form(html: &str, action: &str, sent: &Sent) -> Option<usize> {
    // Each form's hidden fields, in page order.
    let hidden: Rc<RefCell<Vec<Fields>>> = Rc::default();
    let selector = format!(r#"form[action="{}"]"#, css_string(action));
    let (forms, inputs) = (hidden.clone(), hidden.clone());
    let settings = with_handlers(vec![
        element!(selector, move |_| {
            forms.borrow_mut().push(Vec::new());
            Ok(())
        }),
        element!(format!("{selector} input[type=hidden]"), move |el| {
            if let (Some(name), Some(last)) = (el.get_attribute("name"), inputs.borrow_mut().last_mut()) {
                last.push((name, el.get_attribute("value").unwrap_or_default()));
            }
            Ok(())
        }),
    ]);
    rewrite_str(html, settings).ok()?;
    let forms = hidden.borrow();
    if forms.is_empty() {
        return None;
    }
    let matches = |fields: &Fields| {
        fields
            .iter()
            .filter(|(name, _)| name != "key")
            .all(|(name, value)| sent.iter().any(|(n, v)| n == name && v == value))
    };
    Some(forms.iter().position(matches).unwrap_or(0))
}

/// What the rewriter knows while it walks the page.
#[derive(Default)]
struct Walk {
    /// Forms sent to the action seen so far.
    forms: usize,
    /// Inside the form to refill.
    inside: bool,
    /// The select being walked, inside it.
    select: Option<String>,
    /// How many inputs of each name were refilled (the n-th gets the n-th value sent).
    seen: HashMap<String, usize>,
}

fn rewrite_form(html: &str, action: &str, target: usize, sent: &Sent, note: &str) -> Result<String, ()> {
    let walk: Rc<RefCell<Walk>> = Rc::default();
    let values = |name: &str| -> Vec<&str> {
        sent.iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    };
    let (w_form, w_input, w_select, w_option, w_text) = (
        walk.clone(),
        walk.clone(),
        walk.clone(),
        walk.clone(),
        walk.clone(),
    );
    let selector = format!(r#"form[action="{}"]"#, css_string(action));
    let note = note.to_string();
    let settings = with_handlers(vec![
        element!(selector, move |el| {
            let mut w = w_form.borrow_mut();
            let here = w.forms == target;
            w.forms += 1;
            if here {
                w.inside = true;
                el.prepend(&note, ContentType::Html);
                let end = w_form.clone();
                if let Some(handlers) = el.end_tag_handlers() {
                    let done: lol_html::EndTagHandler<'static> = Box::new(move |_| {
                        end.borrow_mut().inside = false;
                        Ok(())
                    });
                    handlers.push(done);
                }
            }
            Ok(())
        }),
        element!("input", move |el| {
            let mut w = w_input.borrow_mut();
            let Some(name) = el.get_attribute("name").filter(|_| w.inside) else {
                return Ok(());
            };
            let kind = el.get_attribute("type").unwrap_or_default().to_ascii_lowercase();
            match kind.as_str() {
                "hidden" | "file" | "submit" | "password" => {}
                "checkbox" | "radio" => {
                    let value = el.get_attribute("value").unwrap_or_else(|| "on".into());
                    if values(&name).contains(&value.as_str()) {
                        el.set_attribute("checked", "")?;
                    } else {
                        el.remove_attribute("checked");
                    }
                }
                _ => {
                    let n = w.seen.entry(name.clone()).or_default();
                    if let Some(v) = values(&name).get(*n) {
                        el.set_attribute("value", v)?;
                    }
                    *n += 1;
                }
            }
            Ok(())
        }),
        element!("select", move |el| {
            let inside = w_select.borrow().inside;
            if !inside {
                return Ok(());
            }
            w_select.borrow_mut().select = el.get_attribute("name");
            let end = w_select.clone();
            if let Some(handlers) = el.end_tag_handlers() {
                let done: lol_html::EndTagHandler<'static> = Box::new(move |_| {
                    end.borrow_mut().select = None;
                    Ok(())
                });
                handlers.push(done);
            }
            Ok(())
        }),
        element!("option", move |el| {
            let w = w_option.borrow();
            let (true, Some(name)) = (w.inside, w.select.as_deref()) else {
                return Ok(());
            };
            let value = el.get_attribute("value").unwrap_or_default();
            if values(name).contains(&value.as_str()) {
                el.set_attribute("selected", "")?;
            } else {
                el.remove_attribute("selected");
            }
            Ok(())
        }),
        element!("textarea", move |el| {
            let w = w_text.borrow();
            if let (true, Some(name)) = (w.inside, el.get_attribute("name"))
                && let Some(v) = values(&name).first()
            {
                el.set_inner_content(v, ContentType::Text);
            }
            Ok(())
        }),
    ]);
    rewrite_str(html, settings).map_err(|_| ())
}

type Handler<'h> = (
    std::borrow::Cow<'static, lol_html::Selector>,
    lol_html::ElementContentHandlers<'h>,
);

fn with_handlers(handlers: Vec<Handler<'_>>) -> RewriteStrSettings<'_, 'static> {
    handlers.into_iter().fold(RewriteStrSettings::new(), |s, h| {
        s.append_element_content_handler(h)
    })
}

/// `text` inside a CSS string in double quotes.
fn css_string(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
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

    const PAGE: &str = r#"<h1>Battle 3</h1>
<form method="post" action="/rosters/1/rank"><input type="hidden" name="unit" value="2"><select name="ability"><option value="a">A</option><option value="b">B</option></select></form>
<form method="post" action="/rosters/1/rank"><input type="hidden" name="unit" value="5"><select name="ability"><option value="a">A</option><option value="b">B</option></select></form>
<form method="post" action="/battles/3/result"><input type="hidden" name="key" value="k"><input name="vp" value=""><input name="vp" value=""><label><input type="checkbox" name="destroyed" value="7"> Clanrats</label><label><input type="checkbox" name="destroyed" value="8" checked> Liberators</label><textarea name="note"></textarea></form>"#;

    #[test]
    fn the_sent_form_is_refilled_and_says_why_it_was_refused() {
        let out = refill(
            PAGE,
            "/battles/3/result",
            &sent(&[
                ("key", "k"),
                ("vp", "14"),
                ("vp", "8"),
                ("destroyed", "7"),
                ("note", "a <b>"),
            ]),
            &escape("Rat Tide's VP are missing"),
        );
        assert!(out.contains(r#"<div class="error" role="alert" id="refused" tabindex="-1" autofocus>Rat Tide's VP are missing</div><input type="hidden" name="key" value="k">"#), "{out}");
        assert!(
            out.contains(r#"<input name="vp" value="14"><input name="vp" value="8">"#),
            "{out}"
        );
        assert!(
            out.contains(r#"value="7" checked="">"#) && !out.contains(r#"value="8" checked"#),
            "{out}"
        );
        assert!(
            out.contains("<textarea name=\"note\">a &lt;b&gt;</textarea>"),
            "{out}"
        );
    }

    #[test]
    fn of_several_forms_to_one_action_the_one_with_the_sent_hidden_fields_is_refilled() {
        let out = refill(
            PAGE,
            "/rosters/1/rank",
            &sent(&[("unit", "5"), ("ability", "b")]),
            "no",
        );
        let second = out.rfind("id=\"refused\"").unwrap();
        assert!(second > out.find("value=\"5\"").unwrap() - 80, "{out}");
        assert_eq!(out.matches("id=\"refused\"").count(), 1);
        assert_eq!(out.matches("selected").count(), 1);
        assert!(
            out.contains(
                r#"<option value="b" selected="">B</option></select></form>
<form method="post" action="/battles/3/result">"#
            ),
            "{out}"
        );
    }

    #[test]
    fn with_no_such_form_the_message_goes_under_the_title() {
        let out = refill(PAGE, "/battles/9/army", &[], &escape("gone <now>"));
        assert!(out.starts_with(r#"<h1>Battle 3</h1><div class="error" role="alert" id="refused" tabindex="-1" autofocus>gone &lt;now&gt;</div>"#), "{out}");
    }
}
