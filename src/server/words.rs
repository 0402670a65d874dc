//! The pages' words for what is still written in the CLI's (issue #32, item 4). A refusal
//! carries its fix as data (`crate::fix`), which the pages word themselves; what is left is
//! text written once for both, such as `roster check`'s findings or a list import's notes,
//! that may name a command (`` `ptg quest start` ``) or a flag (`--dice`). Here each becomes
//! the form, field or page that does the same on the web, so no page shows a `ptg` command or
//! a `--flag`; the answer layer passes every page's text through [`for_pages`].

/// `text` with each `` `ptg …` `` command and each `--flag` in the pages' words.
pub fn for_pages(text: &str) -> String {
    if !needs_words(text) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("`ptg ") {
        out.push_str(&flags(&rest[..at]));
        let after = &rest[at + 1..];
        let end = after.find('`').unwrap_or(after.len());
        out.push_str(command(&after[..end]));
        rest = after.get(end + 1..).unwrap_or_default();
    }
    out.push_str(&flags(rest));
    out
}

/// `html` (a whole page) with the text of every element in the pages' words; a text area's
/// text (what a player typed) is left as typed.
pub fn reword_page(html: &str) -> String {
    use lol_html::html_content::ContentType;
    use lol_html::{RewriteStrSettings, element, rewrite_str, text};
    use std::cell::Cell;
    use std::rc::Rc;
    if !needs_words(html) {
        return html.to_string();
    }
    let typed = Rc::new(Cell::new(false));
    let (enter, inside) = (typed.clone(), typed.clone());
    let settings = RewriteStrSettings::new()
        .append_element_content_handler(element!("textarea", move |el| {
            enter.set(true);
            let leave = enter.clone();
            if let Some(handlers) = el.end_tag_handlers() {
                let done: lol_html::EndTagHandler<'static> = Box::new(move |_| {
                    leave.set(false);
                    Ok(())
                });
                handlers.push(done);
            }
            Ok(())
        }))
        .append_element_content_handler(text!("body", move |t| {
            if !inside.get() && needs_words(t.as_str()) {
                // The chunk is HTML as written (entities kept), and the words put in are safe
                // in HTML text, so it goes back as HTML.
                let reworded = for_pages(t.as_str());
                t.replace(&reworded, ContentType::Html);
            }
            Ok(())
        }));
    rewrite_str(html, settings).unwrap_or_else(|_| html.to_string())
}

/// Whether `text` holds a command or a flag to reword.
pub fn needs_words(text: &str) -> bool {
    text.contains("`ptg ") || text.contains("--") || text.contains("ptg ")
}

/// The page that does what CLI command `cmd` (without backticks) does.
fn command(cmd: &str) -> &'static str {
    let words: Vec<&str> = cmd.split_whitespace().skip(1).take(2).collect();
    match words.as_slice() {
        ["quest", ..] => "the Quest form on the roster's page",
        ["rank", ..] => "\"Ranks reached\" on the roster's page",
        ["undo", ..] => "the Undo button on the roster's or the organiser's page",
        ["history", ..] => "the campaign's History page",
        ["audit", ..] => "the campaign's Audit page",
        ["faction", ..] | ["path", ..] | ["battleplan", ..] => "the pickers on the forms",
        ["roster", "lore"] => "the Arcane Tome form on the roster's page",
        ["roster", "enhance"] => "the Enhancements form on the roster's page",
        ["roster", "add"] => "\"Add to the Order of Battle\" on the roster's page",
        ["roster", "import"] => "\"Import an army list\" on the roster's page",
        ["roster", "remove"] => "the Remove button on the roster's page",
        ["roster", "rename"] => "the roster's Rename form",
        ["roster", "new"] => "\"New roster\" on the organiser's page",
        ["roster", "delete"] => "\"Delete\" on the organiser's page",
        ["roster", ..] => "the roster's page",
        ["campaign", "set"] => "the Settings on the organiser's page",
        ["campaign", ..] => "the organiser's page",
        ["battle", "army"] => "the Army form on the battle's page",
        ["battle", "result"] => "the Result form on the battle's page",
        ["battle", "new"] => "\"Plan a battle\" on the league page",
        ["battle", ..] => "the battle's page",
        ["aftermath", ..] => "the Aftermath form on the battle's page",
        ["invite", ..] => "Invites on the organiser's page",
        _ => "the league's pages (or ask the organiser)",
    }
}

/// `text` with each `--flag` as the field of the form that takes it.
fn flags(text: &str) -> String {
    if !text.contains("--") {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("--") {
        let flag_len = rest[at + 2..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .unwrap_or(rest.len() - at - 2);
        let flag = &rest[at + 2..at + 2 + flag_len];
        out.push_str(&rest[..at]);
        if flag.is_empty() {
            out.push_str("--");
        } else {
            out.push_str(&field(flag));
        }
        rest = &rest[at + 2 + flag_len..];
    }
    out.push_str(rest);
    out
}

/// The form's field for CLI flag `--flag`, in quotes as the page labels it.
fn field(flag: &str) -> String {
    let label = match flag {
        "dice" => "Dice rolled at the table",
        "destroyed" => "destroyed",
        "withdrew" => "Withdrew",
        "vp" => "Victory points",
        "quest-points" => "quest points",
        "general-slain" => "its general was slain",
        "slew-hero-or-monster" => "slew a HERO or MONSTER",
        "models-lost" => "models lost",
        "models-added" => "models added during the game",
        "sudden-death" => "sudden death objective achieved",
        "skip-unknown" => "leave out lines that do not match",
        "dry-run" => "check it first",
        "favoured" => "Favoured warriors",
        "add-unit" => "Add a unit",
        "add-name" => "its name",
        "reinforce" => "Reinforce",
        "reinforced" => "reinforced",
        "retire" => "Retire",
        "warlord" => "Warlord",
        "warlord-name" => "its name",
        "general" => "General",
        "unit" => "Unit",
        "path" => "Path",
        "ability" => "ability",
        "quest" => "Quest",
        "option" => "Options",
        "realm" | "roll-realm" => "Realm",
        "battleplan" => "Battleplan",
        "points" => "Points",
        "target" => "target",
        "terrain" => "terrain feature",
        "ally" => "ally from",
        "name" => "name",
        "player" => "Player",
        "faction" => "Faction",
        "reason" => "reason",
        "triumph-table" => "triumph table",
        "legends" => "Legends",
        "standings" => "League table by",
        "force" => "confirm",
        other => return format!("\"{}\"", other.replace('-', " ")),
    };
    format!("\"{label}\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_and_flags_become_the_forms_that_do_the_same() {
        assert_eq!(
            for_pages(
                "Rat Tide may withdraw only once half is destroyed; list the destroyed units with --destroyed, or leave out --withdrew"
            ),
            "Rat Tide may withdraw only once half is destroyed; list the destroyed units with \"destroyed\", or leave out \"Withdrew\""
        );
        assert_eq!(
            for_pages("no quest yet: pick one with `ptg quest start \"Rat Tide\" QUEST`."),
            "no quest yet: pick one with the Quest form on the roster's page."
        );
        assert_eq!(
            for_pages("3 dice were typed; type them all with --dice, or see `ptg history`"),
            "3 dice were typed; type them all with \"Dice rolled at the table\", or see the campaign's History page"
        );
        assert_eq!(for_pages("a -- b, --odd-one"), "a -- b, \"odd one\"");
        assert_eq!(for_pages("nothing to say"), "nothing to say");
    }

    #[test]
    fn a_page_is_reworded_but_not_what_was_typed_in_it() {
        let page = "<body><h1>R &amp; D</h1><p>type them with --dice</p><textarea>-- Liberators --dice</textarea></body>";
        assert_eq!(
            reword_page(page),
            "<body><h1>R &amp; D</h1><p>type them with \"Dice rolled at the table\"</p><textarea>-- Liberators --dice</textarea></body>"
        );
    }

    #[test]
    fn no_command_or_flag_is_left() {
        for text in [
            "`ptg undo --roster R` first",
            "use --option realms with `ptg campaign set C --option realms`",
            "`ptg` alone, --",
        ] {
            let out = for_pages(text);
            assert!(
                !out.contains("`ptg ") && !out.contains(" --o") && !out.contains("--r"),
                "{out}"
            );
        }
    }
}
