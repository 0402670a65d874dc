//! The league generator: 50 rosters of 10 factions in one campaign, then battles between
//! random pairs with armies, results and both aftermaths (favoured warriors, units bought,
//! retirements, quests, now and then an undo and the aftermath again), until N battles.
//! A size written `400r` is the other kind of league (issue #42): Roster 01 fights every one
//! of the 400 battles, each against another roster drawn at random.
//!
//! Rosters turn over as real ones do: an aftermath buys a unit three times in four (of a
//! warscroll the roster had before too: a second unit of it is bought under a name of its own,
//! "Clanrats 2", once the first, unnamed, has left the Order of Battle), and once the Order of Battle holds
//! more than [`MAX_UNITS`] units besides the warlord the oldest go into retirement. So after
//! hundreds of battles a roster has retired most of the units it ever had, while what it
//! fields stays a playable size. What Roster 01 became is written beside the league
//! (`DB.stats`, one line) for the bench's table.
//!
//! Each step is a `ptg` command run in this process through `ptg::cli::run`, the same entry
//! the binary and `ptg demo` use, so the league is built by the operations layer with the
//! checks a player's commands get (no SQL here). Dice are seeded from the league's seed, so
//! a size and seed always give the same league. A step the rules refuse (not enough glory for
//! a unit, say) is counted and the generator carries on with a plainer choice.

use clap::Parser;
use ptg::catalogue::{Catalogue, Faction, Warscroll};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};

const ROSTERS: usize = 50;
const FACTIONS: usize = 10;
pub const CAMPAIGN: &str = "League";
/// An aftermath undone and run again, while the league is small (kept so leagues generated
/// before and after the store fixes of #16 are the same).
const UNDO_UNTIL: usize = 200;
/// The most units besides the warlord a roster keeps on its Order of Battle: an aftermath
/// that buys the one over it retires the oldest.
const MAX_UNITS: usize = 11;

/// A league's size: its battles, and whether one roster fights them all (`400r`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Size {
    pub battles: usize,
    pub one_roster: bool,
}

impl std::str::FromStr for Size {
    type Err = String;
    fn from_str(s: &str) -> Result<Size, String> {
        let (digits, one_roster) = match s.strip_suffix('r') {
            Some(d) => (d, true),
            None => (s, false),
        };
        let battles = digits
            .parse()
            .map_err(|_| format!("'{s}' is not a league size: battles (1000), or 400r for one roster's"))?;
        Ok(Size { battles, one_roster })
    }
}

impl std::fmt::Display for Size {
    /// `1000` or `400r`, as it is typed (and names the league's files).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.battles, if self.one_roster { "r" } else { "" })
    }
}

/// A roster as the generator tracks it: its units that can take the field.
struct Side {
    name: String,
    warlord: String,
    /// The live Order of Battle, oldest first, each unit as commands name it (its own name,
    /// or its warscroll for the first unit of one): the warlord first.
    units: Vec<String>,
    /// Warscrolls of its faction it may buy (not HEROes).
    shop: Vec<String>,
    /// Units ever bought of each warscroll, retired ones included (names a second one).
    bought: std::collections::HashMap<String, usize>,
    /// Battles fought.
    fought: usize,
}

struct Gen {
    db: PathBuf,
    rng: ChaCha8Rng,
    commands: usize,
    refused: usize,
}

impl Gen {
    /// Runs one command; `false` when ptg refused it.
    fn ptg(&mut self, args: &[String]) -> bool {
        self.commands += 1;
        let parsed =
            ptg::cli::Cli::try_parse_from(std::iter::once("ptg".to_string()).chain(args.iter().cloned()));
        let ok = match parsed {
            Ok(mut cli) => {
                cli.db = Some(self.db.clone());
                cli.data_dir = None;
                let r = ptg::cli::run(cli);
                if let (Err(e), Some(_)) = (&r, std::env::var_os("PTG_LEAGUE_VERBOSE")) {
                    eprintln!("league: ptg {}: {e}", args.join(" "));
                }
                r.is_ok()
            }
            Err(e) => {
                eprintln!("league: {args:?} does not parse: {e}");
                false
            }
        };
        if !ok {
            self.refused += 1;
        }
        ok
    }

    fn seed(&mut self) -> [String; 2] {
        ["--seed".into(), self.rng.random_range(0..1u64 << 40).to_string()]
    }
}

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|x| x.to_string()).collect()
}

/// Builds the league of `battles` battles in the (new) database `db`.
/// `BENCH --generate BATTLES DB` (the bench running itself to build a league in a process of
/// its own): builds it and exits. Any other arguments: returns, for the bench to run.
pub fn when_asked(bench: &str, args: &[String], seed: u64) {
    if args.first().map(String::as_str) != Some("--generate") {
        return;
    }
    let (Some(n), Some(db)) = (args.get(1).and_then(|n| n.parse::<Size>().ok()), args.get(2)) else {
        eprintln!("usage: {bench} --generate BATTLES[r] DB");
        std::process::exit(2);
    };
    if let Err(e) = league(Path::new(db), n, seed) {
        eprintln!("{bench}: {e}");
        std::process::exit(1);
    }
    std::process::exit(0);
}

pub fn league(db: &Path, size: Size, seed: u64) -> Result<(), String> {
    let battles = size.battles;
    let cat = Catalogue::bundled().map_err(|e| e.to_string())?;
    let mut g = Gen {
        db: db.to_path_buf(),
        rng: ChaCha8Rng::seed_from_u64(seed),
        commands: 0,
        refused: 0,
    };
    if !g.ptg(&s(&["campaign", "new", CAMPAIGN])) {
        return Err("the campaign could not be created".into());
    }
    // Factions with a warlord a campaign without Legends takes, ten spread over the list.
    let all = cat.factions().map_err(|e| e.to_string())?;
    let playable: Vec<_> = all
        .into_iter()
        .map(|(f, _)| f)
        .filter(|f| f.units.iter().any(|w| is_hero(w) && can_lead(w)))
        .collect();
    if playable.len() < FACTIONS {
        return Err("fewer than ten bundled factions have a warlord".into());
    }
    let mut sides = Vec::new();
    for i in 0..ROSTERS {
        let faction = playable[(i % FACTIONS) * playable.len() / FACTIONS];
        if let Some(side) = setup(&mut g, i, faction) {
            sides.push(side);
        }
    }
    if sides.len() < 2 {
        return Err("fewer than two rosters could be created".into());
    }
    let (mut done, mut unplanned) = (0, 0);
    while done < battles {
        let a = if size.one_roster {
            0
        } else {
            g.rng.random_range(0..sides.len())
        };
        let b = (a + g.rng.random_range(1..sides.len())) % sides.len();
        if battle(&mut g, &mut sides, a, b, done)? {
            done += 1;
        } else {
            unplanned += 1;
            if unplanned > 1000 {
                return Err(format!("after {done} battles, 1000 battles could not be planned"));
            }
        }
    }
    eprintln!(
        "league: {} rosters, {battles} battles, {} commands ({} refused and retried plainer)",
        sides.len(),
        g.commands,
        g.refused
    );
    let r = &sides[0];
    // The warlord and every unit bought, retired ones included.
    let ever = 1 + r.bought.values().sum::<usize>();
    let stats = format!(
        "{}: {} battles, {} units on its Order of Battle, {} retired of {ever} ever had",
        r.name,
        r.fought,
        r.units.len(),
        ever - r.units.len()
    );
    eprintln!("league: {stats}");
    std::fs::write(format!("{}.stats", db.display()), stats).map_err(|e| e.to_string())?;
    Ok(())
}

/// Creates roster `i` of `faction`: the cheapest warlord the rules take, three units, a quest.
fn is_hero(w: &Warscroll) -> bool {
    w.keywords.iter().any(|k| k == "HERO")
}

/// A warlord the rules may take: not Legends, not UNIQUE, within the warlord's points.
fn can_lead(w: &Warscroll) -> bool {
    !w.legends && !w.anvil_of_apotheosis && w.points <= 350 && !w.keywords.iter().any(|k| k == "UNIQUE")
}

fn setup(g: &mut Gen, i: usize, faction: &Faction) -> Option<Side> {
    let name = format!("Roster {:02}", i + 1);
    let usable = |w: &&Warscroll| !w.legends && !w.anvil_of_apotheosis;
    let mut heroes: Vec<_> = faction
        .units
        .iter()
        .filter(|w| is_hero(w) && can_lead(w))
        .collect();
    heroes.sort_by_key(|w| w.points);
    let mut shop: Vec<String> = faction
        .units
        .iter()
        .filter(usable)
        .filter(|w| !is_hero(w) && w.points <= 300)
        .map(|w| w.name.clone())
        .collect();
    shop.sort();
    let warlord = heroes.iter().take(6).find_map(|w| {
        let args = s(&[
            "roster",
            "new",
            &name,
            "--campaign",
            CAMPAIGN,
            "--player",
            &format!("Player {}", i + 1),
            "--faction",
            &faction.name,
            "--warlord",
            &w.name,
            "--path",
            "warrior",
            "--ability",
            "berserker",
        ]);
        g.ptg(&args).then(|| w.name.clone())
    })?;
    let mut units = vec![warlord.clone()];
    let mut bought = std::collections::HashMap::new();
    let mut tries = 0;
    while units.len() < 4 && tries < 8 && !shop.is_empty() {
        tries += 1;
        let w = shop[g.rng.random_range(0..shop.len())].clone();
        if !units.contains(&w) && g.ptg(&s(&["roster", "add", &name, &w])) {
            bought.insert(w.clone(), 1);
            units.push(w);
        }
    }
    g.ptg(&s(&["quest", "start", &name, "Search for the Artefact"]));
    Some(Side {
        name,
        warlord,
        units,
        shop,
        bought,
        fought: 0,
    })
}

/// One battle between sides `a` and `b`, to the end of both aftermaths; `false` if ptg
/// refused to plan it.
fn battle(g: &mut Gen, sides: &mut [Side], a: usize, b: usize, done: usize) -> Result<bool, String> {
    let mut store = ptg::ops::open_store(Some(&g.db)).map_err(|e| e.to_string())?;
    let id = ptg::ops::battle::next_id(&mut store)
        .map_err(|e| e.to_string())?
        .to_string();
    drop(store);
    let (na, nb) = (sides[a].name.clone(), sides[b].name.clone());
    let mut args = s(&[
        "battle",
        "new",
        "--campaign",
        CAMPAIGN,
        "--points",
        "1000",
        &na,
        &nb,
    ]);
    args.extend(g.seed());
    if !g.ptg(&args) {
        return Ok(false);
    }
    let mut armies = Vec::new();
    for side in [&sides[a], &sides[b]] {
        // The warlord and three more: a HERO leads at most so many in its regiment.
        let wanted: Vec<String> = side.units.iter().take(4).cloned().collect();
        let mut args = s(&["battle", "army", &id, &side.name]);
        args.extend(wanted.iter().cloned());
        args.extend(g.seed());
        let army = if g.ptg(&args) {
            wanted
        } else {
            let mut args = s(&["battle", "army", &id, &side.name, &side.warlord]);
            args.extend(g.seed());
            if !g.ptg(&args) {
                return Err(format!("battle {id}: {} cannot field its warlord", side.name));
            }
            vec![side.warlord.clone()]
        };
        armies.push(army);
    }
    let mut args = s(&["battle", "result", &id]);
    for n in [&na, &nb] {
        args.extend(["--vp".into(), format!("{n}={}", g.rng.random_range(0..30))]);
    }
    let plain = args.clone();
    // Quest points only count for some quests: refused, the result goes in without them.
    if g.rng.random_range(0..4) == 0 {
        args.extend(["--quest-points".into(), format!("{na}=1")]);
    }
    if armies[1].len() > 1 && g.rng.random_range(0..3) == 0 {
        args.extend(["--destroyed".into(), armies[1][1].clone()]);
    }
    if !g.ptg(&args) && !g.ptg(&plain) {
        return Err(format!("battle {id}: the result was refused"));
    }
    // Now and then a player runs an aftermath, takes it back and runs it again.
    if done < UNDO_UNTIL && done % 25 == 24 {
        let mut args = s(&["aftermath", &id, &nb]);
        if let Some(f) = armies[1].iter().find(|u| **u != sides[b].warlord) {
            args.extend(["--favoured".into(), f.clone()]);
        }
        args.extend(g.seed());
        if g.ptg(&args) {
            g.ptg(&s(&["undo", "--roster", &nb, "--yes"]));
        }
    }
    for (i, side) in [a, b].into_iter().enumerate() {
        sides[side].fought += 1;
        aftermath(g, &mut sides[side], &id, &armies[i]);
    }
    Ok(true)
}

/// A side's aftermath: favoured warriors, three times in four a unit bought (the oldest units
/// retired when that takes the Order of Battle over its size); refused choices are dropped
/// one by one.
fn aftermath(g: &mut Gen, side: &mut Side, id: &str, army: &[String]) {
    let favoured = army.iter().find(|u| **u != side.warlord).cloned();
    // The unit bought, as commands will name it, its warscroll and the name it is bought
    // under. Not while the first unit of that warscroll, unnamed, is on the Order of Battle:
    // its warscroll would then name two units.
    let shop: Vec<&String> = side.shop.iter().filter(|w| !side.units.contains(w)).collect();
    let buy = (g.rng.random_range(0..4) != 0 && !shop.is_empty())
        .then(|| shop[g.rng.random_range(0..shop.len())].clone())
        .map(|w| match side.bought.get(&w).copied().unwrap_or(0) {
            0 => (w.clone(), w, None),
            had => {
                let name = format!("{w} {}", had + 1);
                (name.clone(), w, Some(name))
            }
        });
    // The oldest units but the warlord (and the favoured, named in this same aftermath) go
    // when the one bought takes the Order of Battle over its size.
    let over = (side.units.len() - 1 + usize::from(buy.is_some())).saturating_sub(MAX_UNITS);
    let retire: Vec<String> = side
        .units
        .iter()
        .filter(|u| **u != side.warlord && Some(*u) != favoured.as_ref())
        .take(over)
        .cloned()
        .collect();
    let seed = g.seed();
    let attempts = [(buy.clone(), retire.clone()), (None, Vec::new())];
    for (buy, retire) in attempts {
        let mut args = s(&["aftermath", id, &side.name]);
        if let Some(f) = &favoured {
            args.extend(["--favoured".into(), f.clone()]);
        }
        if let Some((_, w, name)) = &buy {
            args.extend(["--add-unit".into(), w.clone()]);
            if let Some(name) = name {
                args.extend(["--add-name".into(), name.clone()]);
            }
        }
        if !retire.is_empty() {
            args.push("--retire".into());
            args.extend(retire.iter().cloned());
        }
        args.extend(seed.iter().cloned());
        if g.ptg(&args) {
            if let Some((unit, w, _)) = buy {
                side.units.push(unit);
                *side.bought.entry(w).or_insert(0) += 1;
            }
            side.units.retain(|x| !retire.contains(x));
            break;
        }
    }
    if g.rng.random_range(0..4) == 0 {
        let quest = ["Search for the Artefact", "Seek Glory in Battle"][g.rng.random_range(0..2)];
        let mut args = s(&["quest", "start", &side.name, quest]);
        if quest == "Seek Glory in Battle" {
            args.extend(["--unit".into(), side.warlord.clone()]);
        }
        g.ptg(&args);
    }
}
