//! The command-line shell: clap definitions, the shared run context, and dispatch to one
//! module per command (group). No rules, no SQL, no transactions here: each command parses its
//! arguments, calls one function of [`crate::ops`], and renders what it returns.

mod aftermath;
mod audit;
mod backup;
mod battle;
mod battleplan;
mod campaign;
mod campaign_show;
mod chunked;
mod data;
mod demo;
mod dice;
mod faction;
mod favoured;
mod files;
mod fit;
mod history;
mod invite;
mod league;
mod lookup;
pub mod output;
mod path;
mod quest;
mod rank;
mod render;
mod restore;
mod rolls;
mod roster;
mod serve;
mod sheet;
mod shell;
mod undo;

use crate::catalogue::Catalogue;
use crate::error::{Error, Result};
use crate::ids::{CampaignId, RosterId};
use crate::ops::{self, Store};
use clap::{Parser, Subcommand};
use std::path::PathBuf;

/// The exit codes, shown under `ptg --help`.
const EXIT_CODES: &str = "Exit codes: 0 done; 1 refused (a rule broken, a name not found, a database busy or not writable: the message says \
what to fix, nothing was saved); 2 wrong usage; 3 internal error (a bug, a database file that is \
not ptg's, corrupt or from a newer ptg, or an I/O failure: not your fault, nothing was saved).";

/// The heading `--help` shows the options every command takes under, apart from its own.
const GLOBAL: &str = "Global options";

/// ptg: keep Warhammer Age of Sigmar Path to Glory campaigns, rosters and every dice roll.
#[derive(Debug, Parser)]
#[command(name = "ptg", version, about, propagate_version = true, after_help = EXIT_CODES)]
pub struct Cli {
    /// Database file [or the environment's PTG_DB] (default: the platform data folder, e.g.
    /// ~/.local/share/ptg/ptg.sqlite3).
    // The environment is read in `run`, not by clap: clap shows an argument its variable set
    // as if it were typed, in every usage line ("ptg roster add --db <PATH> ...").
    #[arg(long, global = true, help_heading = GLOBAL, value_name = "PATH")]
    pub db: Option<PathBuf>,
    /// Print data as JSON instead of tables.
    #[arg(long, global = true, help_heading = GLOBAL)]
    pub json: bool,
    /// A folder of extra faction/battlepack TOML files that add to or replace the bundled ones
    /// [or the environment's PTG_DATA_DIR].
    #[arg(long, global = true, help_heading = GLOBAL, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// The factions ptg knows: units, enhancement tables, lores.
    #[command(subcommand)]
    Faction(faction::FactionCmd),
    /// Campaigns: a league of rosters and battles using one battlepack.
    #[command(subcommand)]
    Campaign(campaign::CampaignCmd),
    /// Path to Glory rosters: Order of Battle, enhancements, Arcane Tome.
    #[command(subcommand)]
    Roster(roster::RosterCmd),
    /// The Quest Log.
    #[command(subcommand)]
    Quest(quest::QuestCmd),
    /// Battles: plan one, record armies, twists and the result.
    #[command(subcommand)]
    Battle(battle::BattleCmd),
    /// After a battle: earn glory, gain renown, complete quests, manage the Order of Battle.
    Aftermath(aftermath::AftermathArgs),
    /// Check a campaign's or a roster's numbers against its history: exit 1 with the findings.
    Audit(audit::AuditArgs),
    /// Rank-up choices: a Path ability for each rank reached.
    #[command(subcommand)]
    Rank(rank::RankCmd),
    /// The dice log: every roll ptg made or was told.
    Rolls(rolls::RollsArgs),
    /// The change log in order: every command and what it changed.
    History(history::HistoryArgs),
    /// Reverse the latest command (a whole aftermath, a unit added, a battle recorded) by
    /// appending its reversal; history keeps both.
    Undo(undo::UndoArgs),
    /// The data in use and where it came from; importing outside data (BSData catalogues).
    #[command(subcommand)]
    Data(data::DataCmd),
    /// Walk through setting up a campaign with two rosters, in a database of its own
    /// (demo.sqlite3 beside the default database, or the --db given), never your league's.
    Demo,
    /// The battleplan table and each battleplan's twists (look-up, no database needed).
    #[command(subcommand)]
    Battleplan(battleplan::BattleplanCmd),
    /// The Paths and the abilities of each rank (look-up, no database needed).
    #[command(subcommand)]
    Path(path::PathCmd),
    /// Print the shell completion script for bash, zsh, fish, elvish or powershell.
    Completions(shell::CompletionsArgs),
    /// Print the man page (roff) of ptg or of one of its commands: `ptg man | man -l -`.
    Man(shell::ManArgs),
    /// Write a consistent copy of the whole database to FILE, even while others write.
    Backup(backup::BackupArgs),
    /// Put a backup back in place of the database, after checking it passes the audit; the
    /// replaced database is kept aside. Refused while `ptg serve` runs on the database.
    Restore(restore::RestoreArgs),
    /// Write a league (every campaign, or one) with its whole history as JSON, to keep or to
    /// import elsewhere: `ptg export > league.json`.
    Export(league::ExportArgs),
    /// Restore a league file written by `ptg export` into this database (empty or not).
    Import(league::ImportArgs),
    /// Links to the league's web pages (`ptg serve`): one roster's player, or the organiser.
    Invite(invite::InviteArgs),
    /// The league on the web: pages for everyone, changes through invite links, a JSON API.
    Serve(serve::ServeArgs),
}

/// What every command may need: the catalogue, the database (opened on first use), output mode.
pub struct App {
    db_path: Option<PathBuf>,
    store: Option<Store>,
    data_dirs: Vec<PathBuf>,
    /// The folder named by `--data-dir` (or `PTG_DATA_DIR`), which must be there: a mistyped
    /// one would otherwise be read as no extra data at all.
    named_data_dir: Option<PathBuf>,
    catalogue: Option<Catalogue>,
    pub json: bool,
    /// The command only reads: the database must exist already (see [`Command::reads_only`]).
    reads_only: bool,
}

impl App {
    fn new(cli: &Cli) -> App {
        let mut data_dirs: Vec<PathBuf> = ops::user_data_dir().into_iter().collect();
        data_dirs.extend(cli.data_dir.clone());
        App {
            db_path: cli.db.clone(),
            store: None,
            data_dirs,
            named_data_dir: cli.data_dir.clone(),
            catalogue: None,
            json: cli.json,
            reads_only: cli.command.reads_only(),
        }
    }

    /// The factions and battlepacks: bundled, then the user's data folders.
    pub fn catalogue(&mut self) -> Result<&Catalogue> {
        if self.catalogue.is_none() {
            if let Some(dir) = self.named_data_dir.as_ref().filter(|d| !d.is_dir()) {
                let what = if dir.exists() {
                    "is not a folder"
                } else {
                    "does not exist"
                };
                return Err(Error::refused(format!(
                    "--data-dir {}: {what}; give the folder holding your faction or battlepack \
                     TOML files, or leave --data-dir (and PTG_DATA_DIR) out",
                    dir.display()
                )));
            }
            self.catalogue = Some(Catalogue::load(&self.data_dirs)?);
        }
        Ok(self.catalogue.as_ref().expect("just loaded"))
    }

    /// The database, opened on first use: created if missing for a command that writes,
    /// refused if missing for one that only reads.
    pub fn store(&mut self) -> Result<&mut Store> {
        if self.store.is_none() {
            let path = self.db_path.as_deref();
            self.store = Some(match self.reads_only {
                true => ops::open_existing_store(path)?,
                false => ops::open_store(path)?,
            });
        }
        Ok(self.store.as_mut().expect("just opened"))
    }

    /// The catalogue and the database if there is one (never created): for commands that
    /// are complete without it (`data import-bsdata` checks the rosters only where there are).
    pub fn both_if_any(&mut self) -> Result<(&Catalogue, Option<&mut Store>)> {
        self.catalogue()?;
        if self.store.is_none() {
            self.store = ops::open_store_if_exists(self.db_path.as_deref())?;
        }
        Ok((self.catalogue.as_ref().expect("loaded"), self.store.as_mut()))
    }

    /// The roster a player typed (`CAMPAIGN/ROSTER` where two campaigns have one), as the id
    /// every operation takes: a name is looked up here, once.
    pub fn roster_id(&mut self, typed: &str) -> Result<RosterId> {
        ops::resolve::roster(self.store()?, typed)
    }

    /// The campaign a player typed, as its id.
    pub fn campaign_id(&mut self, typed: &str) -> Result<CampaignId> {
        ops::resolve::campaign(self.store()?, typed)
    }

    /// [`App::campaign_id`] of an optional argument.
    pub fn campaign_id_of(&mut self, typed: Option<&str>) -> Result<Option<CampaignId>> {
        typed.map(|c| self.campaign_id(c)).transpose()
    }

    /// [`App::roster_id`] of an optional argument.
    pub fn roster_id_of(&mut self, typed: Option<&str>) -> Result<Option<RosterId>> {
        typed.map(|r| self.roster_id(r)).transpose()
    }

    /// The side of battle `battle` a player typed (its roster's name or id).
    pub fn side_id(&mut self, battle: i64, typed: &str) -> Result<RosterId> {
        ops::resolve::battle_side(self.store()?, battle, typed)
    }

    /// Runs `f`, which may create the database. Where there was none, it is built in a
    /// temporary file beside its path and renamed there only once `f` is done and the file
    /// closed (issue 39): a refused `ptg import` into a new path leaves nothing behind, and a
    /// killed one no empty or half database at the path (only a hidden `.NAME.*.ptg-partial`
    /// the next import there removes). The folders made for it go too when it fails.
    pub fn or_no_new_database<T>(&mut self, f: impl FnOnce(&mut App) -> Result<T>) -> Result<T> {
        let path = ops::db_path(self.db_path.as_deref())?;
        if path.exists() || self.store.is_some() {
            return f(self);
        }
        // The folders the database would be made in that are not there yet, deepest first.
        let new_dirs: Vec<PathBuf> = path
            .ancestors()
            .skip(1)
            .filter(|d| !d.as_os_str().is_empty())
            .take_while(|d| !d.exists())
            .map(PathBuf::from)
            .collect();
        let result = self.built_beside(&path, f);
        if result.is_err() {
            for dir in &new_dirs {
                // Only an empty folder goes: one something else was put in meanwhile stays.
                let _ = std::fs::remove_dir(dir);
            }
        }
        result
    }

    /// [`App::or_no_new_database`]'s work: `f` on a database in a temporary file beside
    /// `path`, renamed to `path` when done.
    fn built_beside<T>(
        &mut self,
        path: &std::path::Path,
        f: impl FnOnce(&mut App) -> Result<T>,
    ) -> Result<T> {
        let fail =
            |e: std::io::Error| Error::refused(format!("cannot make the database {}: {e}", path.display()));
        let dir = path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(std::path::Path::new("."));
        std::fs::create_dir_all(dir).map_err(fail)?;
        let mut done = Err(Error::refused("nothing was imported"));
        let written = files::write_whole_with(path, false, |tmp| {
            let named = self.db_path.replace(tmp.to_path_buf());
            done = f(self);
            // Closed before it is renamed: its write-ahead log folded in and removed.
            self.store = None;
            self.db_path = named;
            match &done {
                Ok(_) => Ok(()),
                Err(_) => {
                    // Refused: the temporary file goes, and whatever SQLite left beside it.
                    for side in ["-wal", "-shm", "-journal"] {
                        let mut file = tmp.as_os_str().to_owned();
                        file.push(side);
                        let _ = std::fs::remove_file(file);
                    }
                    Err(std::io::Error::other("refused"))
                }
            }
        });
        match (done, written) {
            (Ok(value), Ok(())) => Ok(value),
            (Err(e), _) => Err(e),
            (Ok(_), Err(e)) => Err(fail(e)),
        }
    }

    /// Catalogue and store together, for commands that need both at once.
    pub fn both(&mut self) -> Result<(&Catalogue, &mut Store)> {
        self.catalogue()?;
        self.store()?;
        Ok((
            self.catalogue.as_ref().expect("loaded"),
            self.store.as_mut().expect("opened"),
        ))
    }
}

impl Command {
    /// Commands that only read the database: run where there is none, they refuse instead of
    /// leaving an empty database (and its folder) behind; on a file they may not write, they
    /// read it read-only. Faction commands never open it; data commands never create it.
    fn reads_only(&self) -> bool {
        use battle::BattleCmd as B;
        use roster::RosterCmd as R;
        match self {
            Command::Campaign(cmd) => matches!(
                cmd,
                campaign::CampaignCmd::List | campaign::CampaignCmd::Show { .. }
            ),
            Command::Roster(cmd) => matches!(
                cmd,
                R::Show { .. } | R::Sheet { .. } | R::List { .. } | R::Check(_) | R::Afford(_)
            ),
            Command::Battle(cmd) => matches!(cmd, B::Show { .. } | B::List { .. }),
            Command::Rank(cmd) => matches!(cmd, rank::RankCmd::Pending { .. }),
            Command::Audit(_)
            | Command::Rolls(_)
            | Command::History(_)
            | Command::Faction(_)
            | Command::Data(_) => true,
            Command::Quest(cmd) => cmd.reads_only(),
            Command::Battleplan(_) | Command::Path(_) | Command::Completions(_) | Command::Man(_) => true,
            Command::Backup(_) | Command::Export(_) => true,
            Command::Demo
            | Command::Aftermath(_)
            | Command::Undo(_)
            | Command::Import(_)
            | Command::Restore(_)
            | Command::Invite(_)
            | Command::Serve(_) => false,
        }
    }
}

/// A battle id as typed: a message in players' words when it is not a number, usually
/// because the roster came first (`ptg aftermath "Hammers of Dawn" 3`). The example is the
/// command being typed (`ptg battle show 3`), read from the command clap is parsing.
#[derive(Debug, Clone, Copy)]
pub struct BattleId;

impl clap::builder::TypedValueParser for BattleId {
    type Value = i64;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> std::result::Result<i64, clap::Error> {
        let typed = value.to_string_lossy();
        match typed.trim().trim_start_matches('#').parse::<i64>() {
            Ok(id) if id > 0 => Ok(id),
            _ => Err(clap::Error::raw(
                clap::error::ErrorKind::ValueValidation,
                format!("{}\n", battle_id_words(&typed, cmd)),
            )
            .with_cmd(cmd)),
        }
    }
}

/// "'x' is not a battle id: ..." with the command `cmd` as the example.
fn battle_id_words(typed: &str, cmd: &clap::Command) -> String {
    let name = cmd.get_bin_name().unwrap_or("ptg").to_string();
    let with_roster = cmd.get_positionals().any(|a| a.get_id() == "roster");
    let (then, example) = match with_roster {
        true => (" first, then the roster", format!("{name} 3 \"Hammers of Dawn\"")),
        false => ("", format!("{name} 3")),
    };
    format!(
        "'{typed}' is not a battle id: give the battle's number (see `ptg battle list`){then}, e.g. `{example}`"
    )
}

/// A path from the environment, when the variable is set and not empty.
fn from_env(var: &str) -> Option<PathBuf> {
    std::env::var_os(var).filter(|v| !v.is_empty()).map(PathBuf::from)
}

/// Runs one parsed command line.
pub fn run(mut cli: Cli) -> Result<()> {
    // `--db` typed on this command line (not PTG_DB's): the demo writes only into a database
    // named so, and otherwise keeps one of its own.
    let db_typed = cli.db.clone();
    cli.db = cli.db.or_else(|| from_env("PTG_DB"));
    cli.data_dir = cli.data_dir.or_else(|| from_env("PTG_DATA_DIR"));
    let mut app = App::new(&cli);
    let data_dir = cli.data_dir.clone();
    match cli.command {
        Command::Demo => {
            let db = demo::database(db_typed)?;
            demo::run(&db, data_dir, &mut ops::open_store(Some(&db))?, cli.json)
        }
        Command::Faction(cmd) => faction::run(&mut app, cmd),
        Command::Campaign(cmd) => campaign::run(&mut app, cmd),
        Command::Roster(cmd) => roster::run(&mut app, cmd),
        Command::Quest(cmd) => quest::run(&mut app, cmd),
        Command::Battle(cmd) => battle::run(&mut app, cmd),
        Command::Aftermath(args) => aftermath::run(&mut app, args),
        Command::Audit(args) => audit::run(&mut app, args),
        Command::Rank(cmd) => rank::run(&mut app, cmd),
        Command::Rolls(args) => rolls::run(&mut app, args),
        Command::History(args) => history::run(&mut app, args),
        Command::Undo(args) => undo::run(&mut app, args),
        Command::Data(cmd) => data::run(&mut app, cmd),
        Command::Battleplan(cmd) => battleplan::run(&mut app, cmd),
        Command::Path(cmd) => path::run(&mut app, cmd),
        Command::Completions(args) => shell::completions(args),
        Command::Man(args) => shell::man(args),
        Command::Backup(args) => backup::run(&mut app, args),
        Command::Restore(args) => restore::run(&mut app, args),
        Command::Export(args) => league::export(&mut app, args),
        Command::Import(args) => league::import(&mut app, args),
        Command::Invite(args) => invite::run(&mut app, args),
        Command::Serve(args) => serve::run(&mut app, args),
    }
}

#[cfg(test)]
mod help_tests {
    use super::Cli;
    use clap::CommandFactory;

    /// Every argument of every command says what it is in `--help` (issue #19: `ptg help
    /// aftermath` showed BATTLE and ROSTER bare).
    #[test]
    fn every_argument_has_help_text() {
        fn walk(cmd: &clap::Command, path: &str, bare: &mut Vec<String>) {
            for arg in cmd.get_arguments() {
                let id = arg.get_id().as_str();
                if id != "help"
                    && id != "version"
                    && arg.get_help().is_none()
                    && arg.get_long_help().is_none()
                {
                    bare.push(format!("{path} {id}"));
                }
            }
            for sub in cmd.get_subcommands() {
                walk(sub, &format!("{path} {}", sub.get_name()), bare);
            }
        }
        let mut bare = Vec::new();
        walk(&Cli::command(), "ptg", &mut bare);
        assert!(bare.is_empty(), "arguments without help:\n{}", bare.join("\n"));
    }
}
