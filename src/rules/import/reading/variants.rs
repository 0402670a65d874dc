//! Names a list prints for a warscroll that are not its name today (issue #41): a former name
//! the data's history keeps under the same entry id (`Grave Guard` for Barrow Guard), the name
//! without the faction's or subfaction's word it starts with (`Monsta-killaz` for Kruleboyz
//! Monsta-killaz), and the singular of a plural unit (`Liberator`). Each is a warning; a name
//! several warscrolls fit is refused with them, never picked.

use crate::catalogue::{Faction, Warscroll};
use crate::names;

/// How `printed` named the warscroll it was read as.
pub(super) enum Variant {
    /// A former name of the warscroll.
    Former,
    /// The name without the faction's or a keyword's word in front.
    Prefixed,
    /// The singular of the warscroll's plural name.
    Singular,
}

/// Whether a warscroll of a faction fits a printed name one way.
type Fits = fn(&Warscroll, &Faction, &str) -> bool;

/// The one warscroll `printed` names by a variant, the several it could be, or none.
pub(super) fn find<'f>(
    faction: &'f Faction,
    printed: &str,
) -> Result<Option<(&'f Warscroll, Variant)>, Vec<String>> {
    let tries: [(Variant, Fits); 3] = [
        (Variant::Former, was_named),
        (Variant::Prefixed, prefixed),
        (Variant::Singular, singular),
    ];
    for (variant, fits) in tries {
        let found: Vec<&Warscroll> = faction
            .units
            .iter()
            .filter(|w| fits(w, faction, printed))
            .collect();
        match found.as_slice() {
            [] => {}
            [w] => return Ok(Some((w, variant))),
            many => return Err(many.iter().map(|w| w.name.clone()).collect()),
        }
    }
    Ok(None)
}

/// The note said for a variant.
pub(super) fn note(variant: &Variant, printed: &str, w: &Warscroll) -> String {
    match variant {
        Variant::Former => format!("{printed} is now {}", w.name),
        Variant::Prefixed => format!("'{printed}' read as {}", w.name),
        Variant::Singular => format!("'{printed}' read as the plural {}", w.name),
    }
}

fn was_named(w: &Warscroll, _: &Faction, printed: &str) -> bool {
    w.formerly.iter().any(|f| names::same(f, printed))
}

/// `Monsta-killaz` for "Kruleboyz Monsta-killaz": the warscroll's first words are the
/// faction's name or one of its keywords.
fn prefixed(w: &Warscroll, faction: &Faction, printed: &str) -> bool {
    let name = names::fold(&w.name);
    let printed = names::fold(printed);
    let Some(head) = name
        .strip_suffix(printed.as_str())
        .and_then(|h| h.strip_suffix(' '))
    else {
        return false;
    };
    !head.is_empty() && (names::same(head, &faction.name) || w.keywords.iter().any(|k| names::same(k, head)))
}

/// `Liberator` for "Liberators", `Gutbuster` for "Gutbusters", `Skink Handler` for "Skink
/// Handlers": the printed name's last word made plural is the warscroll's.
fn singular(w: &Warscroll, _: &Faction, printed: &str) -> bool {
    let printed = names::fold(printed);
    let name = names::fold(&w.name);
    if printed.len() < 3 || printed == name {
        return false;
    }
    // Orruks pluralise with a `z` (`Gutrippa`, "Gutrippaz").
    let mut plurals = vec![
        format!("{printed}s"),
        format!("{printed}es"),
        format!("{printed}z"),
    ];
    if let Some(stem) = printed.strip_suffix('y') {
        plurals.push(format!("{stem}ies"));
    }
    if let Some(stem) = printed.strip_suffix("man") {
        plurals.push(format!("{stem}men"));
    }
    plurals.contains(&name)
}
