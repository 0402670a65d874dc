//! Every write is a change set (issue 38, item 8): each writing command of the CLI adds exactly
//! one change set, history shows it under the command's name, and `ptg undo` right after it
//! puts the league's rows back as they were (or, for a roster's or a campaign's creation, is
//! refused with the database unchanged). The same for every writing route of the API.

mod common;
mod serve_support;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::sets::{change_sets, copy_of, league_rows, newest_command};
use common::{ASHEN_VALE, Fixture, HAMMERS, Ptg, RATS, roster_new};
use serde_json::{Value, json};
use serve_support::{api_delete, api_post, campaign_id, invite, roster_id, send};

const SILKEN: &str = "Silken Host";

/// Ashen Vale playing realms, favour and sudden death, with Hammers of Dawn, Rat Tide and
/// Silken Host (a Slaanesh roster, which keeps favour) each led by its warlord alone.
static ROSTERS: Fixture = Fixture::new(|| {
    let p = Ptg::new();
    p.ok(&["campaign", "new", ASHEN_VALE, "--option", "realms,favour,sudden-death"]);
    for args in rosters() {
        p.ok(&args);
    }
    p
});

/// `roster new` of the three rosters.
fn rosters() -> [Vec<&'static str>; 3] {
    [
        (HAMMERS, "Stormcast Eternals", "Lord-Vigilant on Gryph-stalker", "warrior", "berserker"),
        (RATS, "Skaven", "Grey Seer", "mage", "dedicated-practitioner"),
        (SILKEN, "Hedonites of Slaanesh", "Lord of Pain", "warrior", "berserker"),
    ]
    .map(|(name, faction, warlord, path, ability)| {
        roster_new(name, ASHEN_VALE, faction, warlord, path, ability)
    })
}

/// What `ptg undo` does right after a command.
enum Undo<'a> {
    /// Undo with these arguments takes the league's rows back to what they were before it.
    Reverses(&'a [&'a str]),
    /// Undo is refused with this message, and changes nothing.
    Refused(&'a str),
}

use Undo::{Refused, Reverses};

/// `ptg undo` of the database's latest command.
const UNDO: &[&str] = &["undo", "--yes"];

/// Runs `args` on `p`: one change set more, written as `command`; then, on a copy, what undo
/// does right after it. `p` keeps the command.
fn step(p: &Ptg, command: &str, args: &[&str], undo: Undo) {
    let (sets, rows) = (change_sets(p), league_rows(p));
    p.ok(args);
    assert_eq!(change_sets(p), sets + 1, "{args:?} adds exactly one change set");
    assert_eq!(newest_command(p), command, "{args:?} is logged as {command}");
    let copy = copy_of(p);
    match undo {
        Reverses(how) => {
            copy.ok(how);
            assert_eq!(league_rows(&copy), rows, "{how:?} right after {args:?} reverses it");
            assert_eq!(change_sets(&copy), sets + 2, "the undo is a change set of its own");
        }
        Refused(why) => {
            copy.refused(UNDO, why);
        }
    }
}

/// `ptg undo --roster R`.
fn undo_roster(roster: &str) -> Vec<&str> {
    vec!["undo", "--roster", roster]
}

/// A list file holding `text`, in `p`'s folder.
fn list_file(p: &Ptg, name: &str, text: &str) -> String {
    let file = p.dir.path().join(name);
    std::fs::write(&file, text).expect("write the list");
    file.to_str().unwrap().to_string()
}

/// Every writing command of the CLI, in the order a league uses them: campaign, rosters and
/// their set-up, a battle from planning to both aftermaths, the rank it earned, then the
/// organiser's renames and deletions.
#[test]
fn every_writing_command_is_one_change_set_that_undo_reverses() {
    let p = Ptg::new();
    let campaign = [
        "campaign",
        "new",
        ASHEN_VALE,
        "--option",
        "realms,favour,sudden-death",
    ];
    step(&p, "campaign new", &campaign, Refused("cannot remove a campaign"));
    let legends = ["campaign", "set", ASHEN_VALE, "--legends", "on"];
    step(&p, "campaign set", &legends, Reverses(UNDO));
    // A setting the campaign has already writes nothing, and says so.
    let sets = change_sets(&p);
    p.ok(&legends);
    assert_eq!(change_sets(&p), sets, "nothing changed, nothing logged");

    for new in rosters() {
        step(&p, "roster new", &new, Refused("cannot remove a roster"));
    }

    // Set-up.
    let hammers = undo_roster(HAMMERS);
    let add = ["roster", "add", HAMMERS, "Liberators", "--name", "Dawn Guard"];
    step(&p, "roster add", &add, Reverses(&hammers));
    step(&p, "roster add", &["roster", "add", RATS, "Clanrats"], Reverses(UNDO));
    step(&p, "roster add", &["roster", "add", HAMMERS, "Knight-Arcanum"], Reverses(UNDO));
    step(&p, "roster add", &["roster", "add", HAMMERS, "Vindictors"], Reverses(UNDO));
    let remove = ["roster", "remove", HAMMERS, "Vindictors"];
    step(&p, "roster remove", &remove, Reverses(&hammers));
    let spell = ["roster", "lore", HAMMERS, "add", "spell", "Lightning Blast"];
    step(&p, "roster lore add", &spell, Reverses(&hammers));
    let enhance = ["roster", "enhance", HAMMERS, "Knight-Arcanum", "Mirrorshield"];
    step(&p, "roster enhance", &enhance, Reverses(&hammers));
    let quest = ["quest", "start", HAMMERS, "Seek Glory in Battle", "--unit", "Dawn Guard"];
    step(&p, "quest start", &quest, Reverses(&hammers));
    let silken_list = list_file(&p, "silken.txt", "Hedonites of Slaanesh\n* Daemonettes (130)\n");
    let import = ["roster", "import", silken_list.as_str(), "--into", SILKEN];
    step(&p, "roster import", &import, Reverses(&undo_roster(SILKEN)));
    let favour = ["roster", "favour", SILKEN, "2", "--reason", "club rule"];
    step(&p, "roster favour", &favour, Reverses(UNDO));

    // Issue 38, item 8: the realm of origin, set, changed and cleared, each undone by the
    // roster's own undo (which before took back the roster's previous command instead).
    for realm in [&["Ghur"][..], &["Aqshy"], &["--clear"]] {
        let args = [&["roster", "realm", HAMMERS][..], realm].concat();
        step(&p, "roster realm", &args, Reverses(&hammers));
    }
    step(&p, "roster realm", &["roster", "realm", HAMMERS, "Ghur"], Reverses(&hammers));
    let sets = change_sets(&p);
    let same = p.ok(&["roster", "realm", HAMMERS, "Ghur"]);
    assert!(same.contains("already; nothing changed"), "{same}");
    assert_eq!(change_sets(&p), sets, "the realm it has already: nothing logged");
    let history = p.ok(&["history", "--roster", HAMMERS]);
    assert!(
        history.contains("roster realm: Hammers of Dawn hails from Ghur")
            && history.contains("realm of origin: Aqshy (was Ghur)")
            && history.contains("realm of origin cleared (was Aqshy)"),
        "history shows each realm change:\n{history}"
    );

    // A battle, planned to its aftermaths. Hammers of Dawn (6 models) are outnumbered by Rat
    // Tide (21), so they pick a sudden death objective.
    let plan = [
        "battle",
        "new",
        "--campaign",
        ASHEN_VALE,
        "--points",
        "1000",
        HAMMERS,
        RATS,
        "--battleplan",
        "The Ruined Settlement",
        "--roll-realm",
        "--dice",
        "6,1",
    ];
    step(&p, "battle new", &plan, Reverses(UNDO));
    step(&p, "battle realm", &["battle", "realm", "1", "Ghur"], Reverses(UNDO));
    let army = ["battle", "army", "1", HAMMERS, "Lord-Vigilant on Gryph-stalker", "Dawn Guard"];
    step(&p, "battle army", &army, Reverses(&hammers));
    let army = ["battle", "army", "1", RATS, "Grey Seer", "Clanrats", "--dice", "6,1"];
    step(&p, "battle army", &army, Reverses(&undo_roster(RATS)));
    let twist = ["battle", "twist", "1", "--round", "2", "--underdog", HAMMERS, "--dice", "2"];
    step(&p, "battle twist", &twist, Reverses(UNDO));
    let objective = ["battle", "sudden-death", "1", HAMMERS, "Assassinate", "--target", "Grey Seer"];
    step(&p, "battle sudden-death", &objective, Reverses(UNDO));
    let (h, r) = (format!("{HAMMERS}=14"), format!("{RATS}=8"));
    let result = ["battle", "result", "1", "--vp", &h, "--vp", &r];
    step(&p, "battle result", &result, Reverses(UNDO));
    let aftermath = ["aftermath", "1", HAMMERS, "--favoured", "Dawn Guard", "--dice", "2,3,4,2"];
    step(&p, "aftermath", &aftermath, Reverses(&hammers));
    let aftermath = ["aftermath", "1", RATS, "--favoured", "Clanrats", "--dice", "3,2,6"];
    step(&p, "aftermath", &aftermath, Reverses(&undo_roster(RATS)));
    let rank = ["rank", "choose", HAMMERS, "Dawn Guard", "battle-fury", "--path", "attacker"];
    step(&p, "rank choose", &rank, Reverses(&hammers));

    // The organiser's tidy-up.
    step(&p, "roster rename", &["roster", "rename", RATS, "Rat King"], Reverses(UNDO));
    step(&p, "roster delete", &["roster", "delete", SILKEN], Reverses(UNDO));
    let rename = ["campaign", "rename", ASHEN_VALE, "Ashen Peaks"];
    step(&p, "campaign rename", &rename, Reverses(UNDO));
    let delete = ["campaign", "delete", "Ashen Peaks", "--force"];
    step(&p, "campaign delete", &delete, Reverses(UNDO));

    // Undo itself is one change set (the next undo takes back the command before it).
    let sets = change_sets(&p);
    p.ok(UNDO);
    assert_eq!(change_sets(&p), sets + 1);
    assert_eq!(newest_command(&p), "undo");

    let history = p.ok(&["history"]);
    for command in [
        "campaign new",
        "campaign set",
        "roster new",
        "roster add",
        "roster remove",
        "roster lore add",
        "roster enhance",
        "quest start",
        "roster import",
        "roster favour",
        "roster realm",
        "battle new",
        "battle realm",
        "battle army",
        "battle twist",
        "battle sudden-death",
        "battle result",
        "aftermath",
        "rank choose",
        "roster rename",
        "roster delete",
        "campaign rename",
        "campaign delete",
        "undo",
    ] {
        assert!(history.contains(&format!(" {command}: ")), "history shows {command}");
    }
}

/// `roster import` as a new roster is `roster new` and `roster import` in one transaction: two
/// change sets, so undo takes the list's units back and keeps the roster (whose creation undo
/// refuses, as `roster new`'s).
#[test]
fn importing_a_new_roster_is_its_creation_and_its_import() {
    let p = Ptg::ashen_vale();
    let list = list_file(
        &p,
        "hammers.txt",
        "Stormcast Eternals\n* Lord-Vigilant on Gryph-stalker (120) (General)\n* Liberators (90)\n",
    );
    let mut args = common::import_args(&list);
    args.extend(["--name".into(), HAMMERS.into()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let sets = change_sets(&p);
    p.ok(&args);
    assert_eq!(change_sets(&p), sets + 2);
    assert_eq!(newest_command(&p), "roster import");
    p.ok(&undo_roster(HAMMERS));
    let units = p.json(&["roster", "show", HAMMERS])["units"].clone();
    assert_eq!(units.as_array().map(Vec::len), Some(1), "the warlord stays: {units}");
    p.refused(&undo_roster(HAMMERS), "cannot remove a roster");
}

/// What writes no change set: the server's invites (links to the pages, not league data) and
/// a failed or refused command.
#[test]
fn invites_and_refusals_write_no_change_set() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    let sets = change_sets(&p);
    let made = p.json(&["invite", ASHEN_VALE, "--roster", HAMMERS]);
    p.ok(&["invite", ASHEN_VALE, "--organiser"]);
    let id = made["invite"]["id"].to_string();
    p.ok(&["invite", ASHEN_VALE, "--revoke", &id]);
    p.refused(&["roster", "realm", HAMMERS, "Gh\u{1b}ur"], "realm of origin");
    assert_eq!(change_sets(&p), sets);
}

/// A request with a JSON body, with the token: `POST`, or `DELETE` with a body.
fn request(method: &str, uri: &str, token: &str, body: Value) -> Request<Body> {
    if method == "DELETE" && body.is_null() {
        return api_delete(uri, Some(token));
    }
    if method == "POST" {
        return api_post(uri, Some(token), body);
    }
    Request::delete(uri)
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap()
}

/// The API's [`step`]: `method` `uri` with `body` as `token` gives 200 and one change set more,
/// written as `command`; then, on a copy, `POST undo` (a roster's or the campaign's undo
/// route) as `undo.1` reverses it, or is refused (422) with `refused` and changes nothing.
/// Returns the answer's JSON.
async fn api_step(
    p: &Ptg,
    command: &str,
    (method, uri, token, body): (&str, &str, &str, Value),
    undo: (&str, &str),
    refused: Option<&str>,
) -> Value {
    let (sets, rows) = (change_sets(p), league_rows(p));
    let done = send(p, request(method, uri, token, body)).await;
    assert_eq!(done.status, StatusCode::OK, "{method} {uri}: {}", done.body);
    assert_eq!(change_sets(p), sets + 1, "{method} {uri} adds exactly one change set");
    assert_eq!(newest_command(p), command, "{method} {uri} is logged as {command}");
    let copy = copy_of(p);
    let (undo_uri, undo_token) = undo;
    let before = copy.fingerprint();
    let undone = send(&copy, api_post(undo_uri, Some(undo_token), json!({}))).await;
    match refused {
        None => {
            assert_eq!(undone.status, StatusCode::OK, "{undo_uri} after {uri}: {}", undone.body);
            assert_eq!(league_rows(&copy), rows, "{undo_uri} right after {method} {uri} reverses it");
        }
        Some(why) => {
            assert_eq!(undone.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", undone.body);
            assert!(undone.body.contains(why), "{why:?} in {}", undone.body);
            assert_eq!(copy.fingerprint(), before, "a refused undo changes nothing");
        }
    }
    done.json()
}

/// The id of `roster`'s unit `warscroll`.
fn unit_id(p: &Ptg, roster: &str, warscroll: &str) -> i64 {
    let shown = p.json(&["roster", "show", roster]);
    common::named(&shown["units"], "warscroll", warscroll)["id"].as_i64().unwrap()
}

/// Every writing route of the API, as the CLI's commands above: a player's on their own roster
/// (undone by the roster's undo route with the player's token, as `undo --roster`), the
/// organiser's and a battle's (undone by the campaign's undo route, the organiser's).
#[tokio::test]
async fn every_writing_route_of_the_api_is_one_change_set_that_undo_reverses() {
    let p = ROSTERS.copy();
    let id = campaign_id(&p, ASHEN_VALE);
    let (h, r, s) = (roster_id(&p, HAMMERS), roster_id(&p, RATS), roster_id(&p, SILKEN));
    let organiser = invite(&p, &["--organiser"]);
    let [ht, rt, st] = [HAMMERS, RATS, SILKEN].map(|n| invite(&p, &["--roster", n]));
    let campaign = format!("/api/campaigns/{id}");
    let c_undo = format!("{campaign}/undo");
    let [hu, ru, su] = [h, r, s].map(|id| format!("/api/rosters/{id}"));
    let by = |uri: &str, token: &str| (format!("{uri}/undo"), token.to_string());
    let (hammers_undo, rats_undo, silken_undo) = (by(&hu, &ht), by(&ru, &rt), by(&su, &st));
    let h_undo = (hammers_undo.0.as_str(), hammers_undo.1.as_str());
    let r_undo = (rats_undo.0.as_str(), rats_undo.1.as_str());
    let s_undo = (silken_undo.0.as_str(), silken_undo.1.as_str());
    let o_undo = (c_undo.as_str(), organiser.as_str());
    let post = |uri: String, token: &str, body: Value| ("POST", uri, token.to_string(), body);
    macro_rules! step {
        ($command:expr, $req:expr, $undo:expr) => {
            step!($command, $req, $undo, None)
        };
        ($command:expr, $req:expr, $undo:expr, $refused:expr) => {{
            let (method, uri, token, body) = $req;
            api_step(&p, $command, (method, &uri, &token, body), $undo, $refused).await
        }};
    }

    // The organiser's set-up.
    let settings = post(format!("{campaign}/settings"), &organiser, json!({"legends": "on"}));
    step!("campaign set", settings, o_undo);
    let moonclan = json!({"name": "Moonclan Mob", "player": "Bo", "faction": "Gloomspite Gitz",
        "warlord": "Loonboss", "path": "warrior", "ability": "berserker", "realm": "Ghur"});
    let new = post(format!("{campaign}/rosters"), &organiser, moonclan);
    step!("roster new", new, o_undo, Some("cannot remove a roster"));

    // Each player's set-up.
    let add = |token: &str, uri: &str, body: Value| post(format!("{uri}/units"), token, body);
    step!("roster add", add(&ht, &hu, json!({"warscroll": "Liberators", "name": "Dawn Guard"})), h_undo);
    step!("roster add", add(&rt, &ru, json!({"warscroll": "Clanrats"})), r_undo);
    step!("roster add", add(&ht, &hu, json!({"warscroll": "Knight-Arcanum"})), h_undo);
    step!("roster add", add(&ht, &hu, json!({"warscroll": "Vindictors"})), h_undo);
    let vindictors = unit_id(&p, HAMMERS, "Vindictors");
    let remove = ("DELETE", format!("{hu}/units/{vindictors}"), ht.clone(), Value::Null);
    step!("roster remove", remove, h_undo);
    let spell = json!({"kind": "spell", "name": "Lightning Blast"});
    step!("roster lore add", post(format!("{hu}/tome"), &ht, spell), h_undo);
    let mirrorshield = json!({"unit": "Knight-Arcanum", "enhancement": "Mirrorshield"});
    step!("roster enhance", post(format!("{hu}/enhancements"), &ht, mirrorshield), h_undo);
    let quest = json!({"quest": "Seek Glory in Battle", "unit": "Dawn Guard"});
    step!("quest start", post(format!("{hu}/quest"), &ht, quest), h_undo);
    let list = json!({"list": "Hedonites of Slaanesh\n* Daemonettes (130)\n"});
    step!("roster import", post(format!("{su}/import"), &st, list), s_undo);
    let favour = json!({"change": 2, "reason": "club rule"});
    step!("roster favour", post(format!("{su}/favour"), &organiser, favour), o_undo);
    // Issue 38, item 8: the realm of origin, undone by its player's own undo.
    for realm in [json!("Ghur"), json!("Aqshy"), Value::Null, json!("Ghur")] {
        let body = json!({ "realm": realm });
        step!("roster realm", post(format!("{hu}/realm"), &ht, body), h_undo);
    }
    let sets = change_sets(&p);
    let same = send(&p, api_post(&format!("{hu}/realm"), Some(&ht), json!({"realm": "Ghur"}))).await;
    assert_eq!(same.status, StatusCode::OK, "{}", same.body);
    assert!(same.body.contains("nothing changed"), "{}", same.body);
    assert_eq!(change_sets(&p), sets);

    // A battle, planned to its aftermaths.
    let plan = json!({"rosters": [h, r], "points": 1000, "battleplan": "The Ruined Settlement",
        "realm": "roll-off", "dice": [6, 1]});
    let b = step!("battle new", post("/api/battles".into(), &organiser, plan), o_undo)["id"].clone();
    let battle = format!("/api/battles/{b}");
    step!("battle realm", post(format!("{battle}/realm"), &ht, json!({"realm": "Ghur"})), o_undo);
    let army = json!({"units": ["Lord-Vigilant on Gryph-stalker", "Dawn Guard"]});
    step!("battle army", post(format!("{battle}/army/{h}"), &ht, army), h_undo);
    let army = json!({"units": ["Grey Seer", "Clanrats"], "dice": [6, 1]});
    step!("battle army", post(format!("{battle}/army/{r}"), &rt, army), r_undo);
    let twist = json!({"round": 2, "underdog": h, "dice": [2]});
    step!("battle twist", post(format!("{battle}/twist"), &ht, twist), o_undo);
    let seer = unit_id(&p, RATS, "Grey Seer");
    let objective = json!({"objective": "Assassinate", "target": seer});
    step!("battle sudden-death", post(format!("{battle}/sudden-death/{h}"), &ht, objective), o_undo);
    let vp = json!({"victory_points": {h.to_string(): 14, r.to_string(): 8}});
    step!("battle result", post(format!("{battle}/result"), &organiser, vp), o_undo);
    let after = json!({"favoured": "Dawn Guard", "dice": [2, 3, 4, 2]});
    step!("aftermath", post(format!("{battle}/aftermath/{h}"), &ht, after), h_undo);
    let after = json!({"favoured": "Clanrats", "dice": [3, 2, 6]});
    step!("aftermath", post(format!("{battle}/aftermath/{r}"), &rt, after), r_undo);
    let rank = json!({"unit": "Dawn Guard", "ability": "battle-fury", "path": "attacker"});
    step!("rank choose", post(format!("{hu}/rank"), &ht, rank), h_undo);

    // The organiser's tidy-up, and a new roster from a list (its creation and its import).
    step!("roster rename", post(format!("{ru}/rename"), &rt, json!({"name": "Rat King"})), r_undo);
    step!("roster delete", ("DELETE", su.clone(), organiser.clone(), Value::Null), o_undo);
    let list = json!({"list": "Gloomspite Gitz\n* Loonboss (90) (General)\n* Moonclan Stabbas (100)\n",
        "player": "Cy", "name": "Stabby Lot", "path": "warrior", "ability": "berserker"});
    let sets = change_sets(&p);
    let made = send(&p, api_post(&format!("{campaign}/import"), Some(&organiser), list)).await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
    assert_eq!(change_sets(&p), sets + 2, "roster new, then roster import");
    let rename = post(format!("{campaign}/rename"), &organiser, json!({"name": "Ashen Peaks"}));
    step!("campaign rename", rename, o_undo);
    // Each undo route writes one change set.
    for (uri, token) in [o_undo, h_undo] {
        let sets = change_sets(&p);
        let undone = send(&p, api_post(uri, Some(token), json!({}))).await;
        assert_eq!(undone.status, StatusCode::OK, "{uri}: {}", undone.body);
        assert_eq!((change_sets(&p), newest_command(&p)), (sets + 1, "undo".into()));
    }

    // A campaign deleted is gone from the server, its undo route too: `ptg undo` brings it back.
    let (sets, rows) = (change_sets(&p), league_rows(&p));
    let delete = request("DELETE", &campaign, &organiser, json!({"force": true}));
    let deleted = send(&p, delete).await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.body);
    assert_eq!((change_sets(&p), newest_command(&p)), (sets + 1, "campaign delete".into()));
    p.ok(&["undo", "--campaign", ASHEN_VALE]);
    assert_eq!(league_rows(&p), rows);
}
