//! Where the imported data came from: the origin, commit and date recorded in every faction's
//! [`Source`], read from the checkout's PROVENANCE.md or its `.git` folder.

use crate::catalogue::faction::Source;
use std::path::Path;

/// Origin recorded in every imported faction's [`Source`].
pub const ORIGIN: &str = "BSData/age-of-sigmar-4th";

/// Commit and date of the checkout: from PROVENANCE.md ("at commit 6c4bfee (2026-08-18"),
/// else the commit from `.git/HEAD`, else empty.
pub(super) fn provenance(dir: &Path) -> Source {
    let mut source = Source {
        origin: ORIGIN.to_string(),
        commit: String::new(),
        date: String::new(),
        catalogue: String::new(),
        revision: 0,
    };
    if let Ok(text) = std::fs::read_to_string(dir.join("PROVENANCE.md"))
        && let Some((commit, date)) = parse_provenance(&text)
    {
        source.commit = commit;
        source.date = date;
        return source;
    }
    if let Some(commit) = git_head(&dir.join(".git")) {
        source.commit = commit.chars().take(7).collect();
    }
    source
}

/// Finds "commit <hex>" and a following "(YYYY-MM-DD" in free text.
pub(super) fn parse_provenance(text: &str) -> Option<(String, String)> {
    let at = text.find("commit ")?;
    let rest = &text[at + "commit ".len()..];
    let commit: String = rest.chars().take_while(|c| c.is_ascii_hexdigit()).collect();
    if commit.len() < 7 {
        return None;
    }
    let after = &rest[commit.len()..];
    let date = after
        .trim_start()
        .strip_prefix('(')
        .map(|d| d.chars().take(10).collect::<String>())
        .filter(|d| is_iso_date(d))
        .unwrap_or_default();
    Some((commit, date))
}

fn is_iso_date(d: &str) -> bool {
    let b = d.as_bytes();
    b.len() == 10
        && b.iter().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                *c == b'-'
            } else {
                c.is_ascii_digit()
            }
        })
}

/// The commit `.git/HEAD` points at (loose or packed ref), if cheaply readable.
fn git_head(git: &Path) -> Option<String> {
    let head = std::fs::read_to_string(git.join("HEAD")).ok()?;
    let head = head.trim();
    let Some(reference) = head.strip_prefix("ref:").map(str::trim) else {
        return Some(head.to_string()).filter(|h| h.chars().all(|c| c.is_ascii_hexdigit()));
    };
    if let Ok(hash) = std::fs::read_to_string(git.join(reference)) {
        return Some(hash.trim().to_string());
    }
    let packed = std::fs::read_to_string(git.join("packed-refs")).ok()?;
    packed
        .lines()
        .find_map(|l| l.strip_suffix(reference).map(|h| h.trim().to_string()))
        .filter(|h| !h.is_empty())
}
