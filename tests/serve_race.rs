//! The league's race chart (issue #32): the league page draws the glory chart in the page
//! (issue 40: its text follows the theme) with a legend of each roster's line;
//! the race page draws a line per roster of its glory earned and renown battle by battle, with
//! the numbers beside it; their last points are the figures `campaign show --json` gives.

mod common;
mod serve_support;

use common::league::{LEAGUE, LEAGUE_FIXTURE};
use serve_support::page;

#[tokio::test]
async fn the_race_ends_where_the_league_table_stands() {
    let p = LEAGUE_FIXTURE.copy();
    let league = page(&p, "/campaigns/1", "").await;
    // Drawn in the page, not an `<img>` (whose text cannot follow the page's theme), with a
    // legend: each roster's line as drawn (its colour class and dashes) beside its name.
    assert!(!league.contains("<img src=\"/campaigns/1/race.svg\""), "{league}");
    assert!(
        league.contains(r#"aria-label="Glory earned, battle by battle"#)
            && league.contains(r#"<polyline class="c0""#)
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
