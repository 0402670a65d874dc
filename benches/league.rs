//! The league benchmark (issues #16 and #42): generates leagues of the given sizes and times
//! each command of issue #42's table as a whole `ptg` process against them, writing
//! `docs/PERFORMANCE.md`.
//!
//! ```text
//! cargo bench --bench league -- 1000 400r 10000   # sizes in battles; 0 is a league of rosters only
//! ```
//!
//! A size is a number of battles among 50 rosters (`10000`: about 400 each), or, written
//! `400r`, a league where Roster 01 fought all 400 battles, each against another roster drawn
//! at random (`benches/league/generate.rs`). Every command names Roster 01 as R, and
//! `battle show N` the newest battle R fought (read with `ptg battle list` before timing).
//!
//! Each command is timed alternated pair by pair with `ptg --version` (one `--version` run,
//! one command run, [`RUNS`] times; one pair only when the command's first run takes over
//! [`SLOW`]), so both see the same load on a busy machine: its wall time is the median of its
//! runs, its ratio the median of the pairs' ratios, its peak memory the child's maxrss from
//! `wait4`. A command that may write runs on a fresh copy of the league's database each time;
//! the others share one copy, copied afresh if one of them changed it. A run still going
//! after [`TIMEOUT`] is killed and shown as "> 60 s". The table marks with ✗ each time that
//! misses its row's goal (issue #42's) and each peak memory over [`MAX_RSS_MB`].
//!
//! `league --generate SIZE DB` builds one league only (the runner runs itself so for each
//! size). With `--reuse`, a league already generated for a size (in the bench's scratch
//! folder, `target/tmp/league/league-SIZE.sqlite3`) is timed again instead of generated anew:
//! the 10,000-battle league takes many minutes to build. Either way its schema is brought up
//! to date once before timing, so no command's time includes a migration. `PTG_LEAGUE_DIR`
//! names another folder for the leagues and scratch files (for a run beside one still going).

#[path = "league/generate.rs"]
mod generate;
#[path = "league/report.rs"]
mod report;

use generate::Size;
use report::{Cell, Column, Goal};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant, SystemTime};

const RUNS: usize = 11;
const SLOW: Duration = Duration::from_secs(3);
const TIMEOUT: Duration = Duration::from_secs(60);
/// Issue #42's bound on any command's peak memory.
const MAX_RSS_MB: f64 = 30.0;
const SEED: u64 = 16;
const R: &str = "Roster 01";

/// One row of the table: what it is called, `ptg`'s arguments (`{tmp}` is a scratch folder,
/// `{N}` the newest battle R fought), its goal, and whether it may write.
pub struct Row {
    pub label: &'static str,
    args: &'static [&'static str],
    pub goal: Goal,
    writes: bool,
}

const fn row(label: &'static str, args: &'static [&'static str], goal: Goal) -> Row {
    Row {
        label,
        args,
        goal,
        writes: false,
    }
}

const fn write(label: &'static str, args: &'static [&'static str], goal: Goal) -> Row {
    Row {
        label,
        args,
        goal,
        writes: true,
    }
}

/// The rows: issue #42's table first, in its order, then those the table had before.
/// `audit` may keep what it verified (issue #42), so it is timed as a write.
pub const ROWS: &[Row] = &[
    row("`roster show R`", &["roster", "show", R], Goal::Ratio(2.0)),
    row("`battle show N`", &["battle", "show", "{N}"], Goal::Ratio(2.0)),
    row("`roster list`", &["roster", "list"], Goal::Ratio(2.0)),
    row("`roster check R`", &["roster", "check", R], Goal::Ratio(2.0)),
    row("`roster afford R`", &["roster", "afford", R], Goal::Ratio(2.0)),
    row(
        "`battle list --roster R --limit 50` (a terminal's page)",
        &["battle", "list", "--roster", R, "--limit", "50"],
        Goal::Ratio(2.0),
    ),
    row(
        "`history --roster R --limit 50`",
        &["history", "--roster", R, "--limit", "50"],
        Goal::Ratio(2.0),
    ),
    row(
        "`rolls --roster R --limit 50` (a terminal's page)",
        &["rolls", "--roster", R, "--limit", "50"],
        Goal::Page(2.0),
    ),
    write("`audit --roster R`", &["audit", "--roster", R], Goal::Ratio(3.0)),
    row(
        "`roster sheet R` (PDF)",
        &["roster", "sheet", R, "-o", "{tmp}/sheet.pdf", "--force"],
        Goal::Ratio(3.0),
    ),
    write(
        "`roster rename R NEW` (a write)",
        &["roster", "rename", R, "Roster 01 renamed"],
        Goal::Ratio(3.0),
    ),
    write("`undo` (a write)", &["undo", "--yes"], Goal::Ratio(3.0)),
    write(
        "`undo --roster R`",
        &["undo", "--roster", R, "--yes"],
        Goal::Ratio(3.0),
    ),
    write("whole `audit`", &["audit"], Goal::Seconds(1.0)),
    write(
        "`audit --full` (every roster replayed)",
        &["audit", "--full"],
        Goal::None,
    ),
    row("`history`", &["history"], Goal::None),
    row("`history --roster R`", &["history", "--roster", R], Goal::None),
    row(
        "`roster sheet R --format text`",
        &[
            "roster",
            "sheet",
            R,
            "--format",
            "text",
            "-o",
            "{tmp}/sheet.txt",
            "--force",
        ],
        Goal::None,
    ),
    row("`rolls`", &["rolls"], Goal::None),
    row("`battle list`", &["battle", "list"], Goal::None),
    write(
        "a write: `battle new`",
        &[
            "battle",
            "new",
            "--campaign",
            generate::CAMPAIGN,
            "--points",
            "1000",
            R,
            "Roster 02",
            "--seed",
            "1",
        ],
        Goal::None,
    ),
    row(
        "`export` (the whole league)",
        &["export", "-o", "{tmp}/export.json", "--force"],
        Goal::None,
    ),
    write(
        "`import` (the league again, every id moved)",
        &["import", "{tmp}/import.json"],
        Goal::None,
    ),
    row(
        "`faction show Skaven`",
        &["faction", "show", "Skaven"],
        Goal::None,
    ),
    row("`faction list`", &["faction", "list"], Goal::None),
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    generate::when_asked("league", &args, SEED);
    let reuse = args.iter().any(|a| a == "--reuse");
    let sizes: Vec<Size> = match args
        .iter()
        .filter(|a| *a != "--reuse")
        .map(|a| a.parse())
        .collect::<Result<Vec<_>, _>>()
    {
        Ok(s) if !s.is_empty() => s,
        Ok(_) => vec!["1000".parse().expect("a size"), "400r".parse().expect("a size")],
        Err(e) => {
            eprintln!("league: {e}\nusage: cargo bench --bench league -- [--reuse] [BATTLES | BATTLESr ...]");
            std::process::exit(2);
        }
    };
    // Another folder for a second run beside one still going (they share scratch files).
    let work = std::env::var_os("PTG_LEAGUE_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("league"));
    let home = work.join("home");
    std::fs::create_dir_all(work.join("tmp")).expect("a scratch folder");
    std::fs::create_dir_all(&home).expect("a scratch folder");
    let mut columns = Vec::new();
    for &size in &sizes {
        let db = work.join(format!("league-{size}.sqlite3"));
        // How long generating took is kept beside the league, for the table when reused.
        let took_file = work.join(format!("league-{size}.seconds"));
        let took = match std::fs::read_to_string(&took_file) {
            Ok(secs) if reuse && db.exists() => {
                eprintln!("league: reusing {}", db.display());
                Duration::from_secs_f64(secs.trim().parse().unwrap_or(0.0))
            }
            _ => {
                let took = generate_league(size, &db, &home);
                std::fs::write(&took_file, took.as_secs_f64().to_string()).expect("write the time");
                took
            }
        };
        // Brings the schema up to date (a reused league may predate a migration), timed: the
        // upgrade of a 10,000-battle league has its own goal (issue #42). Then one audit, as
        // a club's league has had: the audit rows time what the next audit checks, and
        // `audit --full` the whole replay.
        let upgrade = Instant::now();
        let _ = run(&db, &home, &["roster".into(), "list".into()]);
        eprintln!(
            "league: {size}: schema brought up to date in {:.1?}",
            upgrade.elapsed()
        );
        let _ = run(&db, &home, &["audit".into()]);
        let bytes = std::fs::metadata(&db).map_or(0, |m| m.len());
        eprintln!("league: {size}: {} KB", bytes / 1024);
        let stats = std::fs::read_to_string(format!("{}.stats", db.display())).unwrap_or_default();
        league_file_to_import(&db, &work, &home);
        let newest = newest_battle_of_r(&db, &home);
        let mut version = Cell::default();
        let cells: Vec<Cell> = ROWS
            .iter()
            .map(|r| {
                let c = measure(&db, &work, &home, r, &newest, &mut version);
                eprintln!("league: {size}: {}: {:.1?} ({:.1}x)", r.label, c.median, c.ratio);
                c
            })
            .collect();
        version.finish();
        columns.push(Column {
            size,
            took,
            bytes,
            stats: stats.trim().to_string(),
            version,
            cells,
        });
    }
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/PERFORMANCE.md");
    let kept = std::fs::read_to_string(&out).unwrap_or_default();
    std::fs::write(&out, report::document(&kept, &columns)).expect("docs/PERFORMANCE.md written");
    eprintln!("league: wrote {}", out.display());
}

/// The newest battle Roster 01 fought, as `ptg --json battle list --roster` lists it (the
/// highest id), for `battle show N`; "1" in a league without battles.
fn newest_battle_of_r(db: &Path, home: &Path) -> String {
    let out = ptg_command(db, home)
        .args(["--json", "battle", "list", "--roster", R])
        .stderr(Stdio::null())
        .output()
        .expect("ptg runs");
    let listed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
    let newest = listed
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|b| b.get("id").and_then(serde_json::Value::as_i64))
        .max();
    eprintln!("league: the newest battle of {R}: {newest:?}");
    newest.unwrap_or(1).to_string()
}

/// `{tmp}/import.json`: the league of `db` with its campaign renamed, exported, so importing
/// it into a copy of `db` is refused nothing and moves every id past the league's own. Done
/// by ptg on a copy (this process stays small: a child's peak memory starts from its parent's).
fn league_file_to_import(db: &Path, work: &Path, home: &Path) {
    let copy = work.join("tmp/renamed.sqlite3");
    fresh_copy(db, &copy);
    let file = work.join("tmp/import.json").display().to_string();
    let renamed = format!("{} (imported)", generate::CAMPAIGN);
    for args in [
        vec!["campaign", "rename", generate::CAMPAIGN, &renamed],
        vec!["export", "-o", &file, "--force"],
    ] {
        let args: Vec<String> = args.into_iter().map(String::from).collect();
        let r = run(&copy, home, &args);
        assert!(!r.killed && r.code == 0, "ptg {args:?} failed");
    }
    assert!(Path::new(&file).exists(), "the league file to import was written");
}

/// Builds a league of `size` into `db` (running this bench as its generator) and says how
/// long it took.
fn generate_league(size: Size, db: &Path, home: &Path) -> Duration {
    let _ = std::fs::remove_file(db);
    eprintln!("league: generating {size} into {}", db.display());
    let start = Instant::now();
    let status = Command::new(std::env::current_exe().expect("own path"))
        .args(["--generate", &size.to_string(), &db.display().to_string()])
        .env("XDG_DATA_HOME", home)
        .env("HOME", home)
        .env_remove("PTG_DATA_DIR")
        .stdout(Stdio::null())
        .status()
        .expect("the generator runs");
    assert!(status.success(), "generating {size} failed");
    let took = start.elapsed();
    eprintln!("league: {size} in {took:.1?}");
    took
}

/// `to` made a copy of `from` (its WAL and shared memory gone), written back to disk: else a
/// write's checkpoint would fsync the whole fresh copy, timing the copy, not the command.
fn fresh_copy(from: &Path, to: &Path) {
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", to.display()));
    }
    std::fs::copy(from, to).expect("copy the league");
    std::fs::File::open(to)
        .and_then(|f| f.sync_all())
        .expect("sync the copy");
}

/// What a command's run may have changed of the database at `db`: each file's length and
/// modification time.
fn stamp(db: &Path) -> Vec<Option<(u64, SystemTime)>> {
    ["", "-wal"]
        .iter()
        .map(|ext| {
            let m = std::fs::metadata(format!("{}{ext}", db.display())).ok()?;
            Some((m.len(), m.modified().ok()?))
        })
        .collect()
}

/// Times `row` alternated with `ptg --version` (whose runs are added to `version`).
fn measure(db: &Path, work: &Path, home: &Path, row: &Row, newest: &str, version: &mut Cell) -> Cell {
    let copy = work.join("run.sqlite3");
    let tmp = work.join("tmp").display().to_string();
    let args: Vec<String> = row
        .args
        .iter()
        .map(|a| a.replace("{tmp}", &tmp).replace("{N}", newest))
        .collect();
    let mut cell = Cell::default();
    let mut copied = None;
    for _ in 0..RUNS {
        if row.writes || copied.as_ref() != Some(&stamp(&copy)) {
            fresh_copy(db, &copy);
            copied = Some(stamp(&copy));
        }
        let v = run(&copy, home, &["--version".to_string()]);
        let r = run(&copy, home, &args);
        version.add(&v, v.took);
        cell.add(&r, v.took);
        if r.took > SLOW {
            break;
        }
    }
    cell.finish();
    cell
}

/// One run of `ptg`.
pub struct Run {
    pub took: Duration,
    pub max_rss_kb: i64,
    pub killed: bool,
    /// Its exit code (-1 when killed by a signal).
    pub code: i32,
}

/// `ptg` on the database `db`, with an empty user data folder and no standard streams.
fn ptg_command(db: &Path, home: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_ptg"));
    c.env("PTG_DB", db)
        .env("XDG_DATA_HOME", home)
        .env("HOME", home)
        .env_remove("PTG_DATA_DIR")
        .stdin(Stdio::null());
    c
}

/// Runs `ptg args` once: wall time, peak resident memory (KB), whether it was killed and its
/// exit code.
// The child is reaped by wait4 (which also gives its own maxrss), not by `Child::wait`.
#[allow(clippy::zombie_processes)]
fn run(db: &Path, home: &Path, args: &[String]) -> Run {
    let start = Instant::now();
    let child = ptg_command(db, home)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("ptg runs");
    let pid = child.id() as libc::pid_t;
    let finished = Arc::new(AtomicBool::new(false));
    let killed = Arc::new(AtomicBool::new(false));
    let watchdog = {
        let (finished, killed) = (finished.clone(), killed.clone());
        std::thread::spawn(move || {
            while !finished.load(Ordering::SeqCst) {
                if start.elapsed() > TIMEOUT {
                    killed.store(true, Ordering::SeqCst);
                    // SAFETY: kill(2) on our own child's pid, not yet reaped (wait4 below).
                    unsafe { libc::kill(pid, libc::SIGKILL) };
                    return;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        })
    };
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value; wait4 fills it for our child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: pid is our child; status and usage are valid for writes.
    unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let took = start.elapsed();
    finished.store(true, Ordering::SeqCst);
    let _ = watchdog.join();
    Run {
        took,
        max_rss_kb: usage.ru_maxrss,
        killed: killed.load(Ordering::SeqCst),
        code: if libc::WIFEXITED(status) {
            libc::WEXITSTATUS(status)
        } else {
            -1
        },
    }
}
