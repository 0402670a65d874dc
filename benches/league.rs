//! The league benchmark (issue #16): generates leagues of the given numbers of battles and
//! times each command of the issue's table as a whole `ptg` process against them, writing
//! `docs/PERFORMANCE.md`.
//!
//! ```text
//! cargo bench --bench league -- 100 1000      # sizes in battles; 0 is a league of rosters only
//! ```
//!
//! Each command runs on a fresh copy of the league's database (writes and `undo` change it),
//! with stdout to /dev/null and an empty user data folder; its wall time is the median of
//! [`RUNS`] runs (one run when the first takes over [`SLOW`]), its peak memory the child's
//! maxrss from `wait4`. `ptg --version` is timed the same way in the same run as the yardstick
//! for ratios. A run still going after [`TIMEOUT`] is killed and shown as "> 60 s".
//! `league --generate N DB` builds one league only (the runner runs itself so for each size).
//! With `--reuse`, a league already generated for a size (in the bench's scratch folder) is
//! timed again instead of generated anew: the 10,000-battle league takes ~8 minutes to build.
//! Either way its schema is brought up to date once before timing, so no command's time
//! includes a migration.

#[path = "league/generate.rs"]
mod generate;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

const RUNS: usize = 5;
const SLOW: Duration = Duration::from_secs(3);
const TIMEOUT: Duration = Duration::from_secs(60);
const SEED: u64 = 16;
const R: &str = "Roster 01";
/// The heading of `docs/PERFORMANCE.md`'s section on `ptg serve`, which this bench leaves as it is.
const SERVER_SECTION: &str = "## `ptg serve` under load";

/// The commands of the issue's table: a label, the arguments (`{tmp}` is a scratch folder).
const COMMANDS: &[(&str, &[&str])] = &[
    ("`ptg --version`", &["--version"]),
    ("`undo`", &["undo", "--yes"]),
    ("`audit`", &["audit"]),
    ("`audit --roster R`", &["audit", "--roster", R]),
    ("`history`", &["history"]),
    ("`history --roster R`", &["history", "--roster", R]),
    (
        "`roster sheet R` (PDF)",
        &["roster", "sheet", R, "-o", "{tmp}/sheet.pdf"],
    ),
    (
        "`roster sheet R --format text`",
        &["roster", "sheet", R, "--format", "text", "-o", "{tmp}/sheet.txt"],
    ),
    ("`rolls`", &["rolls"]),
    ("`battle list`", &["battle", "list"]),
    ("`roster show R`", &["roster", "show", R]),
    (
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
    ),
    (
        "`export` (the whole league)",
        &["export", "-o", "{tmp}/export.json", "--force"],
    ),
    (
        "`import` (the league again, every id moved)",
        &["import", "{tmp}/import.json"],
    ),
    ("`faction show Skaven`", &["faction", "show", "Skaven"]),
    ("`faction list`", &["faction", "list"]),
];

/// One command's measurement at one size.
struct Cell {
    median: Duration,
    timed_out: bool,
    max_rss_kb: i64,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    generate::when_asked("league", &args, SEED);
    let reuse = args.iter().any(|a| a == "--reuse");
    let sizes: Vec<usize> = match args
        .iter()
        .filter(|a| *a != "--reuse")
        .map(|a| a.parse())
        .collect::<Result<Vec<_>, _>>()
    {
        Ok(s) if !s.is_empty() => s,
        Ok(_) => vec![100, 1000],
        Err(_) => {
            eprintln!("usage: cargo bench --bench league -- [--reuse] [BATTLES...]");
            std::process::exit(2);
        }
    };
    let work = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("league");
    let home = work.join("home");
    std::fs::create_dir_all(&home).expect("a scratch folder");
    let mut columns = Vec::new();
    for &n in &sizes {
        let db = work.join(format!("league-{n}.sqlite3"));
        // How long generating took is kept beside the league, for the table when reused.
        let took_file = work.join(format!("league-{n}.seconds"));
        let took = match std::fs::read_to_string(&took_file) {
            Ok(secs) if reuse && db.exists() => {
                eprintln!("league: reusing {}", db.display());
                Duration::from_secs_f64(secs.trim().parse().unwrap_or(0.0))
            }
            _ => {
                let took = generate_league(n, &db, &home);
                std::fs::write(&took_file, took.as_secs_f64().to_string()).expect("write the time");
                took
            }
        };
        // Brings the schema up to date (a reused league may predate a migration).
        let (_, _, _) = run(&db, &home, &["roster".into(), "list".into()]);
        let size = std::fs::metadata(&db).map_or(0, |m| m.len());
        eprintln!("league: {n} battles, {} KB", size / 1024);
        league_file_to_import(&db, &work, &home);
        let cells: Vec<Cell> = COMMANDS
            .iter()
            .map(|(label, cmd)| {
                let c = measure(&db, &work, &home, cmd);
                eprintln!("league: {n} battles: {label}: {:.1?}", c.median);
                c
            })
            .collect();
        columns.push((n, took, size, cells));
    }
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/PERFORMANCE.md");
    // The server's section (`benches/serve_load.rs`, written by hand from its output) is kept.
    let kept = std::fs::read_to_string(&out).unwrap_or_default();
    let server = kept.find(SERVER_SECTION).map_or("", |at| &kept[at..]);
    let written = format!("{}\n{server}", report(&columns));
    std::fs::write(&out, written.trim_end().to_string() + "\n").expect("docs/PERFORMANCE.md written");
    eprintln!("league: wrote {}", out.display());
}

/// `{tmp}/import.json`: the league of `db` with its campaign renamed, exported, so importing
/// it into a copy of `db` is refused nothing and moves every id past the league's own. Done
/// by ptg on a copy (this process stays small: a child's peak memory starts from its parent's).
fn league_file_to_import(db: &Path, work: &Path, home: &Path) {
    std::fs::create_dir_all(work.join("tmp")).expect("a scratch folder");
    let copy = work.join("tmp/renamed.sqlite3");
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", copy.display()));
    }
    std::fs::copy(db, &copy).expect("copy the league");
    let file = work.join("tmp/import.json").display().to_string();
    let renamed = format!("{} (imported)", generate::CAMPAIGN);
    for args in [
        vec!["campaign", "rename", generate::CAMPAIGN, &renamed],
        vec!["export", "-o", &file, "--force"],
    ] {
        let args: Vec<String> = args.into_iter().map(String::from).collect();
        let (_, _, killed) = run(&copy, home, &args);
        assert!(!killed, "ptg {args:?} took over a minute");
    }
    assert!(Path::new(&file).exists(), "the league file to import was written");
}

/// Builds a league of `n` battles into `db` (running this bench as its generator) and says how
/// long it took.
fn generate_league(n: usize, db: &Path, home: &Path) -> Duration {
    let _ = std::fs::remove_file(db);
    eprintln!("league: generating {n} battles into {}", db.display());
    let start = Instant::now();
    let status = Command::new(std::env::current_exe().expect("own path"))
        .args(["--generate", &n.to_string(), &db.display().to_string()])
        .env("XDG_DATA_HOME", home)
        .env("HOME", home)
        .env_remove("PTG_DATA_DIR")
        .stdout(Stdio::null())
        .status()
        .expect("the generator runs");
    assert!(status.success(), "generating {n} battles failed");
    let took = start.elapsed();
    eprintln!("league: {n} battles in {took:.1?}");
    took
}

/// Times `cmd` on fresh copies of `db`.
fn measure(db: &Path, work: &Path, home: &Path, cmd: &[&str]) -> Cell {
    let copy = work.join("run.sqlite3");
    let tmp = work.join("tmp");
    std::fs::create_dir_all(&tmp).expect("a scratch folder");
    let args: Vec<String> = cmd
        .iter()
        .map(|a| a.replace("{tmp}", &tmp.display().to_string()))
        .collect();
    let (mut times, mut max_rss_kb, mut timed_out) = (Vec::new(), 0, false);
    for _ in 0..RUNS {
        for ext in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{ext}", copy.display()));
        }
        std::fs::copy(db, &copy).expect("copy the league");
        // Written back to disk before the run: otherwise a write's checkpoint would fsync the
        // whole fresh copy, timing the copy rather than the command.
        std::fs::File::open(&copy)
            .and_then(|f| f.sync_all())
            .expect("sync the copy");
        let (took, rss, killed) = run(&copy, home, &args);
        times.push(took);
        max_rss_kb = max_rss_kb.max(rss);
        timed_out |= killed;
        if took > SLOW {
            break;
        }
    }
    times.sort();
    Cell {
        median: times[times.len() / 2],
        timed_out,
        max_rss_kb,
    }
}

/// Runs `ptg args` once: wall time, peak resident memory (KB) and whether it was killed.
// The child is reaped by wait4 (which also gives its own maxrss), not by `Child::wait`.
#[allow(clippy::zombie_processes)]
fn run(db: &Path, home: &Path, args: &[String]) -> (Duration, i64, bool) {
    let start = Instant::now();
    let child = Command::new(env!("CARGO_BIN_EXE_ptg"))
        .args(args)
        .env("PTG_DB", db)
        .env("XDG_DATA_HOME", home)
        .env("HOME", home)
        .env_remove("PTG_DATA_DIR")
        .stdin(Stdio::null())
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
    (took, usage.ru_maxrss, killed.load(Ordering::SeqCst))
}

fn ms(d: Duration) -> String {
    match d.as_secs_f64() {
        s if s >= 10.0 => format!("{s:.0} s"),
        s if s >= 1.0 => format!("{s:.1} s"),
        s => format!("{:.1} ms", s * 1000.0),
    }
}

/// The table of `docs/PERFORMANCE.md`: command × league size → median, ratio, peak memory.
fn report(columns: &[(usize, Duration, u64, Vec<Cell>)]) -> String {
    let mut t = String::from(
        "# Performance: the league benchmark (issue #16)\n\n\
         Every command timed as a whole process (release build) against a generated league: \
         50 rosters of 10 factions in one campaign, battles between random pairs with armies, \
         results, both aftermaths (favoured warriors, units bought, retirements, quests, an \
         occasional undo), built through ptg's own commands (`benches/league/generate.rs`). \
         Median wall time of up to 5 runs on a fresh copy of the database, its ratio to \
         `ptg --version` timed in the same run, and peak memory (maxrss). \"> 60 s\" was \
         killed after a minute.\n\n\
         Reproduce (sizes in battles; 10,000 takes long):\n\n\
         ```sh\ncargo bench --bench league -- 100 1000 10000\n```\n\n\
         `--reuse` before the sizes times leagues generated by an earlier run again (the \
         10,000-battle one takes ~8 minutes to build).\n\n\
         On a 2-core machine the single milliseconds move with its load; the ratio to \
         `ptg --version` of the same run is the figure to compare. The same table before the \
         store fixes of #16 (whole-log reads: `undo` 17 s and `audit` 31 s at 1,000 battles) \
         is in this file's history (commit f856a68).\n\n\
         Reading it: the league has 50 rosters whatever its size, so each roster has fought \
         about 4, 40 and 400 battles. `roster show`, `undo` and a write cost the same at every \
         size. The sheet, `history --roster` and `audit --roster` show or check the whole of \
         one roster's log, so they grow with that roster's battles (ten times as many from \
         one column to the next), not with the league: `tests/cli/perf_scaling.rs` counts \
         SQLite's steps to hold them equal for one roster's log amid 10 or 40 battles of \
         others. Whole-league `audit`, `history`, `rolls` and `battle list` grow linearly and \
         print as they read, so their memory stays flat. `export` and `import` hold the whole \
         league in memory, and `import` runs the audit of what it imported.\n\n",
    );
    let _ = write!(t, "| command |");
    for (n, ..) in columns {
        let _ = write!(t, " {n} battles |");
    }
    let _ = write!(t, "\n|---|");
    for _ in columns {
        let _ = write!(t, "---|");
    }
    t.push('\n');
    for (i, (label, _)) in COMMANDS.iter().enumerate() {
        let _ = write!(t, "| {label} |");
        for (_, _, _, cells) in columns {
            let (c, base) = (&cells[i], cells[0].median.as_secs_f64());
            let time = if c.timed_out {
                "> 60 s".into()
            } else {
                ms(c.median)
            };
            let ratio = c.median.as_secs_f64() / base;
            let _ = write!(
                t,
                " {time} ({ratio:.1}x), {:.1} MB |",
                c.max_rss_kb as f64 / 1024.0
            );
        }
        t.push('\n');
    }
    t.push_str("\n| league | generation time | database size |\n|---|---|---|\n");
    for (n, took, size, _) in columns {
        let _ = writeln!(
            t,
            "| {n} battles | {} | {:.1} MB |",
            ms(*took),
            *size as f64 / 1048576.0
        );
    }
    t
}
