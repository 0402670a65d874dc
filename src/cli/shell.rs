//! `ptg completions SHELL` and `ptg man [COMMAND]...`: the shell completion script and the
//! roff man page, generated from the clap definitions at run time so they never drift from
//! the commands they describe.

use super::Cli;
use super::output::line;
use crate::error::Result;
use crate::names;
use clap::{Args, CommandFactory};
use clap_complete::Shell;

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete in, e.g. `ptg completions bash > ~/.local/share/bash-completion/completions/ptg`.
    #[arg(value_enum)]
    shell: Shell,
}

#[derive(Debug, Args)]
pub struct ManArgs {
    /// A command to show the page of instead of ptg's own, e.g. `ptg man roster afford`.
    #[arg(value_name = "COMMAND")]
    command: Vec<String>,
}

/// Prints the completion script for the shell asked for.
pub fn completions(args: CompletionsArgs) -> Result<()> {
    let mut cmd = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "ptg", &mut script);
    print(script)
}

/// Prints the man page of ptg, or of one of its (sub)commands.
pub fn man(args: ManArgs) -> Result<()> {
    let mut cmd = Cli::command();
    cmd.build();
    let mut page_of = &cmd;
    for wanted in &args.command {
        page_of = match page_of.find_subcommand(wanted) {
            Some(sub) => sub,
            None => {
                let names: Vec<&str> = page_of.get_subcommands().map(|s| s.get_name()).collect();
                let what = format!("{} command", page_of.get_display_name().unwrap_or("ptg"));
                // Wrong usage, as `ptg help nope` is: clap words it and exits 2.
                clap::Error::raw(
                    clap::error::ErrorKind::InvalidSubcommand,
                    format!("{}\n", names::unknown(&what, wanted, names)),
                )
                .exit();
            }
        };
    }
    let mut page = Vec::new();
    // The page's footer names the program, not the subcommand ("ptg 0.1.0", not "afford 0.1.0").
    clap_mangen::Man::new(page_of.clone())
        .source(format!("ptg {}", env!("CARGO_PKG_VERSION")))
        .render(&mut page)?;
    let page = String::from_utf8(page).map_err(anyhow::Error::from)?;
    print(installed_words(page_of, &page).into_bytes())
}

/// clap_mangen's page as ptg installs none: the synopsis gives each option's value
/// (`--db PATH`, not a bare `--db`), and a subcommand is named as the `ptg man` call that shows
/// its page (`ptg man battle new`) rather than as a page `ptg-battle-new(1)` no one installed.
fn installed_words(cmd: &clap::Command, page: &str) -> String {
    let mut out = String::with_capacity(page.len());
    let mut in_synopsis = false;
    for line in page.lines() {
        if line.starts_with(".SH ") {
            in_synopsis = line == ".SH SYNOPSIS";
        }
        let mut line = line.to_string();
        if in_synopsis && !line.starts_with('.') {
            for arg in cmd.get_arguments().filter(|a| a.get_action().takes_values()) {
                let (Some(long), Some(value)) =
                    (arg.get_long(), arg.get_value_names().and_then(|v| v.first()))
                else {
                    continue;
                };
                let flag = format!("\\fB\\-\\-{}\\fR", long.replace('-', "\\-"));
                line = line.replace(&flag, &format!("{flag} \\fI{value}\\fR"));
            }
        }
        if let Some(page_name) = line.strip_suffix("(1)").and_then(|l| l.strip_prefix("ptg\\-")) {
            line = format!("\\fBptg man {}\\fR", page_name.replace("\\-", " "));
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Writes generated text as it is (it ends with its own newline).
fn print(bytes: Vec<u8>) -> Result<()> {
    let text = String::from_utf8(bytes).map_err(anyhow::Error::from)?;
    line(text.strip_suffix('\n').unwrap_or(&text))
}
