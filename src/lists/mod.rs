//! Army lists as players hold them (issue #18): the official app's text export, New Recruit's
//! text exports and files (`.ros`, `.rosz`, `.json`), and listbot/forum text. Each parser turns
//! bytes into one [`ParsedList`]: names as printed, nothing matched against the catalogue yet
//! (`rules::import` does that), and every line accounted for — read as an entry, ignored on
//! purpose (headers, footers, battle traits) or not understood. No I/O: the caller reads the
//! file or stdin.

use serde::Serialize;

/// The formats ptg reads, detected from the content (`--format` forces one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// The official Warhammer Age of Sigmar app's text export.
    App,
    /// New Recruit's text export (full or simple).
    NewRecruitText,
    /// A New Recruit / BattleScribe roster file (`.ros`, XML).
    Ros,
    /// A zipped roster file (`.rosz`).
    Rosz,
    /// New Recruit's JSON export.
    NewRecruitJson,
    /// ptg's own JSON list (`roster export --format json`).
    PtgJson,
    /// Listbot-style and forum text: pipes, `(120)`, `120 pts`, `[120]`, bullets, `3x`.
    Forum,
}

impl Format {
    pub fn as_str(self) -> &'static str {
        match self {
            Format::App => "app",
            Format::NewRecruitText => "new-recruit-text",
            Format::Ros => "ros",
            Format::Rosz => "rosz",
            Format::NewRecruitJson => "new-recruit-json",
            Format::PtgJson => "ptg-json",
            Format::Forum => "forum",
        }
    }
}

/// A list as read, before matching.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ParsedList {
    /// The list's own name, if it has one (becomes the roster's name unless `--name`).
    pub name: Option<String>,
    /// The faction as printed ("Stormcast Eternals").
    pub faction: Option<String>,
    /// The list's points limit or total as printed, if any.
    pub points: Option<u32>,
    /// Units in list order; a count (`3x Clanrats`) gives that many entries.
    pub units: Vec<ListUnit>,
    /// Spell, prayer and manifestation lores named by the list.
    pub lores: Vec<ListLore>,
    /// Every line that is not a unit, enhancement or lore: ignored on purpose, or not
    /// understood. Lines of file formats (XML, JSON) are their element's position.
    pub notes: Vec<LineNote>,
    /// The line where a second list starts when the text holds two exports (a second header
    /// after units were read, issue #41): ptg refuses the file rather than merge two lists.
    #[serde(skip)]
    pub second_list: Option<usize>,
}

/// A unit as the list prints it.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ListUnit {
    /// 1-based line of the list it was read from.
    pub line: usize,
    /// The warscroll's name as printed ("Liberators").
    pub warscroll: String,
    /// A name of the player's own (`Liberators "Dawn Guard"` in New Recruit).
    pub custom_name: Option<String>,
    /// Points as printed for this unit, if any.
    pub points: Option<u32>,
    pub reinforced: bool,
    /// Marked as the army's general.
    pub general: bool,
    /// Enhancements printed with the unit (heroic traits, artefacts, ...), as printed.
    pub enhancements: Vec<String>,
    /// The line each enhancement printed on a line of its own with a label stands on
    /// (`• Heroic Traits: Staunch Defender`), so the report puts it beside that line.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub enhancement_lines: Vec<(usize, String)>,
    /// Bare bullets under the unit (`• Amulet of Gnosis`, as the app and Sigdex print a
    /// HERO's enhancements, with no table named), by line: wargear as printed, unless the
    /// faction has an enhancement so named and the unit is a HERO; the matching decides.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bullets: Vec<(usize, String)>,
    /// The faction of an allied unit (`• Ally: Slaves to Darkness` in ptg's export).
    pub ally: Option<String>,
    /// A count printed before the name (`3x Clanrats`, listbot's `20 x Sisters of Slaughter`):
    /// units or models, which the matching decides from the warscroll's size.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
    /// Models the list's file counts in the unit (`.ros`/`.json` model selections), which tell
    /// a reinforced unit when its `Reinforced` upgrade is missing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub models: Option<u32>,
    /// Words in brackets after the points (`(350) (Batussy)`): an enhancement, else the unit's
    /// own name; the matching decides.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aside: Option<String>,
}

/// A lore the list names ("Spell Lore - Lore of the Storm").
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ListLore {
    pub line: usize,
    /// "spell", "prayer" or "manifestation".
    pub kind: String,
    pub name: String,
}

/// A line that is neither a unit nor a lore.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LineNote {
    pub line: usize,
    pub text: String,
    pub kind: NoteKind,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "why")]
pub enum NoteKind {
    /// Read and set aside on purpose: a header, footer, battle trait, regiment heading.
    Ignored(String),
    /// Looks like content, but the grammar did not understand it.
    NotUnderstood,
}

impl ParsedList {
    pub fn ignore(&mut self, line: usize, text: &str, why: &str) {
        self.notes.push(LineNote {
            line,
            text: text.trim().to_string(),
            kind: NoteKind::Ignored(why.to_string()),
        });
    }

    /// A list's header (its name and points, faction, roster heading) on line `n`: once units
    /// were read, it opens a second list.
    pub fn header_at(&mut self, n: usize) {
        if !self.units.is_empty() && self.second_list.is_none() {
            self.second_list = Some(n);
        }
    }

    pub fn not_understood(&mut self, line: usize, text: &str) {
        self.notes.push(LineNote {
            line,
            text: text.trim().to_string(),
            kind: NoteKind::NotUnderstood,
        });
    }
}

/// Group names under which list formats print a unit's enhancements (`Heroic Traits: X` in
/// New Recruit's text, a selection group in `.ros` and JSON), lower case.
const ENHANCEMENT_GROUPS: &[&str] = &[
    "heroic traits",
    "heroic trait",
    "artefacts of power",
    "artefact of power",
    "artefacts",
    "enhancements",
    "enhancement",
    "ensorcelled banners",
    "great endrinworks",
    "ironweld innovations",
    "monstrous traits",
    "big names",
];

/// Words that open a season's tag: "Scourge of Ghyran", "General's Handbook 2024", "GHB".
const SEASONS: &[&str] = &[
    "scourge of",
    "general's handbook",
    "general’s handbook",
    "generals handbook",
    "ghb",
    "season of",
];

/// Whether `tag` names a matched-play season ("Scourge of Ghyran"), as lists add to the name of
/// a seasonal warscroll.
pub fn is_season_tag(tag: &str) -> bool {
    let lower = tag.trim().to_lowercase();
    SEASONS.iter().any(|s| lower.starts_with(s)) || is_season_abbreviation(&lower)
}

/// Short forms players print for a season (`SoG`, `SoA`), a whole word: "Sog" inside a name is
/// no tag.
const SEASON_ABBREVIATIONS: &[&str] = &["sog", "soa", "sos"];

/// Whether `word` is a season's short form (`SoG`, `[SoA]` read without its brackets).
pub fn is_season_abbreviation(word: &str) -> bool {
    let lower = word.trim().to_lowercase();
    SEASON_ABBREVIATIONS.contains(&lower.as_str())
}

/// Text typed on a full-width keyboard made plain (issue #41): full-width brackets, digits,
/// letters and punctuation (`（１５０）`, `：`) and the ideographic space become the ASCII they
/// look like (their Unicode NFKC form), so every grammar reads `Liberators（２２０）` as
/// `Liberators (220)`; CJK square brackets (`【】`, `〔〕`) become `[` `]`. Nothing else is
/// changed: other characters keep their spelling.
pub fn plain_width(text: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    if text.is_ascii() {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            // A full-width bracket opens a word of its own, as its ASCII twin is typed.
            '\u{ff08}' | '\u{ff3b}' if !out.ends_with([' ', '\n']) && !out.is_empty() => {
                out.push(' ');
                out.extend(std::iter::once(c).nfkc());
            }
            '\u{3000}' | '\u{ff01}'..='\u{ff5e}' => out.extend(std::iter::once(c).nfkc()),
            // CJK lenticular and tortoise-shell brackets (`【SoG】`), which NFKC keeps: the
            // square brackets they are typed for.
            '\u{3010}' | '\u{3014}' | '\u{3016}' => {
                if !out.ends_with([' ', '\n']) && !out.is_empty() {
                    out.push(' ');
                }
                out.push('[');
            }
            '\u{3011}' | '\u{3015}' | '\u{3017}' => out.push(']'),
            c => out.push(c),
        }
    }
    out
}

/// Why a list could not be read at all.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{0}")]
pub struct ListError(pub String);

/// The most a list may weigh: a real list is a few kilobytes.
pub const MAX_BYTES: usize = 2 * 1024 * 1024;

/// Reads a list of any format, detected from the content unless `forced`.
pub fn parse(bytes: &[u8], forced: Option<Format>) -> Result<(Format, ParsedList), ListError> {
    if bytes.len() > MAX_BYTES {
        return Err(ListError(format!(
            "the list is {} KB; an army list is a few KB, so this is not one (ptg reads up to {} KB)",
            bytes.len() / 1024,
            MAX_BYTES / 1024
        )));
    }
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(ListError("the list is empty".into()));
    }
    let format = match forced {
        Some(f) => f,
        None => detect(bytes)?,
    };
    let list = match format {
        Format::Rosz => ros::parse_rosz(bytes)?,
        Format::Ros => ros::parse_ros(&text(bytes)?)?,
        Format::NewRecruitJson => nr_json::parse(&text(bytes)?)?,
        Format::PtgJson => ptg_json::parse(&text(bytes)?)?,
        Format::App => app::parse(&text(bytes)?),
        Format::NewRecruitText => nr_text::parse(&text(bytes)?),
        Format::Forum => forum::parse(&text(bytes)?),
    };
    // Text whose grammar was guessed: another text grammar that understands more of it wins
    // (forum text with New Recruit's `++ Heroes ++` headings).
    if forced.is_none()
        && matches!(format, Format::NewRecruitText | Format::App)
        && list.second_list.is_none()
        && not_understood(&list) > 0
    {
        let forum = forum::parse(&text(bytes)?);
        if not_understood(&forum) < not_understood(&list) && forum.units.len() >= list.units.len() {
            return checked(bytes, Format::Forum, forum);
        }
    }
    checked(bytes, format, list)
}

/// The list read, unless it holds two.
fn checked(bytes: &[u8], format: Format, list: ParsedList) -> Result<(Format, ParsedList), ListError> {
    match list.second_list {
        Some(at) => Err(two_lists(&text(bytes)?, &list, at)),
        None => Ok((format, list)),
    }
}

/// The refusal of a file holding two lists, naming the line the second starts on: its header,
/// or the name lines just above it that no grammar understood (`Daka Daka 2` above `2000 pts`).
fn two_lists(text: &str, list: &ParsedList, header: usize) -> ListError {
    let lines: Vec<&str> = text.lines().collect();
    let unread = |n: usize| {
        list.notes
            .iter()
            .any(|x| x.line == n && x.kind == NoteKind::NotUnderstood)
    };
    let mut start = header;
    let mut k = header;
    while k > 1 {
        k -= 1;
        match lines.get(k - 1).map(|l| l.trim()) {
            Some("") => continue,
            Some(_) if unread(k) => start = k,
            _ => break,
        }
    }
    let shown = lines.get(start - 1).map_or("", |l| l.trim());
    ListError(format!(
        "this file holds two lists: a second one starts on line {start} (`{shown}`); ptg imports \
         one list per roster and never merges two: split the file before line {start} and import \
         each part on its own"
    ))
}

fn not_understood(list: &ParsedList) -> usize {
    list.notes
        .iter()
        .filter(|n| n.kind == NoteKind::NotUnderstood)
        .count()
}

/// UTF-8 text (a byte-order mark dropped, CRLF kept for the grammars to split on).
fn text(bytes: &[u8]) -> Result<String, ListError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = String::from_utf8(bytes.to_vec()).map_err(|_| {
        ListError("the list is not text (nor a .rosz file); export it from the app or New Recruit as text, .ros, .rosz or .json".into())
    })?;
    Ok(plain_width(&text))
}

/// The format of a list from its content.
pub fn detect(bytes: &[u8]) -> Result<Format, ListError> {
    if bytes.starts_with(b"PK\x03\x04") {
        return Ok(Format::Rosz);
    }
    let t = text(bytes)?;
    let head = t.trim_start();
    if head.starts_with("<?xml") || head.starts_with("<roster") {
        return Ok(Format::Ros);
    }
    if head.starts_with('{') && ptg_json::looks_like(&t) {
        return Ok(Format::PtgJson);
    }
    if head.starts_with('{') {
        return Ok(Format::NewRecruitJson);
    }
    if app::looks_like(&t) {
        return Ok(Format::App);
    }
    if nr_text::looks_like(&t) {
        return Ok(Format::NewRecruitText);
    }
    Ok(Format::Forum)
}

mod app;
pub mod export;
mod forum;
pub use forum::FIRST_LINE_NAME;
mod nr_json;
mod nr_text;
mod ptg_json;
mod ros;
mod scaffold;
#[cfg(test)]
mod test_support;
