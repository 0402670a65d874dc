//! The league's race chart (issue #32): the league page shows the glory chart as an image
//! whose colours follow the theme (issue 40), with a legend of each roster's line beside it;
//! the race page draws a line per roster of its glory earned and renown battle by battle, with
//! the numbers beside it; their last points are the figures `campaign show --json` gives.

use crate::common;
use crate::serve_support;

use common::league::{LEAGUE, LEAGUE_FIXTURE};
use serve_support::page;

#[tokio::test]
async fn the_race_ends_where_the_league_table_stands() {
    let p = LEAGUE_FIXTURE.copy();
    let league = page(&p, "/campaigns/1", "").await;
    // An image (the league page reads nothing of the race: it costs the same in a league's
    // tenth year as on its first night), with a legend: each roster's line as drawn (its
    // colour class and dashes) beside its name.
    assert!(
        league.contains(r#"<img src="/campaigns/1/race.svg?legend=false""#)
            && league.contains(r#"<ul class="legend">"#),
        "{league}"
    );
    for s in p.json(&["campaign", "show", LEAGUE])["standings"]
        .as_array()
        .unwrap()
    {
        let name = s["roster"].as_str().unwrap();
        let legend = &league[league.find(r#"<ul class="legend">"#).unwrap()..];
        assert!(
            legend.contains(&format!("</svg> {name}</li>")),
            "{name} in {legend}"
        );
    }
    let svg = page(&p, "/campaigns/1/race.svg", "").await;
    assert!(
        svg.starts_with("<svg xmlns=") && svg.contains("<polyline"),
        "{svg}"
    );
    // Its colours set in it for both themes, the lines by the same class as the legend's.
    assert!(
        svg.contains("@media (prefers-color-scheme:dark)") && svg.contains(".c0{stroke:#6cb4ee}"),
        "{svg}"
    );
    let bare = page(&p, "/campaigns/1/race.svg?legend=false", "").await;
    for s in p.json(&["campaign", "show", LEAGUE])["standings"]
        .as_array()
        .unwrap()
    {
        let name = s["roster"].as_str().unwrap();
        let class = &league[..league.find(&format!("</svg> {name}</li>")).unwrap()];
        let class = &class[class.rfind("class=\"c").unwrap()..];
        let class = &class[..class.find(' ').unwrap()];
        // The legend's swatch and the image's line of each roster are drawn alike.
        assert!(
            bare.contains(&format!(r#"<polyline {class}"#))
                && bare.contains(&format!(r#"data-roster="{name}""#)),
            "{name}: {class} in {bare}"
        );
        assert!(svg.contains(&format!(">{name}</text>")), "{name} under the image");
        assert!(
            !bare.contains(&format!(">{name}</text>")),
            "no names in the bare image"
        );
    }
    let html = page(&p, "/campaigns/1/race", "").await;
    assert!(html.contains("<svg") && html.contains("The race"), "{html}");
    let standings = p.json(&["campaign", "show", LEAGUE])["standings"].clone();
    for s in standings.as_array().unwrap() {
        let roster = s["roster"].as_str().unwrap();
        for (chart, figure) in [("Glory earned", "glory_earned"), ("Renown", "renown")] {
            // The chart's polyline for this roster: its values after each battle.
            let svg_at = html
                .find(&format!(r#"aria-label="{chart}, battle by battle"#))
                .unwrap();
            let line_at = svg_at
                + html[svg_at..]
                    .find(&format!(r#"data-roster="{roster}""#))
                    .unwrap();
            let values = &html[line_at..];
            let values = &values[values.find("data-values=\"").unwrap() + 13..];
            let values: Vec<u64> = values[..values.find('"').unwrap()]
                .split(", ")
                .map(|v| v.parse().unwrap())
                .collect();
            assert_eq!(values.last().copied(), s[figure].as_u64(), "{roster}'s {chart}");
        }
    }
    // Battle by battle: the Hammers fought battles 1, 3 and 5, so their line has four points.
    assert!(
        html.contains(r#"data-roster="Hammers of Dawn" data-values="0, "#),
        "{html}"
    );
}

/// The race is kept between views (it reads the league's whole past) and redrawn as soon as
/// anything is written, by the server or by the CLI on the same file.
#[tokio::test]
async fn a_kept_race_is_redrawn_after_a_write() {
    let p = LEAGUE_FIXTURE.copy();
    let app = serve_support::served_with_setup(&p, None);
    // Each roster's glory line as the race page draws it.
    let lines = |html: &str| -> Vec<(String, String)> {
        let glory = &html[html
            .find(r#"aria-label="Glory earned, battle by battle"#)
            .unwrap()..];
        let glory = &glory[..glory.find(r#"aria-label="Renown, battle by battle"#).unwrap()];
        glory
            .split(r#"data-roster=""#)
            .skip(1)
            .map(|l| {
                let (name, rest) = l.split_once('"').unwrap();
                let values = rest.split("data-values=\"").nth(1).unwrap();
                (name.to_string(), values[..values.find('"').unwrap()].to_string())
            })
            .collect()
    };
    let before = lines(&serve_support::get_via(&app, "/campaigns/1/race", "").await.body);
    let again = lines(&serve_support::get_via(&app, "/campaigns/1/race", "").await.body);
    assert_eq!(again, before, "the same race from the same server");
    // Battle 6's aftermath run from the CLI: the Rat Tide's major victory earns glory.
    p.ok(&[
        "aftermath",
        "6",
        "Rat Tide",
        "--favoured",
        "Clanrats",
        "--dice",
        "1,1,1",
    ]);
    let after = lines(&serve_support::get_via(&app, "/campaigns/1/race", "").await.body);
    assert_ne!(after, before, "the new glory is in the race");
    for s in p.json(&["campaign", "show", LEAGUE])["standings"]
        .as_array()
        .unwrap()
    {
        let (_, values) = after
            .iter()
            .find(|(n, _)| n == s["roster"].as_str().unwrap())
            .unwrap();
        assert!(
            values.ends_with(&s["glory_earned"].to_string()),
            "{values} against {s}"
        );
    }
}

/// The image is asked for again on every view of the league page: until something is written
/// it is a 304, one indexed read.
#[tokio::test]
async fn the_race_image_is_not_modified_until_something_is_written() {
    let p = LEAGUE_FIXTURE.copy();
    let app = serve_support::served_with_setup(&p, None);
    let first = serve_support::get_via(&app, "/campaigns/1/race.svg?legend=false", "").await;
    let tag = first.headers["etag"].to_str().unwrap().to_string();
    assert_eq!(first.headers["cache-control"], "private, no-cache");
    let asked = |tag: String| {
        axum::http::Request::get("/campaigns/1/race.svg?legend=false")
            .header("if-none-match", tag)
            .body(axum::body::Body::empty())
            .unwrap()
    };
    let again = serve_support::send_via(&app, asked(tag.clone())).await;
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());
    p.ok(&[
        "aftermath",
        "6",
        "Rat Tide",
        "--favoured",
        "Clanrats",
        "--dice",
        "1,1,1",
    ]);
    let after = serve_support::send_via(&app, asked(tag.clone())).await;
    assert_eq!(after.status, 200, "a new race after the aftermath");
    assert_ne!(after.headers["etag"].to_str().unwrap(), tag);
}
