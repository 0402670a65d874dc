//! End-to-end: user data files whose numbers are out of range are refused when they load,
//! naming the file and the field, before any command can act on them (issue 13).

use crate::common;

use common::{ASHEN_VALE, HAMMERS, Ptg, RATS, roster_new};

/// A faction whose only HERO costs `points`.
fn giant_host(points: &str) -> String {
    format!(
        r#"
name = "Giant Host"
[source]
origin = "hand-written test data"

[[units]]
name = "Colossus"
points = {points}
unit_size = 1
reinforceable = true
keywords = ["HERO"]
"#
    )
}

/// Writes `text` as `sub/file` under a fresh data folder of `p`, returning the folder.
fn data_dir(p: &Ptg, sub: &str, file: &str, text: &str) -> String {
    let dir = p.dir.path().join("mydata");
    std::fs::create_dir_all(dir.join(sub)).unwrap();
    std::fs::write(dir.join(sub).join(file), text).unwrap();
    dir.display().to_string()
}

fn ascension() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/battlepacks/ascension.toml"
    ))
    .unwrap()
}

/// Ashen Vale with both rosters, ready to plan a battle.
fn two_rosters() -> Ptg {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.new_rats();
    p
}

fn battle_new(dir: &str) -> Vec<&str> {
    vec![
        "--data-dir",
        dir,
        "battle",
        "new",
        "--campaign",
        ASHEN_VALE,
        "--points",
        "1000",
        HAMMERS,
        RATS,
        "--dice",
        "6,1,3",
    ]
}

#[test]
fn a_battlepack_without_battleplans_is_refused_not_a_panic() {
    let p = two_rosters();
    let text = ascension();
    let cut = text.find("[[battleplans]]").unwrap();
    let end = text.find("[[battlefield_sizes]]").unwrap();
    let text = format!("battleplans = []\n{}{}", &text[..cut], &text[end..]);
    let dir = data_dir(&p, "battlepacks", "ascension.toml", &text);
    let err = p.refused(&battle_new(&dir), "battleplans: must not be empty");
    assert!(err.contains("ascension.toml"), "{err}");
}

#[test]
fn a_twist_table_that_misses_a_roll_is_refused() {
    let p = two_rosters();
    let text = ascension();
    // Battleplan 1's third twist covers the roll of 3 on its D3: move it to 4.
    let third = text.find("rolls = [3, 3]").unwrap();
    let text = format!("{}rolls = [4, 4]{}", &text[..third], &text[third + 14..]);
    let dir = data_dir(&p, "battlepacks", "ascension.toml", &text);
    p.refused(&battle_new(&dir), "no twist for a roll of 3 on D3");
}

#[test]
fn absurd_glory_and_dice_in_a_battlepack_are_refused() {
    let p = two_rosters();
    let text = ascension()
        .replace("fought = 30\n", "fought = 4000000000\n")
        .replace("survived_renown = \"D3\"", "survived_renown = \"1000000D6\"");
    let dir = data_dir(&p, "battlepacks", "ascension.toml", &text);
    let err = p.refused(
        &battle_new(&dir),
        "glory.bands[0].fought: 4000000000 is out of range; use 0 to 1000",
    );
    assert!(err.contains("aftermath.survived_renown: '1000000D6'"), "{err}");
}

#[test]
fn a_unit_of_2_147_483_648_points_cannot_wrap_the_points_limit() {
    let p = Ptg::ashen_vale();
    let dir = data_dir(&p, "factions", "giant.toml", &giant_host("2147483648"));
    let mut args = vec!["--data-dir", &dir];
    args.extend(roster_new(
        "Giants",
        ASHEN_VALE,
        "Giant Host",
        "Colossus",
        "warrior",
        "berserker",
    ));
    let err = p.refused(&args, "units[0] (Colossus).points: 2147483648 is out of range");
    assert!(
        err.contains("giant.toml") && err.contains("use 0 to 10000"),
        "{err}"
    );
    p.refused(
        &["--data-dir", &dir, "faction", "show", "Giant Host"],
        "2147483648 is out of range",
    );
}

#[test]
fn a_unit_of_10000_points_loads_and_is_held_to_the_limit() {
    let p = Ptg::ashen_vale();
    let dir = data_dir(&p, "factions", "giant.toml", &giant_host("10000"));
    let mut args = vec!["--data-dir", &dir];
    args.extend(roster_new(
        "Giants",
        ASHEN_VALE,
        "Giant Host",
        "Colossus",
        "warrior",
        "berserker",
    ));
    p.refused(&args, "costs 10000 points; a warlord may cost at most 350");
}
