//! Shared harness for end-to-end tests: a throw-away database and data folder per test, the
//! `ptg` binary, a fingerprint of the whole database to prove refusals change nothing, and
//! fixtures: states built once per test binary by running the real commands, copied for each
//! test that starts from them.

#![allow(dead_code)]

pub mod league;
pub mod sets;
pub mod twin;
pub mod wastes;

use assert_cmd::Command;
use std::path::PathBuf;
use std::sync::OnceLock;
use tempfile::TempDir;

pub struct Ptg {
    pub dir: TempDir,
}

impl Ptg {
    pub fn new() -> Ptg {
        Ptg {
            dir: tempfile::tempdir().expect("temp dir"),
        }
    }

    /// A test database that is a copy of `tests/fixtures/NAME` (a database of an earlier
    /// schema).
    pub fn from_fixture(name: &str) -> Ptg {
        let p = Ptg::new();
        std::fs::copy(fixture(name), p.db()).expect("copy the fixture");
        p
    }

    pub fn db(&self) -> PathBuf {
        self.dir.path().join("ptg.sqlite3")
    }

    /// `ptg` with this test's database, and a home of its own so no user data leaks in.
    pub fn cmd(&self, args: &[&str]) -> Command {
        let mut c = Command::cargo_bin("ptg").expect("ptg binary");
        c.args(args)
            .env("PTG_DB", self.db())
            .env("HOME", self.dir.path())
            .env("XDG_DATA_HOME", self.dir.path().join("xdg"))
            .env_remove("PTG_DATA_DIR")
            // Tables keep their natural width whatever terminal the tests run from.
            .env_remove("COLUMNS");
        c
    }

    /// `ptg` as a plain process with this test's database and home, for tests that pipe its
    /// input, wait on its prompts or kill it.
    pub fn process(&self, args: &[&str]) -> std::process::Command {
        let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_ptg"));
        c.args(args)
            .env("PTG_DB", self.db())
            .env("HOME", self.dir.path())
            .env("XDG_DATA_HOME", self.dir.path().join("xdg"))
            .env_remove("PTG_DATA_DIR")
            // Tables keep their natural width whatever terminal the tests run from.
            .env_remove("COLUMNS");
        c
    }

    /// Runs `args`, expects success, returns stdout.
    pub fn ok(&self, args: &[&str]) -> String {
        let out = self.cmd(args).output().expect("ptg runs");
        let stdout = String::from_utf8_lossy(&out.stdout).to_string();
        let stderr = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(out.status.success(), "ptg {args:?} failed:\n{stdout}\n{stderr}");
        stdout
    }

    /// Runs `args` as JSON, expects success, parses stdout.
    pub fn json(&self, args: &[&str]) -> serde_json::Value {
        let mut all = args.to_vec();
        all.push("--json");
        serde_json::from_str(&self.ok(&all)).expect("valid JSON")
    }

    /// Runs `args`, expects exit 1 with `expected` in stderr, and the database unchanged.
    pub fn refused(&self, args: &[&str], expected: &str) -> String {
        self.refused_cmd(self.cmd(args), 1, expected)
    }

    /// Runs a prepared command (e.g. with input), expects exit `code` with `expected` in
    /// stderr, and the database unchanged.
    pub fn refused_cmd(&self, mut cmd: Command, code: i32, expected: &str) -> String {
        let before = self.fingerprint();
        let out = cmd.output().expect("ptg runs");
        let stderr = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(
            out.status.code(),
            Some(code),
            "{cmd:?} should be refused with exit {code}; stderr:\n{stderr}"
        );
        assert!(
            stderr.contains(expected),
            "{cmd:?}: expected {expected:?} in:\n{stderr}"
        );
        assert_eq!(
            before,
            self.fingerprint(),
            "{cmd:?} was refused but changed the database"
        );
        stderr
    }

    /// Folds the write-ahead log into the database file, so that a copy of that one file holds
    /// every committed change.
    pub fn checkpoint(&self) {
        let conn = rusqlite::Connection::open(self.db()).expect("open db");
        let busy: i64 = conn
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| r.get(0))
            .expect("checkpoint");
        assert_eq!(busy, 0, "the checkpoint of {} was blocked", self.db().display());
        drop(conn);
        let mut wal = self.db().into_os_string();
        wal.push("-wal");
        let left = std::fs::metadata(&wal).map_or(0, |m| m.len());
        assert_eq!(left, 0, "{wal:?} still holds {left} bytes after the checkpoint");
    }

    /// Asserts this database and `other` hold the same `rosters` (`roster show`) and the same
    /// battle `battle` (`battle show`, but for when it was planned: the two are played a moment
    /// apart).
    pub fn assert_same_play(&self, other: &Ptg, rosters: &[&str], battle: &str) {
        let p = self;
        for roster in rosters {
            assert_eq!(
                p.json(&["roster", "show", roster]),
                other.json(&["roster", "show", roster]),
                "{roster}"
            );
        }
        let undated = |db: &Ptg| {
            let mut v = db.json(&["battle", "show", battle]);
            v["created_at"] = serde_json::Value::Null;
            v
        };
        assert_eq!(undated(p), undated(other), "battle {battle}");
    }

    /// Every row of every table (the server's secret aside), in a stable order.
    pub fn fingerprint(&self) -> String {
        if !self.db().exists() {
            return String::new();
        }
        let conn = rusqlite::Connection::open(self.db()).expect("open db");
        let mut tables: Vec<String> = conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        // The server's secret (made once, by the first sign-in or join page a server shows)
        // is the server's, not the league's: showing a page changes nothing of the league.
        tables.retain(|t| !t.starts_with("sqlite_") && t != "server_secret");
        let mut out = String::new();
        for t in tables {
            let mut stmt = conn
                .prepare(&format!("SELECT * FROM \"{t}\" ORDER BY 1"))
                .unwrap();
            let cols = stmt.column_count();
            let rows = stmt
                .query_map([], |r| {
                    let mut line = Vec::new();
                    for i in 0..cols {
                        let v: rusqlite::types::Value = r.get(i)?;
                        line.push(format!("{v:?}"));
                    }
                    Ok(line.join("|"))
                })
                .unwrap();
            for row in rows {
                out.push_str(&format!("{t}: {}\n", row.unwrap()));
            }
        }
        out
    }
}

/// A named database state built once per test binary, the first time a test asks for it, by
/// running the real commands (`build`); every test then gets a copy of its own. The commands
/// are the ones each test used to run itself, in the same order, so every id is the same.
///
/// ```ignore
/// static FOUGHT: Fixture = Fixture::new(|| {
///     let p = Ptg::ashen_vale();
///     // ...
///     p
/// });
/// let p = FOUGHT.copy();
/// ```
pub struct Fixture {
    build: fn() -> Ptg,
    database: OnceLock<Vec<u8>>,
}

impl Fixture {
    pub const fn new(build: fn() -> Ptg) -> Fixture {
        Fixture {
            build,
            database: OnceLock::new(),
        }
    }

    /// A test database (in a temp folder and home of its own) holding a copy of the state.
    pub fn copy(&self) -> Ptg {
        let p = Ptg::new();
        self.copy_into(&p);
        p
    }

    /// Writes a copy of the state as `p`'s database, which must not exist yet.
    pub fn copy_into(&self, p: &Ptg) {
        let bytes = self.database.get_or_init(|| {
            // The built database (and its temp folder) is dropped once its bytes are kept.
            let built = (self.build)();
            built.checkpoint();
            std::fs::read(built.db()).expect("read the built database")
        });
        assert!(!p.db().exists(), "{} already exists", p.db().display());
        std::fs::write(p.db(), bytes).expect("write the copy of the database");
    }
}

/// Arguments of `ptg roster new`: roster `name` in `campaign`, led by `warlord` of `faction` on
/// `path` with that Path's first `ability`.
pub fn roster_new<'a>(
    name: &'a str,
    campaign: &'a str,
    faction: &'a str,
    warlord: &'a str,
    path: &'a str,
    ability: &'a str,
) -> Vec<&'a str> {
    vec![
        "roster",
        "new",
        name,
        "--campaign",
        campaign,
        "--player",
        "Ana",
        "--faction",
        faction,
        "--warlord",
        warlord,
        "--path",
        path,
        "--ability",
        ability,
    ]
}

/// The campaign most end-to-end tests play in, and its two rosters.
pub const ASHEN_VALE: &str = "Ashen Vale";
pub const HAMMERS: &str = "Hammers of Dawn";
pub const RATS: &str = "Rat Tide";

impl Ptg {
    /// A fresh database holding the campaign Ashen Vale (Ascension).
    pub fn ashen_vale() -> Ptg {
        let p = Ptg::new();
        p.ok(&["campaign", "new", ASHEN_VALE]);
        p
    }

    /// Hammers of Dawn: Stormcast Eternals led by a Lord-Vigilant on Gryph-stalker on the
    /// Warrior Path (Berserker).
    pub fn new_hammers(&self) {
        self.ok(&roster_new(
            HAMMERS,
            ASHEN_VALE,
            "Stormcast Eternals",
            "Lord-Vigilant on Gryph-stalker",
            "warrior",
            "berserker",
        ));
    }

    /// Plans battle `n` in Ashen Vale between Hammers of Dawn and Rat Tide on `battleplan` at
    /// `points`. Who picks roles waits for both armies (see `small_battle`).
    /// Battle 1 (The Ruined Settlement) planned between Hammers of Dawn (Lord-Vigilant,
    /// Liberators) and Rat Tide (Grey Seer, Clanrats), both armies recorded; the roll-off for
    /// territories scripted 6 to 1 for the Hammers.
    pub fn plan_small_battle(&self, points: &str) {
        let p = self;
        p.plan_battle(points, "The Ruined Settlement");
        p.ok(&[
            "battle",
            "army",
            "1",
            HAMMERS,
            "Lord-Vigilant on Gryph-stalker",
            "Liberators",
        ]);
        p.ok(&[
            "battle",
            "army",
            "1",
            RATS,
            "Grey Seer",
            "Clanrats",
            "--dice",
            "6,1",
        ]);
    }

    pub fn plan_battle(&self, points: &str, battleplan: &str) {
        self.ok(&battle_new_args(points, battleplan));
    }

    /// Hammers of Dawn (Lord-Vigilant, Liberators) and Rat Tide (Grey Seer, Clanrats) in
    /// Ashen Vale, with battle 1 (1000 points, The Ruined Settlement) planned and both whole
    /// rosters recorded as its armies. Both generals have the same renown, so the roll-off for
    /// territories is scripted: 6 for the Hammers, 1 for the Rat Tide.
    pub fn small_battle() -> Ptg {
        Ptg::small_battle_with(&[])
    }

    /// `small_battle` in an Ashen Vale created with `campaign_args` too (e.g. its options).
    pub fn small_battle_with(campaign_args: &[&str]) -> Ptg {
        Ptg::small_battle_at("1000", campaign_args)
    }

    /// `small_battle` at `points`, in an Ashen Vale created with `campaign_args` too.
    pub fn small_battle_at(points: &str, campaign_args: &[&str]) -> Ptg {
        let p = Ptg::new();
        p.ok(&[&["campaign", "new", ASHEN_VALE][..], campaign_args].concat());
        p.new_hammers();
        p.new_rats();
        p.ok(&["roster", "add", HAMMERS, "Liberators"]);
        p.ok(&["roster", "add", RATS, "Clanrats"]);
        p.plan_small_battle(points);
        p
    }

    /// Rat Tide: Skaven led by a Grey Seer on the Mage Path (Dedicated Practitioner).
    /// Hammers of Dawn add reinforced Liberators named "Dawn Guard" (180 points).
    pub fn add_dawn_guard(&self) {
        self.ok(&[
            "roster",
            "add",
            HAMMERS,
            "Liberators",
            "--reinforced",
            "--name",
            "Dawn Guard",
        ]);
    }

    /// A campaign with two rosters of a warlord and three units each:
    /// Hammers of Dawn: Lord-Vigilant on Gryph-stalker (120), Liberators (90, 5 models),
    /// Knight-Arcanum (120, 1 model), Vindictors (90, 5 models) = 420 points.
    /// Rat Tide: Grey Seer (110), Clanrats (150), Stormvermin (110), Warlock Engineer (100).
    pub fn four_units_each() -> Ptg {
        let p = Ptg::ashen_vale();
        p.new_hammers();
        p.new_rats();
        for w in ["Liberators", "Knight-Arcanum", "Vindictors"] {
            p.ok(&["roster", "add", HAMMERS, w]);
        }
        for w in ["Clanrats", "Stormvermin", "Warlock Engineer"] {
            p.ok(&["roster", "add", RATS, w]);
        }
        p
    }

    pub fn new_rats(&self) {
        self.ok(&roster_new(
            RATS,
            ASHEN_VALE,
            "Skaven",
            "Grey Seer",
            "mage",
            "dedicated-practitioner",
        ));
    }
}

/// The element of a JSON array whose `key` is `value`.
pub fn named<'a>(list: &'a serde_json::Value, key: &str, value: &str) -> &'a serde_json::Value {
    list.as_array()
        .expect("a JSON array")
        .iter()
        .find(|v| v[key] == value)
        .unwrap_or_else(|| panic!("no element with {key} = {value:?} in {list}"))
}

/// `roster import FILE` as a new roster in Ashen Vale for Ana, its warlord on the Warrior Path
/// (Berserker).
pub fn import_args(file: &str) -> Vec<String> {
    [
        "roster",
        "import",
        file,
        "--campaign",
        ASHEN_VALE,
        "--player",
        "Ana",
        "--path",
        "warrior",
        "--ability",
        "berserker",
    ]
    .map(String::from)
    .to_vec()
}

/// The path of `tests/fixtures/NAME`.
pub fn fixture(name: &str) -> PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// `battle new` in Ashen Vale between Hammers of Dawn and Rat Tide on `battleplan` at `points`.
pub fn battle_new_args<'a>(points: &'a str, battleplan: &'a str) -> Vec<&'a str> {
    vec![
        "battle",
        "new",
        "--campaign",
        ASHEN_VALE,
        "--points",
        points,
        HAMMERS,
        RATS,
        "--battleplan",
        battleplan,
    ]
}

/// A small checkout in the test's folder: the real game system, lores and the Skaven
/// catalogues only, copied from the BSData checkout `bsdata`.
pub fn skaven_checkout(p: &Ptg, bsdata: &std::path::Path) -> PathBuf {
    let dir = p.dir.path().join("checkout");
    std::fs::create_dir_all(&dir).expect("checkout folder");
    for f in [
        "Age of Sigmar 4.0.gst",
        "Lores.cat",
        "Skaven - Library.cat",
        "Skaven.cat",
    ] {
        std::fs::copy(bsdata.join(f), dir.join(f)).expect("copy a catalogue");
    }
    dir
}

/// The BSData checkout the importer tests read: `PTG_BSDATA`, else `../shared/bsdata` beside
/// the project. When it is absent the test is skipped with a note saying why (a fresh clone
/// may have no `../shared`); when `PTG_BSDATA` names it explicitly (CI does), a missing
/// checkout fails the test instead, so CI never skips them silently.
pub fn bsdata_checkout(test: &str) -> Option<PathBuf> {
    let (dir, explicit) = match std::env::var_os("PTG_BSDATA") {
        Some(d) if !d.is_empty() => (PathBuf::from(d), true),
        _ => (
            PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/bsdata")),
            false,
        ),
    };
    if dir.join("Age of Sigmar 4.0.gst").is_file() {
        return Some(dir);
    }
    assert!(
        !explicit,
        "PTG_BSDATA={} holds no BSData checkout (no \"Age of Sigmar 4.0.gst\")",
        dir.display()
    );
    // Written past the test harness's capture, so a skipped test is seen in a normal run.
    let note = format!(
        "note: {test}: skipped: no BSData checkout at {} (set PTG_BSDATA to one to run it)\n",
        dir.display()
    );
    let _ = std::io::Write::write_all(&mut std::io::stderr(), note.as_bytes());
    None
}
