//! The league page's race (issue #32): each roster's glory earned and total renown, battle by
//! battle, drawn as two small SVG charts on the server (readable without JavaScript), with the
//! same numbers as a table for screen readers and for anyone who would rather read them.

use crate::rules::race::Line;
use maud::{Markup, html};
use std::collections::HashMap;

const PALETTE: [&str; 8] = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2",
];
/// The chart's size in its own units (it scales to the page's width), and its margin.
const W: f64 = 320.0;
const H: f64 = 160.0;
const PAD: f64 = 24.0;

/// Both charts and the table, for `lines` named by `names` (roster id to name).
pub fn race(lines: &[Line], names: &HashMap<i64, String>) -> Markup {
    let named: Vec<(&Line, &str, &str)> = lines
        .iter()
        .enumerate()
        .filter_map(|(i, l)| Some((l, names.get(&l.roster_id)?.as_str(), PALETTE[i % PALETTE.len()])))
        .collect();
    if named.iter().all(|(l, _, _)| l.points.len() < 2) {
        return html! {};
    }
    html! {
        section.race {
            h2 { "The race" }
            (chart("Glory earned", &named, |p| p.1))
            (chart("Renown", &named, |p| p.2))
            ul.legend { @for (_, name, colour) in &named {
                li { span.swatch style={ "background:" (colour) } {} " " (name) }
            } }
            details {
                summary { "The numbers, battle by battle" }
                div.scroll { table {
                    tr { th { "Roster" } th { "Glory earned" } th { "Renown" } }
                    @for (l, name, _) in &named {
                        tr {
                            td { (name) }
                            td { (series(l, |p| p.1)) }
                            td { (series(l, |p| p.2)) }
                        }
                    }
                } }
            }
        }
    }
}

/// "0, 55, 90": the value after each battle, the start first.
fn series(line: &Line, value: fn(&(u32, u64, u64)) -> u64) -> String {
    line.points
        .iter()
        .map(|p| value(p).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// One chart: a line per roster, battles played across, `value` up.
fn chart(title: &str, named: &[(&Line, &str, &str)], value: fn(&(u32, u64, u64)) -> u64) -> Markup {
    let max_x = named
        .iter()
        .flat_map(|(l, _, _)| l.points.iter().map(|p| p.0))
        .max()
        .unwrap_or(0)
        .max(1);
    let max_y = named
        .iter()
        .flat_map(|(l, _, _)| l.points.iter().map(value))
        .max()
        .unwrap_or(0)
        .max(1);
    let at = |x: u32, y: u64| {
        (
            PAD + (W - 2.0 * PAD) * f64::from(x) / f64::from(max_x),
            H - PAD - (H - 2.0 * PAD) * (y as f64) / (max_y as f64),
        )
    };
    html! {
        figure {
            svg viewBox={ "0 0 " (W) " " (H) } role="img" aria-label={ (title) ", battle by battle (the numbers are in the table below)" } {
                title { (title) }
                line x1=(PAD) y1=(H - PAD) x2=(W - PAD) y2=(H - PAD) stroke="currentColor" stroke-opacity="0.4" {}
                line x1=(PAD) y1=(PAD) x2=(PAD) y2=(H - PAD) stroke="currentColor" stroke-opacity="0.4" {}
                text x=(PAD + 2.0) y=(PAD - 6.0) font-size="11" fill="currentColor" { (max_y) }
                text x=(W - PAD) y=(H - 6.0) font-size="11" text-anchor="end" fill="currentColor" { (max_x) " battles" }
                @for (l, name, colour) in named {
                    @let points: Vec<String> = l.points.iter().map(|p| {
                        let (x, y) = at(p.0, value(p));
                        format!("{x:.1},{y:.1}")
                    }).collect();
                    polyline fill="none" stroke=(colour) stroke-width="2" points=(points.join(" "))
                        data-roster=(name) data-values=(series(l, value)) {}
                }
            }
            figcaption { (title) }
        }
    }
}
