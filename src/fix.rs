//! What would put a refusal right, as data (issue #32): a refusal says what is wrong in its
//! message and carries its fix as a [`Fix`], which each front end words its own way. The CLI
//! names a flag (`--unit UNIT`) or a command (`` `ptg quest start` ``); a page names the form's
//! field ("Unit") or the form, button or page that does it; the API gives the fix as JSON.
//! So no page has to read a command line out of a sentence, and no rule knows who is asking.

use serde::Serialize;

mod action;
mod worded;

pub use action::Action;
pub use worded::Worded;

/// One way to put a refusal right. A refusal may carry several, read as alternatives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "fix", rename_all = "snake_case")]
pub enum Fix {
    /// Give this input (a flag, a form's field), or give it again otherwise.
    Give { input: Input },
    /// Give this input this value.
    Set { input: Input, value: String },
    /// Leave this input out.
    LeaveOut { input: Input },
    /// Do this first, or instead.
    Do { action: Action },
    /// The organiser turns a campaign option on (or off).
    Turn {
        campaign: String,
        option: String,
        on: bool,
    },
}

impl Fix {
    pub fn give(input: Input) -> Fix {
        Fix::Give { input }
    }

    pub fn set(input: Input, value: impl Into<String>) -> Fix {
        Fix::Set {
            input,
            value: value.into(),
        }
    }

    pub fn leave_out(input: Input) -> Fix {
        Fix::LeaveOut { input }
    }

    pub fn act(action: Action) -> Fix {
        Fix::Do { action }
    }

    /// The organiser turns `option` on (or off) for campaign `campaign`.
    pub fn turn(campaign: impl Into<String>, option: impl Into<String>, on: bool) -> Fix {
        Fix::Turn {
            campaign: campaign.into(),
            option: option.into(),
            on,
        }
    }

    /// In the CLI's words: flags and commands.
    pub fn for_cli(&self) -> String {
        match self {
            Fix::Give { input } => match input.metavar() {
                Some(meta) => format!("add {} {meta}", input.flag()),
                None => format!("add {}", input.flag()),
            },
            Fix::Set { input, value } => format!("use {} {}", input.flag(), quoted(value)),
            Fix::LeaveOut { input } => format!("leave out {}", input.flag()),
            Fix::Do { action } => format!("{} (`{}`)", action.doing(), action.command()),
            Fix::Turn { campaign, option, on } => {
                let value = if *on {
                    option.clone()
                } else {
                    format!("{option}=off")
                };
                let verb = if *on { "turns it on" } else { "turns it off" };
                format!("the organiser {verb} with `ptg campaign set \"{campaign}\" --option {value}`")
            }
        }
    }

    /// In the pages' words: the form's fields, buttons and pages.
    pub fn for_pages(&self) -> String {
        match self {
            Fix::Give { input } => match (input, input.metavar()) {
                (Input::Destroyed, _) => "tick the units destroyed".into(),
                (Input::SlewHeroOrMonster, _) => "tick the unit that slew it".into(),
                (_, Some(_)) => format!("fill in \u{201c}{}\u{201d}", input.field()),
                (_, None) => format!("tick \u{201c}{}\u{201d}", input.field()),
            },
            // A side's field (`ROSTER=N` on the CLI) is the one in that roster's part of the form.
            Fix::Set { input, value } => match (input.metavar(), value.rsplit_once('=')) {
                (Some(meta), Some((side, n))) if meta.starts_with("ROSTER=") => {
                    format!("set {side}'s \u{201c}{}\u{201d} to {n}", input.field())
                }
                _ => format!("set \u{201c}{}\u{201d} to {value}", input.field()),
            },
            Fix::LeaveOut { input } => match (input, input.metavar()) {
                (Input::Withdrew, _) => "pick \u{201c}no one\u{201d} as withdrawn".into(),
                (Input::SlewHeroOrMonster, _) => "untick \u{201c}slew a HERO or MONSTER\u{201d}".into(),
                (_, Some(_)) => format!("leave \u{201c}{}\u{201d} empty", input.field()),
                (_, None) => format!("untick \u{201c}{}\u{201d}", input.field()),
            },
            Fix::Do { action } => format!("{} ({})", action.doing(), action.page()),
            Fix::Turn { option, on, .. } => {
                let verb = if *on { "turns on" } else { "turns off" };
                format!("the organiser {verb} \u{201c}{option}\u{201d} on the league's page")
            }
        }
    }
}

/// `fixes` in the CLI's words, as alternatives ("add --unit UNIT, or leave out --ally").
pub fn for_cli(fixes: &[Fix]) -> String {
    join(fixes.iter().map(Fix::for_cli))
}

/// `fixes` in the pages' words, as alternatives.
pub fn for_pages(fixes: &[Fix]) -> String {
    join(fixes.iter().map(Fix::for_pages))
}

/// `message` with its fixes after it in the CLI's words, as a refusal reads on a terminal.
pub fn with_cli_words(message: &str, fixes: &[Fix]) -> String {
    with_words(message, &for_cli(fixes))
}

/// `message` with its fixes after it in the pages' words.
pub fn with_page_words(message: &str, fixes: &[Fix]) -> String {
    with_words(message, &for_pages(fixes))
}

fn with_words(message: &str, words: &str) -> String {
    if words.is_empty() {
        message.to_string()
    } else {
        format!("{message}; {words}")
    }
}

fn join(words: impl Iterator<Item = String>) -> String {
    words.collect::<Vec<_>>().join(", or ")
}

/// A value as typed on a command line: quoted when it holds a space.
fn quoted(value: &str) -> String {
    if value.contains(char::is_whitespace) {
        format!("\"{value}\"")
    } else {
        value.to_string()
    }
}

/// An input a player gives: a flag on the CLI, a field on a form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Input {
    AddUnit,
    Ally,
    Destroyed,
    Dice,
    Faction,
    Favoured,
    Force,
    General,
    GeneralSlain,
    Manifestation,
    ModelsAdded,
    ModelsLost,
    Name,
    Option,
    Path,
    Player,
    Points,
    Quest,
    QuestPoints,
    Reason,
    Regiment,
    Reinforce,
    Reinforced,
    Replace,
    Retire,
    Round,
    SkipUnknown,
    SlewHeroOrMonster,
    SuddenDeath,
    Target,
    Terrain,
    Unit,
    Vp,
    Warlord,
    Withdrew,
}

impl Input {
    /// The CLI's flag.
    pub fn flag(self) -> &'static str {
        self.words().0
    }

    /// What the CLI's help calls the flag's value, if it takes one.
    pub fn metavar(self) -> Option<&'static str> {
        self.words().1
    }

    /// The form's field, as its label reads.
    pub fn field(self) -> &'static str {
        self.words().2
    }

    fn words(self) -> (&'static str, Option<&'static str>, &'static str) {
        use Input::*;
        match self {
            AddUnit => ("--add-unit", Some("WARSCROLL"), "Add a unit"),
            Ally => ("--ally", Some("FACTION"), "Ally of"),
            Destroyed => ("--destroyed", Some("UNIT"), "Destroyed units"),
            Dice => ("--dice", Some("ROLLS"), "Dice rolled at the table"),
            Faction => ("--faction", Some("FACTION"), "Faction"),
            Favoured => ("--favoured", Some("UNIT"), "Favoured warriors"),
            Force => ("--force", None, "Delete anyway"),
            General => ("--general", Some("UNIT"), "General"),
            GeneralSlain => ("--general-slain", None, "its general was slain"),
            Manifestation => ("--manifestation", Some("NAME"), "Manifestation"),
            ModelsAdded => ("--models-added", Some("ROSTER=N"), "models added during the game"),
            ModelsLost => ("--models-lost", Some("ROSTER=N"), "models lost"),
            Name => ("--name", Some("NAME"), "Name"),
            Option => ("--option", Some("OPTION"), "Option"),
            Path => ("--path", Some("PATH"), "Path"),
            Player => ("--player", Some("NAME"), "Player"),
            Points => ("--points", Some("N"), "points"),
            Quest => ("--quest", Some("QUEST"), "Quest"),
            QuestPoints => ("--quest-points", Some("ROSTER=N"), "quest points"),
            Reason => ("--reason", Some("WHY"), "reason"),
            Regiment => ("--regiment", Some("HERO=UNITS"), "Regiments"),
            Reinforce => ("--reinforce", Some("UNIT"), "Reinforce"),
            Reinforced => ("--reinforced", None, "Reinforced"),
            Replace => ("--replace", Some("NAME"), "replacing"),
            Retire => ("--retire", Some("UNIT"), "Retire"),
            Round => ("--round", Some("N"), "Round"),
            SkipUnknown => ("--skip-unknown", None, "Skip units not found"),
            SlewHeroOrMonster => ("--slew-hero-or-monster", None, "Slew a HERO or MONSTER"),
            SuddenDeath => ("--sudden-death", None, "sudden death objective achieved"),
            Target => ("--target", Some("UNIT"), "target"),
            Terrain => ("--terrain", Some("NAME"), "terrain feature"),
            Unit => ("--unit", Some("UNIT"), "for unit"),
            Vp => ("--vp", Some("ROSTER=N"), "Victory points"),
            Warlord => ("--warlord", Some("UNIT"), "Warlord"),
            Withdrew => ("--withdrew", Some("ROSTER"), "Withdrew"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fix_reads_as_flags_on_the_cli_and_as_fields_on_pages() {
        let fixes = [Fix::give(Input::Unit), Fix::leave_out(Input::Ally)];
        assert_eq!(for_cli(&fixes), "add --unit UNIT, or leave out --ally");
        let page = for_pages(&fixes);
        assert_eq!(
            page,
            "fill in \u{201c}for unit\u{201d}, or leave \u{201c}Ally of\u{201d} empty"
        );
        assert!(!page.contains("--") && !page.contains("ptg "), "{page}");
    }

    #[test]
    fn an_action_reads_as_a_command_on_the_cli_and_as_a_form_on_pages() {
        let fix = Fix::act(Action::StartQuest {
            roster: "Hammers of Dawn".into(),
        });
        assert_eq!(
            fix.for_cli(),
            "start a quest (`ptg quest start \"Hammers of Dawn\" QUEST`)"
        );
        assert_eq!(
            fix.for_pages(),
            "start a quest (the Quest form on the roster's page)"
        );
        let turn = Fix::turn("Ashen Vale", "allies", true);
        assert_eq!(
            turn.for_cli(),
            "the organiser turns it on with `ptg campaign set \"Ashen Vale\" --option allies`"
        );
        assert!(!turn.for_pages().contains("--"));
    }

    #[test]
    fn an_action_a_page_can_show_names_no_command_there() {
        for a in [
            Action::CorrectSlain { battle: 3 },
            Action::ReadFactions,
            Action::NameRealm,
            Action::AddAlly,
            Action::AllowLegends {
                campaign: "Vale".into(),
            },
        ] {
            assert!(a.command().starts_with("ptg "), "{}", a.command());
            let page = Fix::act(a).for_pages();
            assert!(!page.contains("--") && !page.contains("ptg "), "{page}");
        }
    }

    #[test]
    fn a_fix_is_data_in_the_api() {
        let json = serde_json::to_value(Fix::set(Input::Points, "600")).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"fix": "set", "input": "points", "value": "600"})
        );
    }
}
