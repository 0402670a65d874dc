//! The roster page's forms beyond units, quests and ranks: an enhancement, the Arcane Tome,
//! the realm of origin, a new name, a starting unit off again, and the roster's undo. Each is
//! a `form::Form` drawn once inside its own `<details>` (open when it comes back refused), and
//! each picker offers only what the rules would accept ([`Offers`], asked of the engine).

use crate::catalogue::{Catalogue, LoreKind};
use crate::ops;
use crate::ops::Subject;
use crate::rules::roster::{EnhancementOffer, TomeOffer, enhancement_offers, tome_offers};
use crate::server::kit::form::{Choice, Field, Form};
use maud::{Markup, html};
use serde_json::Value;

/// What the change forms offer, read with the page.
#[derive(Debug, Default)]
pub struct Offers {
    /// What `roster enhance` would give, unit by unit.
    pub enhancements: Vec<EnhancementOffer>,
    /// What `roster lore add` would add (no prayer without a PRIEST).
    pub tome: Vec<TomeOffer>,
    /// The Arcane Tome's entries now (what a pick for a full lore may replace).
    pub in_tome: Vec<(LoreKind, String)>,
    /// The realms a roster may hail from, each with its rules in short.
    pub realms: Vec<(String, String)>,
    /// The units on the Order of Battle, by id, in players' words.
    pub units: Vec<(i64, String)>,
}

impl Offers {
    /// The offers for `subject`'s roster.
    pub fn of(cat: &Catalogue, subject: &Subject) -> Offers {
        let r = &subject.roster;
        Offers {
            enhancements: enhancement_offers(subject.faction, r),
            tome: tome_offers(subject.faction, r),
            in_tome: r.tome.iter().map(|e| (e.kind, e.name.clone())).collect(),
            realms: cat
                .realms()
                .unwrap_or_default()
                .into_iter()
                .map(|realm| (realm.name.clone(), realm.summary.clone()))
                .collect(),
            units: r
                .active_units()
                .map(|u| (u.id, crate::rules::roster::unit_words(u)))
                .collect(),
        }
    }
}

/// The roster page's change forms for whoever may change it (roster view `r`).
pub fn forms(roster_id: i64, key: &str, r: &Value, o: &Offers) -> Markup {
    let action = |what: &str| format!("/rosters/{roster_id}/{what}");
    let setup = r["setup_complete"] != true;
    html! {
        (enhance_form(&action("enhancements"), key, &o.enhancements))
        (tome_form(&action("tome"), key, o))
        (realm_form(&action("realm"), key, r["realm"].as_str(), &o.realms))
        (Form::new("rename", action("rename"), "Rename")
            .key(key)
            .field(Field::text("name", "New name", 100).value(r["name"].as_str().unwrap_or_default()).required())
            .disclosed("Rename the roster")
            .render())
        @if setup && o.units.len() > 1 {
            (Form::new("remove", action("remove"), "Take it off")
                .key(key)
                .field(Field::select("unit", "Unit", units(&o.units)).required()
                    .hint("set-up only: its points come off the Order of Battle"))
                .button_class("danger")
                .disclosed("Take a unit off the Order of Battle")
                .render())
        }
    }
}

fn units(units: &[(i64, String)]) -> Vec<Choice> {
    units
        .iter()
        .map(|(id, name)| Choice::new(id.to_string(), name))
        .collect()
}

/// One choice per unit and enhancement the rules accept, sent as `UNIT_ID:ENHANCEMENT`.
fn enhance_form(action: &str, key: &str, offers: &[EnhancementOffer]) -> Markup {
    let choices: Vec<Choice> = offers
        .iter()
        .map(|o| {
            let label = format!("{}: {} ({})", o.unit, o.enhancement, o.table);
            let choice = Choice::new(format!("{}:{}", o.unit_id, o.enhancement), label);
            match o.needs_reason {
                true => choice.hint("earned: say how under reason"),
                false => choice.hint("a starting pick or a reward owed"),
            }
        })
        .collect();
    if choices.is_empty() {
        return html! { details { summary { "Enhancements" }
        p.note { "No unit may take an enhancement now: they go to the roster's own HEROes that are not UNIQUE, one per table." } } };
    }
    let mut reason = Field::text("reason", "reason (when earned)", 200);
    if offers.iter().any(|o| o.needs_reason) {
        reason = reason.hint("e.g. \"Search for the Artefact completed\"");
    }
    Form::new("enhance", action, "Give it")
        .key(key)
        .field(Field::select("pick", "Enhancement for a unit", choices).required())
        .field(reason)
        .disclosed("Enhancements")
        .render()
}

/// The Arcane Tome's picker: the entries of the lores the roster has a caster for.
fn tome_form(action: &str, key: &str, o: &Offers) -> Markup {
    if o.tome.is_empty() {
        return html! { details { summary { "Arcane Tome" }
        p.note { "Nothing to add: spells come with a WIZARD, prayers with a PRIEST, manifestations with either." } } };
    }
    let entries = o
        .tome
        .iter()
        .map(|t| {
            Choice::new(
                format!("{}:{}", t.kind.as_str(), t.name),
                format!("{} ({}, {})", t.name, t.lore, t.kind),
            )
        })
        .collect();
    let mut replace = vec![Choice::new("", "nothing (the lore has room)")];
    replace.extend(
        o.in_tome
            .iter()
            .map(|(kind, name)| Choice::new(name, format!("{name} ({kind} lore)"))),
    );
    Form::new("tome", action, "Add to the Arcane Tome")
        .key(key)
        .field(Field::select("entry", "Add", entries).required())
        .field(Field::select("replace", "in place of", replace).hint("a lore holds 6"))
        .field(Field::text("reason", "reason (when earned)", 200))
        .disclosed("Arcane Tome")
        .render()
}

/// The realm of origin: the realms in the data (and the roster's own, if it named another),
/// each with its rules in short.
fn realm_form(action: &str, key: &str, now: Option<&str>, realms: &[(String, String)]) -> Markup {
    let mut choices = vec![Choice::new("", "none")];
    choices.extend(
        realms
            .iter()
            .map(|(name, summary)| Choice::new(name, name).hint(short(summary))),
    );
    if let Some(own) = now.filter(|n| !realms.iter().any(|(r, _)| r == n)) {
        choices.push(Choice::new(own, own));
    }
    let current = now.and_then(|n| realms.iter().find(|(r, _)| r == n));
    Form::new("realm", action, "Set the realm")
        .key(key)
        .field(Field::select("realm", "Realm of origin", choices).value(now.unwrap_or_default()))
        .lead(html! {
            @if let Some((name, summary)) = current { p.note { "Hails from " strong { (name) } ": " (summary) } }
        })
        .after(html! {
            ul.note { @for (name, summary) in realms { li { strong { (name) } ": " (short(summary)) } } }
        })
        .disclosed("Realm of origin")
        .render()
}

/// A realm's rules in short: its first sentence.
fn short(summary: &str) -> &str {
    match summary.find(". ") {
        Some(end) => &summary[..=end],
        None => summary,
    }
}

/// The roster's undo: its latest command named, with the button when it is the roster's alone
/// and the viewer may take it back (the organiser, or the player when it is a player's
/// command: `organiser` says which is looking).
pub fn undo_form(
    roster_id: i64,
    name: &str,
    key: &str,
    latest: &ops::undo::Preview,
    organiser: bool,
) -> Markup {
    let said = html! { "Latest command: #" (latest.set_id) " " (latest.summary) "." };
    if !latest.undoable {
        return html! { p.note { (said) " It cannot be undone." } };
    }
    if super::actions::only_this_roster(latest, name) && (organiser || latest.player_may_undo) {
        return Form::new("undo", format!("/rosters/{roster_id}/undo"), "Undo it")
            .key(key)
            .hidden("expected", latest.set_id)
            .lead(html! { p { (said) } })
            .render();
    }
    html! { p.note { (said) " Only the campaign's organiser can undo it." } }
}
