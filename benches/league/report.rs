//! The league benchmark's table: each row's times at each league size against its goal, and
//! `docs/PERFORMANCE.md` written around it (the server's section kept as it is).

use super::{MAX_RSS_MB, ROWS, Run};
use crate::generate::Size;
use std::fmt::Write as _;
use std::time::Duration;

/// What starts the sections of `docs/PERFORMANCE.md` this bench leaves as they are, after its
/// table: the first second-level heading (the tables kept from before, `ptg serve`'s).
const KEPT_SECTIONS: &str = "\n## ";

/// A row's goal, as issue #42's table gives it.
#[derive(Debug, Clone, Copy)]
pub enum Goal {
    /// At most this many times `ptg --version`.
    Ratio(f64),
    /// At most this many times `ptg --version` for a page of its output.
    Page(f64),
    /// At most this many seconds.
    Seconds(f64),
    /// None given.
    None,
}

impl Goal {
    fn text(self) -> String {
        match self {
            Goal::Ratio(x) => format!("{x}x"),
            Goal::Page(x) => format!("{x}x a page"),
            Goal::Seconds(s) => format!("{s} s"),
            Goal::None => "—".into(),
        }
    }

    /// Whether `cell` misses it.
    fn missed(self, cell: &Cell) -> bool {
        match self {
            Goal::Ratio(x) | Goal::Page(x) => cell.timed_out || cell.ratio > x,
            Goal::Seconds(s) => cell.timed_out || cell.median.as_secs_f64() > s,
            Goal::None => false,
        }
    }
}

/// One command's measurement at one league size.
#[derive(Default)]
pub struct Cell {
    times: Vec<Duration>,
    ratios: Vec<f64>,
    pub median: Duration,
    /// The median of the ratios of its runs to the `ptg --version` run just before each.
    pub ratio: f64,
    pub timed_out: bool,
    pub max_rss_kb: i64,
    /// An exit code other than 0 that a run ended with (e.g. `roster check` finding a broken
    /// rule), shown in the cell.
    pub code: i32,
}

impl Cell {
    /// Adds one run, timed after a `ptg --version` run that took `version`.
    pub fn add(&mut self, r: &Run, version: Duration) {
        self.times.push(r.took);
        self.ratios
            .push(r.took.as_secs_f64() / version.as_secs_f64().max(1e-9));
        self.max_rss_kb = self.max_rss_kb.max(r.max_rss_kb);
        self.timed_out |= r.killed;
        if r.code != 0 && !r.killed {
            self.code = r.code;
        }
    }

    /// Works the medians out of the runs added.
    pub fn finish(&mut self) {
        self.times.sort();
        self.ratios.sort_by(f64::total_cmp);
        self.median = self.times.get(self.times.len() / 2).copied().unwrap_or_default();
        self.ratio = self
            .ratios
            .get(self.ratios.len() / 2)
            .copied()
            .unwrap_or_default();
    }
}

/// One league's figures.
pub struct Column {
    pub size: Size,
    pub took: Duration,
    pub bytes: u64,
    /// What Roster 01 became (the generator's line), or nothing for a league generated
    /// before it wrote one.
    pub stats: String,
    pub version: Cell,
    pub cells: Vec<Cell>,
}

fn ms(d: Duration) -> String {
    match d.as_secs_f64() {
        s if s >= 10.0 => format!("{s:.0} s"),
        s if s >= 1.0 => format!("{s:.1} s"),
        s => format!("{:.1} ms", s * 1000.0),
    }
}

/// 10000 as "10,000".
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn heading(size: Size) -> String {
    if size.one_roster {
        format!("one roster, {} battles", thousands(size.battles))
    } else {
        format!("{} battles", thousands(size.battles))
    }
}

/// A cell: time, ratio and memory, each marked ✗ when it misses its goal.
fn cell_text(c: &Cell, goal: Goal) -> String {
    let time = if c.timed_out {
        "> 60 s".into()
    } else {
        ms(c.median)
    };
    let miss = if goal.missed(c) { " ✗" } else { "" };
    let mb = c.max_rss_kb as f64 / 1024.0;
    let mb_miss = if mb > MAX_RSS_MB { " ✗" } else { "" };
    let code = if c.code != 0 {
        format!(" (exit {})", c.code)
    } else {
        String::new()
    };
    format!("{time} ({:.1}x){miss}, {mb:.1} MB{mb_miss}{code}", c.ratio)
}

const INTRO: &str = "\
# Performance: the league benchmark (issues #16 and #42)

Every command timed as a whole process (release build) against a generated league: 50 rosters \
of 10 factions in one campaign, battles with armies, results, both aftermaths (favoured \
warriors, units bought, the oldest retired once an Order of Battle holds 11 units besides the \
warlord, quests, an occasional undo), built through ptg's own commands \
(`benches/league/generate.rs`). \"N battles\" are fought between random pairs (each roster \
fights about N/25); in \"one roster, 400 battles\" Roster 01 fought all 400, each against \
another drawn at random. R is Roster 01 in every league, N the newest battle it fought.

Each command is timed alternated pair by pair with `ptg --version` (one `--version` run, one \
command run, 11 times; once when its first run takes over 3 s): the time is the median of its \
11 runs, the ratio the median of the 11 pairs' ratios, so both sides of a ratio saw the same \
load; peak memory is the largest maxrss of its runs. Commands that may write (and `audit`, \
which may keep what it verified) run on a fresh copy of the league each time. Before timing, \
the league's schema is brought up to date and `ptg audit` run once, as in a league whose \
organiser has audited it before: the audit rows time what the next audit checks, `audit \
--full` the replay of everything. \"> 60 s\" was \
killed after a minute. The goal column is issue #42's; ✗ marks a time that misses it, or a \
peak memory over 30 MB. \"(exit 1)\" is a command that refused (`roster check` finding a \
broken rule).

Reproduce (sizes in battles, `400r` for one roster's 400; 10,000 takes long to generate):

```sh
cargo bench --bench league -- 1000 400r 10000
cargo bench --bench league -- --reuse 1000 400r 10000   # time the leagues generated before again
```

The leagues are kept in the target folder's `tmp/league/` (`league-10000.sqlite3`, \
`league-400r.sqlite3`, ...). On a 2-core machine the single milliseconds move with its load; \
the ratio to `ptg --version` is the figure to compare. The table before the store fixes of #16 \
is in this file's history (commit f856a68), the one of #16's end in commit d894e21.

";

/// `docs/PERFORMANCE.md`: the table of `columns`, then the sections of `kept` (the file as it
/// was) from its first second-level heading on: written by hand, such as the table measured
/// before a change and `ptg serve`'s section from `benches/serve_load.rs`'s output.
pub fn document(kept: &str, columns: &[Column]) -> String {
    let mut t = String::from(INTRO);
    let _ = write!(t, "| command |");
    for c in columns {
        let _ = write!(t, " {} |", heading(c.size));
    }
    let _ = write!(t, " goal |\n|---|");
    for _ in columns {
        let _ = write!(t, "---|");
    }
    t.push_str("---|\n| `ptg --version` |");
    for c in columns {
        let _ = write!(t, " {} |", cell_text(&c.version, Goal::None));
    }
    t.push_str(" |\n");
    for (i, row) in ROWS.iter().enumerate() {
        let _ = write!(t, "| {} |", row.label);
        for c in columns {
            let _ = write!(t, " {} |", cell_text(&c.cells[i], row.goal));
        }
        let _ = writeln!(t, " {} |", row.goal.text());
    }
    let missed = |c: &Column| {
        ROWS.iter()
            .zip(&c.cells)
            .filter(|(r, x)| r.goal.missed(x))
            .count()
    };
    let with_goal = ROWS.iter().filter(|r| !matches!(r.goal, Goal::None)).count();
    t.push_str("\n| league | generation time | database size | rows missing their goal | Roster 01 |\n");
    t.push_str("|---|---|---|---|---|\n");
    for c in columns {
        let _ = writeln!(
            t,
            "| {} | {} | {:.1} MB | {} of {with_goal} | {} |",
            heading(c.size),
            ms(c.took),
            c.bytes as f64 / 1048576.0,
            missed(c),
            if c.stats.is_empty() { "—" } else { &c.stats }
        );
    }
    let sections = kept.find(KEPT_SECTIONS).map_or("", |at| &kept[at + 1..]);
    format!("{t}\n{sections}").trim_end().to_string() + "\n"
}
