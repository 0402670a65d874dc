//! `ptg serve`, what a club reads before a league night (issue #20): a campaign's battles, its
//! history and its audit as the CLI gives them, and the league file the organiser downloads,
//! which `ptg import` restores.

use crate::common;
use crate::serve_support;

use axum::http::{StatusCode, header};
use common::league::{LEAGUE, LEAGUE_FIXTURE};
use common::{HAMMERS, Ptg, RATS};
use serve_support::{api_get, campaign_id, invite, roster_id, send};

#[tokio::test]
async fn the_history_and_audit_pages_say_what_the_cli_says() {
    let p = LEAGUE_FIXTURE.copy();
    let id = campaign_id(&p, LEAGUE);
    // More than a page (50) of history: the league table's order changed back and forth.
    let league_sets = p
        .json(&["history", "--campaign", LEAGUE])
        .as_array()
        .unwrap()
        .len();
    for n in league_sets..55 {
        p.ok(&[
            "campaign",
            "set",
            LEAGUE,
            "--standings",
            ["glory", "wins"][(n - league_sets) % 2],
        ]);
    }
    let history = send(&p, api_get(&format!("/campaigns/{id}/history"), None)).await;
    assert_eq!(history.status, StatusCode::OK);
    let sets = p.json(&["history", "--campaign", LEAGUE]);
    let sets = sets.as_array().unwrap();
    assert!(sets.len() > 50, "the league has more than a page of history");
    // The latest 50, each headed as `ptg history` heads it, and a link to the earlier ones.
    let shown: Vec<&serde_json::Value> = sets.iter().rev().take(50).collect();
    for set in &shown {
        let heading = format!("#{} ", set["id"]);
        let summary = maud::html! { (set["summary"].as_str().unwrap()) }.into_string();
        assert!(
            history.body.contains(&heading) && history.body.contains(&summary),
            "{set}"
        );
    }
    let first_shown = shown.last().unwrap()["id"].as_i64().unwrap();
    let older = format!("/campaigns/{id}/history?before={first_shown}");
    assert!(
        history
            .body
            .contains(&format!("{} earlier change sets", sets.len() - 50))
    );
    assert!(history.body.contains(&older.replace('&', "&amp;")));
    let earlier = send(&p, api_get(&older, None)).await.body;
    let oldest_of_page = &sets[sets.len().saturating_sub(100)];
    assert!(earlier.contains(&format!("id=\"set-{}\"", oldest_of_page["id"])));
    assert!(!earlier.contains(&format!("id=\"set-{first_shown}\"")));

    let audit = send(&p, api_get(&format!("/campaigns/{id}/audit"), None)).await;
    assert!(
        audit.body.contains("Every number agrees with its history"),
        "{}",
        audit.body
    );
    // A glory total changed behind ptg's back is found, as `ptg audit` finds it.
    let conn = rusqlite::Connection::open(p.db()).unwrap();
    conn.execute("UPDATE rosters SET glory = glory + 7 WHERE name = ?1", [HAMMERS])
        .unwrap();
    drop(conn);
    let by_cli = p.refused(&["audit", "--campaign", LEAGUE], "finding");
    let audit = send(&p, api_get(&format!("/campaigns/{id}/audit"), None)).await;
    assert!(
        audit.body.contains("Findings") && audit.body.contains(HAMMERS),
        "{}\nv\n{by_cli}",
        audit.body
    );
}

#[tokio::test]
async fn the_organiser_downloads_the_league_file_that_ptg_import_restores() {
    let p = LEAGUE_FIXTURE.copy();
    let id = campaign_id(&p, LEAGUE);
    let player = invite(&p, &["--roster", HAMMERS]);
    let refused = send(
        &p,
        api_get(&format!("/campaigns/{id}/export.json"), Some(&player)),
    )
    .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let organiser = invite(&p, &["--organiser"]);
    let file = send(
        &p,
        api_get(&format!("/campaigns/{id}/export.json"), Some(&organiser)),
    )
    .await;
    assert_eq!(file.status, StatusCode::OK);
    assert_eq!(
        file.headers[header::CONTENT_DISPOSITION],
        "attachment; filename=\"ashen-vale.json\"; filename*=UTF-8''ashen-vale.json"
    );
    let undated = |text: &str| {
        let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
        v["exported_at"] = serde_json::Value::Null;
        v
    };
    let by_cli = p.ok(&["export", "--campaign", LEAGUE]);
    assert_eq!(
        undated(&file.body),
        undated(&by_cli),
        "the same file as `ptg export`"
    );
    let elsewhere = Ptg::new();
    let path = elsewhere.db().with_file_name("league.json");
    std::fs::write(&path, &file.body).unwrap();
    elsewhere.ok(&["import", path.to_str().unwrap()]);
    assert_eq!(
        elsewhere.json(&["campaign", "show", LEAGUE]),
        p.json(&["campaign", "show", LEAGUE])
    );
}

#[tokio::test]
async fn the_battles_page_lists_the_battles_as_battle_list_does() {
    let p = LEAGUE_FIXTURE.copy();
    let id = campaign_id(&p, LEAGUE);
    let html = send(&p, api_get(&format!("/campaigns/{id}/battles"), None))
        .await
        .body;
    let listed = p.json(&["battle", "list", "--campaign", LEAGUE]);
    let ids: Vec<i64> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids.len(), 6, "more than the league page's five recent battles");
    // Newest first, each linked.
    let at: Vec<usize> = ids
        .iter()
        .map(|b| {
            html.find(&format!(r#"href="/battles/{b}""#))
                .unwrap_or_else(|| panic!("battle {b}: {html}"))
        })
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "in `battle list`'s order");
    assert!(
        html.contains(
            "Battle 6</a>: Rat Tide 10 v Silken Host 4 (fought) — aftermath to run: Rat Tide, Silken Host"
        ),
        "{html}"
    );
}

/// Whether `html` links to battle `n`'s page.
fn links_battle(html: &str, n: i64) -> bool {
    html.contains(&format!(r#"href="/battles/{n}""#))
}

#[tokio::test]
async fn a_roster_page_lists_its_newest_ten_battles_and_a_page_of_them_all_pages_on() {
    let p = LEAGUE_FIXTURE.copy();
    // Hammers fought battles 1, 3 and 5; eight more planned against Rat Tide: 7 to 14.
    for _ in 0..8 {
        p.ok(&[
            "battle",
            "new",
            "--campaign",
            LEAGUE,
            "--points",
            "1000",
            "--battleplan",
            "The Ruined Settlement",
            HAMMERS,
            RATS,
        ]);
    }
    let id = roster_id(&p, HAMMERS);
    let page = send(&p, api_get(&format!("/rosters/{id}"), None)).await.body;
    let newest_ten = [14, 13, 12, 11, 10, 9, 8, 7, 5, 3];
    for n in newest_ten {
        assert!(links_battle(&page, n), "battle {n} on the roster's page: {page}");
    }
    assert!(
        !links_battle(&page, 1),
        "the eleventh battle is a link away: {page}"
    );
    let all = format!("/rosters/{id}/battles");
    assert!(page.contains(&format!(r#"href="{all}""#)), "{page}");

    let listed = send(&p, api_get(&all, None)).await.body;
    let at: Vec<usize> = newest_ten
        .iter()
        .chain(&[1])
        .map(|n| {
            listed
                .find(&format!(r#"href="/battles/{n}""#))
                .unwrap_or_else(|| panic!("battle {n}: {listed}"))
        })
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "newest first: {listed}");
    assert!(
        listed.contains("Battle 1</a>: Hammers of Dawn 14 v Rat Tide 8 (fought)"),
        "{listed}"
    );
    assert!(!listed.contains("Older battles"), "one page holds them: {listed}");

    // A page further down starts below the battle it names, and leads back to the newest.
    let older = send(&p, api_get(&format!("{all}?before=5"), None)).await.body;
    assert!(links_battle(&older, 3) && links_battle(&older, 1), "{older}");
    assert!(!links_battle(&older, 5) && !links_battle(&older, 14), "{older}");
    assert!(older.contains(&format!(r#"href="{all}""#)), "{older}");

    // Another campaign's roster, or none, is not found; a cursor that is not a number is a 400.
    assert_eq!(
        send(&p, api_get("/rosters/999/battles", None)).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        send(&p, api_get(&format!("{all}?before=x"), None)).await.status,
        StatusCode::BAD_REQUEST
    );
}
