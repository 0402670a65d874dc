//! A page's form as a value (issue #40): its fields, their current values, the choices
//! offered and the message beside it, built by the page that shows it and rendered once. A
//! form refused comes back through the flash (`flash::take_for`): rendered with what was
//! sent, the refusal beside it (and beside the field it is about), its `<details>` open. No
//! page's HTML is rewritten after it is rendered.
//!
//! Every form carries the session's form key (`key`) and a one-use token (`once`), so a
//! double tap writes once (`once.rs`).

use super::flash::{self, Kept};
use maud::{Markup, PreEscaped, html};

/// One form on a page.
#[derive(Debug, Clone, Default)]
pub struct Form {
    /// Its element id, unique on the page (also where a link to it lands: `#id`).
    pub id: String,
    /// The path it is sent to.
    pub action: String,
    /// The button's words.
    pub submit: String,
    /// The session key it carries (`forms::check_key`); none for a form sent before signing in.
    pub key: Option<String>,
    /// Fields the player does not see, which say which form of several it is (a unit's id).
    pub hidden: Vec<(String, String)>,
    pub fields: Vec<Field>,
    /// Shown above the fields (what the form does, what it costs).
    pub lead: Option<Markup>,
    /// Shown under the button (what each choice does, in full).
    pub after: Option<Markup>,
    /// The refusal (or a check's answer) beside it.
    pub message: Option<Message>,
    /// Drawn closed inside `<details>` with this summary, opened when it has a message.
    pub disclosure: Option<String>,
    /// Sent as `multipart/form-data` (a file in it).
    pub multipart: bool,
    /// A class for its button ("danger" for a delete).
    pub button_class: Option<&'static str>,
    /// A class for the form itself (`signout`: drawn as a quiet link-like button).
    pub class: Option<&'static str>,
    /// Sent as a `GET` that writes nothing (a step that only picks what the next page shows):
    /// no one-use token, and reloading it is harmless.
    pub lookup: bool,
}

/// What is said beside a form once it was sent.
#[derive(Debug, Clone, Default)]
pub struct Message {
    pub text: String,
    /// More, as HTML (a list import's report).
    pub detail: Option<String>,
    /// A refusal (styled and announced as one), or a check's answer.
    pub is_error: bool,
}

/// One field of a form.
#[derive(Debug, Clone, Default)]
pub struct Field {
    /// The name it is sent as.
    pub name: String,
    pub label: String,
    pub kind: Kind,
    /// Its current values (one for most; every ticked one for `Checks`).
    pub values: Vec<String>,
    /// A word on what it takes, under it.
    pub hint: Option<String>,
    /// What was wrong with it as sent.
    pub error: Option<String>,
    pub required: bool,
}

/// What kind of input a field is.
#[derive(Debug, Clone)]
pub enum Kind {
    /// A line of text, at most this long.
    Text { max: usize },
    /// A whole number as people type it ("1,000"): a text box with a number keyboard.
    Number,
    /// Several lines of text (a pasted list).
    Area { rows: u32 },
    /// One of these.
    Select(Vec<Choice>),
    /// Any of these (ticked boxes).
    Checks(Vec<Choice>),
    /// One of these, every choice on show (radio buttons).
    Radio(Vec<Choice>),
    /// A box ticked or not; sends `value` when ticked.
    Check { value: String },
    /// A file to send.
    File { accept: String },
}

impl Default for Kind {
    fn default() -> Kind {
        Kind::Text { max: 100 }
    }
}

/// A choice a select, a radio or a box offers: what is sent, what is shown.
#[derive(Debug, Clone, Default)]
pub struct Choice {
    pub value: String,
    pub label: String,
    /// What it does, shown as the option's title (and under a radio or box).
    pub hint: Option<String>,
}

impl Choice {
    pub fn new(value: impl Into<String>, label: impl Into<String>) -> Choice {
        Choice {
            value: value.into(),
            label: label.into(),
            hint: None,
        }
    }

    pub fn hint(mut self, hint: impl Into<String>) -> Choice {
        self.hint = Some(hint.into());
        self
    }
}

impl Form {
    /// A form `id` sent to `action` with the button `submit`.
    pub fn new(id: impl Into<String>, action: impl Into<String>, submit: impl Into<String>) -> Form {
        Form {
            id: id.into(),
            action: action.into(),
            submit: submit.into(),
            ..Form::default()
        }
    }

    pub fn key(mut self, key: &str) -> Form {
        self.key = Some(key.to_string());
        self
    }

    pub fn hidden(mut self, name: &str, value: impl ToString) -> Form {
        self.hidden.push((name.to_string(), value.to_string()));
        self
    }

    pub fn field(mut self, field: Field) -> Form {
        self.fields.push(field);
        self
    }

    pub fn lead(mut self, lead: Markup) -> Form {
        self.lead = Some(lead);
        self
    }

    pub fn after(mut self, after: Markup) -> Form {
        self.after = Some(after);
        self
    }

    /// Drawn inside a closed `<details>` with `summary`, open when it comes back refused.
    pub fn disclosed(mut self, summary: impl Into<String>) -> Form {
        self.disclosure = Some(summary.into());
        self
    }

    /// A step that writes nothing, sent as a `GET` (see [`Form::lookup`]).
    pub fn lookup(mut self) -> Form {
        self.lookup = true;
        self
    }

    pub fn multipart(mut self) -> Form {
        self.multipart = true;
        self
    }

    pub fn button_class(mut self, class: &'static str) -> Form {
        self.button_class = Some(class);
        self
    }

    pub fn class(mut self, class: &'static str) -> Form {
        self.class = Some(class);
        self
    }

    /// The form as it comes back: the values sent in every field, the message beside it and
    /// beside the fields it is about.
    pub fn with_sent(mut self, kept: Kept) -> Form {
        let mut nth: std::collections::HashMap<String, usize> = Default::default();
        for field in &mut self.fields {
            let sent = kept.values(&field.name);
            match &field.kind {
                Kind::File { .. } => {}
                Kind::Checks(_) | Kind::Check { .. } => {
                    field.values = sent.iter().map(|v| v.to_string()).collect();
                }
                _ => {
                    // A name that several fields share (one per side) takes its values in turn.
                    let n = nth.entry(field.name.clone()).or_default();
                    field.values = sent.get(*n).map(|v| vec![v.to_string()]).unwrap_or_default();
                    *n += 1;
                }
            }
            if let Some((_, words)) = kept.fields.iter().find(|(f, _)| same_field(f, &field.name)) {
                field.error = Some(words.clone());
            }
        }
        self.message = Some(Message {
            text: kept.message,
            detail: kept.detail,
            is_error: kept.is_error,
        });
        self
    }

    /// The form as HTML, once: with the refused form's state when this is the form that was
    /// refused.
    pub fn render(self) -> Markup {
        let form = match flash::take_for(&self.action, &self.hidden) {
            Some(kept) => self.with_sent(kept),
            None => self,
        };
        form.draw()
    }

    fn draw(self) -> Markup {
        let open = self.message.is_some();
        let once = (!self.lookup).then(|| crate::ops::invite::new_token().unwrap_or_default());
        let enctype = self.multipart.then_some("multipart/form-data");
        let method = if self.lookup { "get" } else { "post" };
        let form = html! {
            form id=(self.id) class=[self.class] method=(method) action=(self.action) enctype=[enctype] {
                @if let Some(m) = &self.message { (message(m)) }
                @if let Some(lead) = &self.lead { (lead) }
                @if let Some(key) = &self.key { input type="hidden" name="key" value=(key); }
                @if let Some(once) = &once { input type="hidden" name="once" value=(once); }
                @for (name, value) in &self.hidden { input type="hidden" name=(name) value=(value); }
                @for (n, f) in self.fields.iter().enumerate() { (field(&format!("{}-{n}", self.id), f)) }
                button class=[self.button_class] { (self.submit) }
                @if let Some(after) = &self.after { (after) }
            }
        };
        match &self.disclosure {
            Some(summary) => html! { details open[open] { summary { (summary) } (form) } },
            None => form,
        }
    }
}

/// Whether a refusal's field `named` (a form field, or a CLI flag's name) is field `name`.
fn same_field(named: &str, name: &str) -> bool {
    named == name || named.replace('-', "_") == name
}

/// The message beside a form: a refusal is announced and focused, so it is seen where it is.
fn message(m: &Message) -> Markup {
    let detail = m.detail.as_deref().map(PreEscaped);
    html! {
        @if m.is_error {
            div.error role="alert" id="refused" tabindex="-1" autofocus { p { (m.text) } @if let Some(d) = detail { (d) } }
        } @else {
            div.done role="status" id="refused" tabindex="-1" autofocus { p { (m.text) } @if let Some(d) = detail { (d) } }
        }
    }
}

/// Field `f`, its element id `id`.
fn field(id: &str, f: &Field) -> Markup {
    let hint_id = format!("{id}-hint");
    let described = (f.hint.is_some() || f.error.is_some()).then_some(hint_id.as_str());
    let invalid = f.error.is_some().then_some("true");
    let value = f.values.first().map(String::as_str).unwrap_or_default();
    let ticked = |v: &str| f.values.iter().any(|x| x == v);
    let about = html! {
        @if f.error.is_some() || f.hint.is_some() {
            span.hint id=(hint_id) {
                @if let Some(e) = &f.error { strong.field-error { (e) } " " }
                @if let Some(h) = &f.hint { (h) }
            }
        }
    };
    match &f.kind {
        Kind::Text { max } => html! {
            label { (f.label) " "
                input id=(id) name=(f.name) value=(value) maxlength=(max) required[f.required]
                    aria-invalid=[invalid] aria-describedby=[described];
            }
            (about)
        },
        Kind::Number => html! {
            label { (f.label) " "
                input id=(id) name=(f.name) value=(value) inputmode="numeric" autocomplete="off"
                    required[f.required] aria-invalid=[invalid] aria-describedby=[described];
            }
            (about)
        },
        Kind::Area { rows } => html! {
            label { (f.label) " "
                textarea id=(id) name=(f.name) rows=(rows) required[f.required]
                    aria-invalid=[invalid] aria-describedby=[described] { (value) }
            }
            (about)
        },
        Kind::Select(choices) => html! {
            label { (f.label) " "
                select id=(id) name=(f.name) required[f.required] aria-invalid=[invalid] aria-describedby=[described] {
                    @for c in choices {
                        option value=(c.value) selected[ticked(&c.value)] title=[c.hint.as_deref()] { (c.label) }
                    }
                }
            }
            (about)
        },
        Kind::Checks(choices) | Kind::Radio(choices) => {
            let kind = match f.kind {
                Kind::Radio(_) => "radio",
                _ => "checkbox",
            };
            html! {
                fieldset id=(id) aria-describedby=[described] {
                    legend { (f.label) }
                    @for c in choices {
                        label {
                            input type=(kind) name=(f.name) value=(c.value) checked[ticked(&c.value)]
                                required[f.required && kind == "radio"];
                            " " (c.label)
                            @if let Some(h) = &c.hint { " " span.hint { (h) } }
                        }
                    }
                    (about)
                }
            }
        }
        Kind::Check { value: on } => html! {
            label {
                input type="checkbox" id=(id) name=(f.name) value=(on) checked[ticked(on)]
                    aria-invalid=[invalid] aria-describedby=[described];
                " " (f.label)
            }
            (about)
        },
        Kind::File { accept } => html! {
            label { (f.label) " "
                input type="file" id=(id) name=(f.name) accept=(accept) aria-invalid=[invalid] aria-describedby=[described];
            }
            (about)
        },
    }
}

impl Field {
    fn of(name: &str, label: &str, kind: Kind) -> Field {
        Field {
            name: name.to_string(),
            label: label.to_string(),
            kind,
            ..Field::default()
        }
    }

    /// A line of text of at most `max` characters.
    pub fn text(name: &str, label: &str, max: usize) -> Field {
        Field::of(name, label, Kind::Text { max })
    }

    /// A whole number, as people type it.
    pub fn number(name: &str, label: &str) -> Field {
        Field::of(name, label, Kind::Number)
    }

    pub fn area(name: &str, label: &str, rows: u32) -> Field {
        Field::of(name, label, Kind::Area { rows })
    }

    pub fn select(name: &str, label: &str, choices: Vec<Choice>) -> Field {
        Field::of(name, label, Kind::Select(choices))
    }

    pub fn checks(name: &str, label: &str, choices: Vec<Choice>) -> Field {
        Field::of(name, label, Kind::Checks(choices))
    }

    pub fn radio(name: &str, label: &str, choices: Vec<Choice>) -> Field {
        Field::of(name, label, Kind::Radio(choices))
    }

    /// A box that sends `yes` when ticked.
    pub fn check(name: &str, label: &str) -> Field {
        Field::of(name, label, Kind::Check { value: "yes".into() })
    }

    pub fn file(name: &str, label: &str, accept: &str) -> Field {
        Field::of(
            name,
            label,
            Kind::File {
                accept: accept.to_string(),
            },
        )
    }

    /// Its current value (the first of several).
    pub fn value(mut self, value: impl ToString) -> Field {
        self.values = vec![value.to_string()];
        self
    }

    /// Its current values (the boxes ticked).
    pub fn values(mut self, values: impl IntoIterator<Item = impl ToString>) -> Field {
        self.values = values.into_iter().map(|v| v.to_string()).collect();
        self
    }

    pub fn hint(mut self, hint: impl Into<String>) -> Field {
        self.hint = Some(hint.into());
        self
    }

    pub fn required(mut self) -> Field {
        self.required = true;
        self
    }
}

#[cfg(test)]
mod tests;
