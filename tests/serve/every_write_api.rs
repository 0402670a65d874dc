//! Every write is a change set (issue 38, item 8), through the API: each writing route adds
//! exactly one change set, and the undo route right after it (the roster's, with its player's
//! token, for a player's command; the campaign's, the organiser's, for the organiser's and a
//! battle's) puts the league's rows back as they were, as `tests/cli/every_write.rs` checks for the
//! CLI.

use crate::common;
use crate::serve_support;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::league::SILKEN;
use common::sets::{change_sets, copy_of, league_rows, newest_command, three_rosters};
use common::{ASHEN_VALE, Fixture, HAMMERS, Ptg, RATS};
use serde_json::{Value, json};
use serve_support::{api_delete, api_post, campaign_id, invite, roster_id, send};

/// Ashen Vale playing realms, favour and sudden death, with Hammers of Dawn, Rat Tide and
/// Silken Host (a Slaanesh roster, which keeps favour) each led by its warlord alone.
static ROSTERS: Fixture = Fixture::new(|| {
    let p = Ptg::new();
    p.ok(&[
        "campaign",
        "new",
        ASHEN_VALE,
        "--option",
        "realms,favour,sudden-death",
    ]);
    for args in three_rosters() {
        p.ok(&args);
    }
    p
});

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
    assert_eq!(
        change_sets(p),
        sets + 1,
        "{method} {uri} adds exactly one change set"
    );
    assert_eq!(
        newest_command(p),
        command,
        "{method} {uri} is logged as {command}"
    );
    let copy = copy_of(p);
    let (undo_uri, undo_token) = undo;
    let before = copy.fingerprint();
    let undone = send(&copy, api_post(undo_uri, Some(undo_token), json!({}))).await;
    match refused {
        None => {
            assert_eq!(
                undone.status,
                StatusCode::OK,
                "{undo_uri} after {uri}: {}",
                undone.body
            );
            assert_eq!(
                league_rows(&copy),
                rows,
                "{undo_uri} right after {method} {uri} reverses it"
            );
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
    common::named(&shown["units"], "warscroll", warscroll)["id"]
        .as_i64()
        .unwrap()
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
    let settings = post(
        format!("{campaign}/settings"),
        &organiser,
        json!({"legends": "on"}),
    );
    step!("campaign set", settings, o_undo);
    let moonclan = json!({"name": "Moonclan Mob", "player": "Bo", "faction": "Gloomspite Gitz",
        "warlord": "Loonboss", "path": "warrior", "ability": "berserker", "realm": "Ghur"});
    let new = post(format!("{campaign}/rosters"), &organiser, moonclan);
    step!("roster new", new, o_undo, Some("cannot remove a roster"));

    // Each player's set-up.
    let add = |token: &str, uri: &str, body: Value| post(format!("{uri}/units"), token, body);
    step!(
        "roster add",
        add(&ht, &hu, json!({"warscroll": "Liberators", "name": "Dawn Guard"})),
        h_undo
    );
    step!(
        "roster add",
        add(&rt, &ru, json!({"warscroll": "Clanrats"})),
        r_undo
    );
    step!(
        "roster add",
        add(&ht, &hu, json!({"warscroll": "Knight-Arcanum"})),
        h_undo
    );
    step!(
        "roster add",
        add(&ht, &hu, json!({"warscroll": "Vindictors"})),
        h_undo
    );
    let vindictors = unit_id(&p, HAMMERS, "Vindictors");
    let remove = (
        "DELETE",
        format!("{hu}/units/{vindictors}"),
        ht.clone(),
        Value::Null,
    );
    step!("roster remove", remove, h_undo);
    let spell = json!({"kind": "spell", "name": "Lightning Blast"});
    step!("roster lore add", post(format!("{hu}/tome"), &ht, spell), h_undo);
    let mirrorshield = json!({"unit": "Knight-Arcanum", "enhancement": "Mirrorshield"});
    step!(
        "roster enhance",
        post(format!("{hu}/enhancements"), &ht, mirrorshield),
        h_undo
    );
    let quest = json!({"quest": "Seek Glory in Battle", "unit": "Dawn Guard"});
    step!("quest start", post(format!("{hu}/quest"), &ht, quest), h_undo);
    let list = json!({"list": "Hedonites of Slaanesh\n* Daemonettes (130)\n"});
    step!("roster import", post(format!("{su}/import"), &st, list), s_undo);
    let favour = json!({"change": 2, "reason": "club rule"});
    step!(
        "roster favour",
        post(format!("{su}/favour"), &organiser, favour),
        o_undo
    );
    // Issue 38, item 8: the realm of origin, undone by its player's own undo.
    for realm in [json!("Ghur"), json!("Aqshy"), Value::Null, json!("Ghur")] {
        let body = json!({ "realm": realm });
        step!("roster realm", post(format!("{hu}/realm"), &ht, body), h_undo);
    }
    let sets = change_sets(&p);
    let same = send(
        &p,
        api_post(&format!("{hu}/realm"), Some(&ht), json!({"realm": "Ghur"})),
    )
    .await;
    assert_eq!(same.status, StatusCode::OK, "{}", same.body);
    assert!(same.body.contains("nothing changed"), "{}", same.body);
    assert_eq!(change_sets(&p), sets);

    // A battle, planned to its aftermaths.
    let plan = json!({"rosters": [h, r], "points": 1000, "battleplan": "The Ruined Settlement",
        "realm": "roll-off", "dice": [6, 1]});
    let b = step!(
        "battle new",
        post("/api/battles".into(), &organiser, plan),
        o_undo
    )["id"]
        .clone();
    let battle = format!("/api/battles/{b}");
    step!(
        "battle realm",
        post(format!("{battle}/realm"), &ht, json!({"realm": "Ghur"})),
        o_undo
    );
    let army = json!({"units": ["Lord-Vigilant on Gryph-stalker", "Dawn Guard"]});
    step!(
        "battle army",
        post(format!("{battle}/army/{h}"), &ht, army),
        h_undo
    );
    let army = json!({"units": ["Grey Seer", "Clanrats"], "dice": [6, 1]});
    step!(
        "battle army",
        post(format!("{battle}/army/{r}"), &rt, army),
        r_undo
    );
    let twist = json!({"round": 2, "underdog": h, "dice": [2]});
    step!(
        "battle twist",
        post(format!("{battle}/twist"), &ht, twist),
        o_undo
    );
    let seer = unit_id(&p, RATS, "Grey Seer");
    let objective = json!({"objective": "Assassinate", "target": seer});
    step!(
        "battle sudden-death",
        post(format!("{battle}/sudden-death/{h}"), &ht, objective),
        o_undo
    );
    let vp = json!({"victory_points": {h.to_string(): 14, r.to_string(): 8}});
    step!(
        "battle result",
        post(format!("{battle}/result"), &organiser, vp),
        o_undo
    );
    let vp = json!({"victory_points": {h.to_string(): 13, r.to_string(): 8}});
    step!(
        "battle result --correct",
        post(format!("{battle}/result/correct"), &organiser, vp),
        o_undo
    );
    let after = json!({"favoured": "Dawn Guard", "dice": [2, 3, 4, 2]});
    step!(
        "aftermath",
        post(format!("{battle}/aftermath/{h}"), &ht, after),
        h_undo
    );
    let after = json!({"favoured": "Clanrats", "dice": [3, 2, 6]});
    step!(
        "aftermath",
        post(format!("{battle}/aftermath/{r}"), &rt, after),
        r_undo
    );
    let rank = json!({"unit": "Dawn Guard", "ability": "battle-fury", "path": "attacker"});
    step!("rank choose", post(format!("{hu}/rank"), &ht, rank), h_undo);

    // The organiser's tidy-up, and a new roster from a list (its creation and its import).
    step!(
        "roster rename",
        post(format!("{ru}/rename"), &rt, json!({"name": "Rat King"})),
        r_undo
    );
    step!(
        "roster delete",
        ("DELETE", su.clone(), organiser.clone(), Value::Null),
        o_undo
    );
    let list = json!({"list": "Gloomspite Gitz\n* Loonboss (90) (General)\n* Moonclan Stabbas (100)\n",
        "player": "Cy", "name": "Stabby Lot", "path": "warrior", "ability": "berserker"});
    let sets = change_sets(&p);
    let made = send(
        &p,
        api_post(&format!("{campaign}/import"), Some(&organiser), list),
    )
    .await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
    assert_eq!(change_sets(&p), sets + 2, "roster new, then roster import");
    let rename = post(
        format!("{campaign}/rename"),
        &organiser,
        json!({"name": "Ashen Peaks"}),
    );
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
    assert_eq!(
        (change_sets(&p), newest_command(&p)),
        (sets + 1, "campaign delete".into())
    );
    p.ok(&["undo", "--campaign", ASHEN_VALE]);
    assert_eq!(league_rows(&p), rows);
}
