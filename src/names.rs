//! Matching what a user typed against known names: case-insensitive, with "did you mean"
//! suggestions, so every lookup in ptg fails the same helpful way.

/// Finds `wanted` among `names` (case-insensitive, whitespace-trimmed).
pub fn find<'a, T>(items: &'a [T], wanted: &str, name_of: impl Fn(&T) -> &str) -> Option<&'a T> {
    let w = wanted.trim();
    items.iter().find(|i| name_of(i).eq_ignore_ascii_case(w))
}

/// Up to three names closest to `wanted`, best first, for a "did you mean" hint.
pub fn suggestions<'a>(wanted: &str, names: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let w = wanted.trim().to_lowercase();
    let mut scored: Vec<(f64, &str)> = names
        .into_iter()
        .map(|n| {
            let l = n.to_lowercase();
            let mut score = strsim::jaro_winkler(&w, &l);
            if !w.is_empty() && l.contains(&w) {
                score = score.max(0.9);
            }
            (score, n)
        })
        .filter(|(s, _)| *s >= 0.75)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(3).map(|(_, n)| n.to_string()).collect()
}

/// "unknown faction 'Stormcast': did you mean 'Stormcast Eternals'?" style message.
pub fn unknown<'a>(what: &str, wanted: &str, names: impl IntoIterator<Item = &'a str>) -> String {
    let s = suggestions(wanted, names);
    match s.len() {
        0 => format!("unknown {what} '{wanted}'"),
        _ => format!(
            "unknown {what} '{wanted}': did you mean {}?",
            s.iter()
                .map(|n| format!("'{n}'"))
                .collect::<Vec<_>>()
                .join(" or ")
        ),
    }
}

/// A file-name slug: "Stormcast Eternals" -> "stormcast-eternals", "Dûr Lodge" -> "dûr-lodge".
/// Letters of any script are kept (lower-cased), apostrophes dropped, the rest become hyphens.
pub fn slug(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if c == '\'' || c == '\u{2019}' {
            // "Khaine's" -> "khaines", not "khaine-s".
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_names() {
        let names = ["Stormcast Eternals", "Skaven", "Seraphon"];
        let msg = unknown("faction", "Stormcast Eternal", names);
        assert!(msg.contains("did you mean 'Stormcast Eternals'"), "{msg}");
        assert_eq!(suggestions("Skavn", names), vec!["Skaven".to_string()]);
        assert!(suggestions("Orruks", names).is_empty());
    }

    #[test]
    fn finds_case_insensitively() {
        let names = vec!["Liberators".to_string(), "Vindictors".to_string()];
        assert_eq!(find(&names, " liberators ", |s| s), Some(&names[0]));
        assert_eq!(find(&names, "Prosecutors", |s| s), None);
    }
}
