//! Two databases that took the same steps, one through the web's pages and one through the
//! `ptg` binary, compared as the CLI's `--json` shows them.

use super::Ptg;
use serde_json::Value;

/// Asserts `web` and `cli` answer each of `reads` (a reading command's arguments, `--json`
/// added) the same, once undated.
pub fn assert_same_league(web: &Ptg, cli: &Ptg, reads: &[&[&str]]) {
    for args in reads {
        let (w, c) = (undated(web.json(args)), undated(cli.json(args)));
        assert!(w == c, "ptg {args:?} differs:\nweb: {w:#}\ncli: {c:#}");
    }
}

/// `v` without its `created_at` fields, wherever they are: when a row was written is the clock
/// of the moment each database ran the step (the web's a few seconds before or after the
/// CLI's), the only thing that may differ. Every id stays: both databases start empty and take
/// the same steps in the same order, so every row has the same id in both (the web's invites,
/// sessions and join links are kept in tables of their own that no reading command shows).
pub fn undated(mut v: Value) -> Value {
    match &mut v {
        Value::Object(map) => {
            map.remove("created_at");
            for field in map.values_mut() {
                *field = undated(field.take());
            }
        }
        Value::Array(items) => {
            for item in items.iter_mut() {
                *item = undated(item.take());
            }
        }
        _ => {}
    }
    v
}
