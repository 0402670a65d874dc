//! Which tables a league file carries, their columns, and what each column holds: the one list
//! `ptg export` reads by and `ptg import` writes by. A unit test holds it to the schema, so a
//! migration that adds a column or a table cannot leave it out of every export unnoticed.

/// What a column holds, for writing it to the file and reading it back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The row's own id: renumbered on import when the database has rows of its own.
    Id,
    /// The id of a row of another table (or NULL): renumbered with that table.
    Ref(&'static str),
    /// 0 or 1 in the database, `false`/`true` in the file.
    Flag,
    /// JSON kept as text in the database, written into the file as JSON.
    Json,
    /// A change of the change log (`rules::Change` as JSON): names unit and reward ids.
    Change,
    /// A battle kept for undo (`store::battle_before`): names unit and roster ids.
    BattleBefore,
    /// Text or a number, written as it is.
    Plain,
    /// A figure kept beside the change log (`store::kept`): not in the file, so a file cannot
    /// disagree with its own log; `ptg import` counts it again from the imported log.
    Kept,
}

use Kind::{BattleBefore, Change, Flag, Id, Json, Kept, Plain, Ref};

/// A table of a league file.
#[derive(Debug)]
pub struct Table {
    pub name: &'static str,
    /// Every column, in the schema's order.
    pub columns: &'static [(&'static str, Kind)],
    /// The column that ties a row to the campaign being exported: a `Ref` to a table listed
    /// before this one (`None`: the campaigns table itself, chosen by id).
    pub owner: Option<&'static str>,
}

impl Table {
    pub fn kind(&self, column: &str) -> Option<Kind> {
        self.columns.iter().find(|(c, _)| *c == column).map(|(_, k)| *k)
    }

    /// Whether rows have an id of their own that other rows refer to.
    pub fn keyed(&self) -> bool {
        self.kind("id") == Some(Id)
    }

    /// The columns a league file carries: every column but the kept ones.
    pub fn in_file(&self) -> impl Iterator<Item = &'static (&'static str, Kind)> {
        self.columns.iter().filter(|(_, k)| *k != Kept)
    }
}

/// Every table of a league, each after the tables its owner column refers to. Left out:
/// `invites`, `sessions`, `join_links` and `server_secret` (tokens and browser sessions belong to one server; the organiser
/// invites the players again after an import), `roster_sets` (each roster's list of its change
/// sets, written by triggers as the imported log is written), `audit_checkpoints` and
/// `audit_marks` (what one database's audits proved: an import audits what it brings in whole).
pub const TABLES: &[Table] = &[
    Table {
        name: "campaigns",
        owner: None,
        columns: &[
            ("id", Id),
            ("name", Plain),
            ("battlepack", Plain),
            ("created_at", Plain),
            ("legends", Flag),
            ("options", Json),
            ("deleted", Flag),
        ],
    },
    Table {
        name: "rosters",
        owner: Some("campaign_id"),
        columns: &[
            ("id", Id),
            ("campaign_id", Ref("campaigns")),
            ("name", Plain),
            ("player", Plain),
            ("faction", Plain),
            ("realm", Plain),
            ("glory", Plain),
            ("setup_complete", Flag),
            ("created_at", Plain),
            ("favour", Plain),
            ("deleted", Flag),
            ("glory_earned", Kept),
            ("major_victories", Kept),
            ("minor_victories", Kept),
            ("draws", Kept),
            ("minor_defeats", Kept),
            ("major_defeats", Kept),
        ],
    },
    Table {
        name: "units",
        owner: Some("roster_id"),
        columns: &[
            ("id", Id),
            ("roster_id", Ref("rosters")),
            ("warscroll", Plain),
            ("name", Plain),
            ("points", Plain),
            ("unit_size", Plain),
            ("reinforceable", Flag),
            ("reinforced", Flag),
            ("keywords", Json),
            ("warlord", Flag),
            ("renown", Plain),
            ("rank", Plain),
            ("path", Plain),
            ("retired", Flag),
            ("created_at", Plain),
            ("removed", Flag),
            ("ally_faction", Plain),
        ],
    },
    Table {
        name: "unit_abilities",
        owner: Some("unit_id"),
        columns: &[("unit_id", Ref("units")), ("rank", Plain), ("ability", Plain)],
    },
    Table {
        name: "battles",
        owner: Some("campaign_id"),
        columns: &[
            ("id", Id),
            ("campaign_id", Ref("campaigns")),
            ("points_limit", Plain),
            ("battleplan", Plain),
            ("created_at", Plain),
            ("status", Plain),
            ("roles_roster_id", Ref("rosters")),
            ("cancelled", Flag),
            ("realm", Plain),
            ("realm_picker_id", Ref("rosters")),
            ("roles_rolled", Flag),
        ],
    },
    Table {
        name: "change_sets",
        owner: Some("campaign_id"),
        columns: &[
            ("id", Id),
            ("campaign_id", Ref("campaigns")),
            ("roster_id", Ref("rosters")),
            ("battle_id", Ref("battles")),
            ("command", Plain),
            ("summary", Plain),
            ("created_at", Plain),
            ("undoes", Ref("change_sets")),
            ("undone_by", Ref("change_sets")),
            ("battle_before", BattleBefore),
            ("campaign_before", Json),
        ],
    },
    Table {
        name: "rolls",
        owner: Some("change_set_id"),
        columns: &[
            ("id", Id),
            ("change_set_id", Ref("change_sets")),
            ("purpose", Plain),
            ("expression", Plain),
            ("faces", Json),
            ("total", Plain),
            ("source", Plain),
            ("seed", Plain),
        ],
    },
    Table {
        name: "rewards",
        owner: Some("roster_id"),
        columns: &[
            ("id", Id),
            ("roster_id", Ref("rosters")),
            ("reward", Plain),
            ("source", Plain),
            ("unit_id", Ref("units")),
            ("battle_id", Ref("battles")),
            ("granted_set_id", Ref("change_sets")),
            ("claimed_set_id", Ref("change_sets")),
        ],
    },
    Table {
        name: "changes",
        owner: Some("change_set_id"),
        columns: &[
            ("id", Id),
            ("change_set_id", Ref("change_sets")),
            ("roster_id", Ref("rosters")),
            ("unit_id", Ref("units")),
            ("kind", Plain),
            ("payload", Change),
            ("description", Plain),
            ("roll_id", Ref("rolls")),
        ],
    },
    Table {
        name: "enhancements",
        owner: Some("roster_id"),
        columns: &[
            ("id", Id),
            ("roster_id", Ref("rosters")),
            ("unit_id", Ref("units")),
            ("table_name", Plain),
            ("kind", Plain),
            ("name", Plain),
        ],
    },
    Table {
        name: "tome_entries",
        owner: Some("roster_id"),
        columns: &[
            ("id", Id),
            ("roster_id", Ref("rosters")),
            ("kind", Plain),
            ("name", Plain),
            ("lore", Plain),
            ("value", Plain),
            ("wild", Flag),
            ("position", Plain),
        ],
    },
    Table {
        name: "quests",
        owner: Some("roster_id"),
        columns: &[
            ("id", Id),
            ("roster_id", Ref("rosters")),
            ("quest", Plain),
            ("unit_id", Ref("units")),
            ("points", Plain),
            ("status", Plain),
            ("started_at", Plain),
            ("ended_at", Plain),
        ],
    },
    Table {
        name: "battle_sides",
        owner: Some("battle_id"),
        columns: &[
            ("battle_id", Ref("battles")),
            ("roster_id", Ref("rosters")),
            ("side", Plain),
            ("victory_points", Plain),
            ("result", Plain),
            ("withdrew", Flag),
            ("general_slain", Flag),
            ("quest_points", Plain),
            ("aftermath_set_id", Ref("change_sets")),
        ],
    },
    Table {
        name: "battle_units",
        owner: Some("battle_id"),
        columns: &[
            ("battle_id", Ref("battles")),
            ("roster_id", Ref("rosters")),
            ("unit_id", Ref("units")),
            ("general", Flag),
            ("destroyed", Flag),
            ("slew_hero_or_monster", Flag),
            ("position", Plain),
            ("regiment", Ref("units")),
        ],
    },
    Table {
        name: "battle_twists",
        owner: Some("battle_id"),
        columns: &[
            ("battle_id", Ref("battles")),
            ("round", Plain),
            ("underdog_roster_id", Ref("rosters")),
            ("twist", Plain),
            ("roll_id", Ref("rolls")),
        ],
    },
    Table {
        name: "battle_triumphs",
        owner: Some("battle_id"),
        columns: &[
            ("battle_id", Ref("battles")),
            ("roster_id", Ref("rosters")),
            ("change_set_id", Ref("change_sets")),
            ("table_name", Plain),
            ("triumph", Plain),
            ("roll_id", Ref("rolls")),
            ("dropped_set_id", Ref("change_sets")),
        ],
    },
    Table {
        name: "battle_sudden_death",
        owner: Some("battle_id"),
        columns: &[
            ("battle_id", Ref("battles")),
            ("roster_id", Ref("rosters")),
            ("change_set_id", Ref("change_sets")),
            ("objective", Plain),
            ("target_unit_id", Ref("units")),
            ("target_text", Plain),
        ],
    },
    Table {
        name: "battle_decisions",
        owner: Some("battle_id"),
        columns: &[
            ("battle_id", Ref("battles")),
            ("roster_id", Ref("rosters")),
            ("change_set_id", Ref("change_sets")),
            ("decided_by", Plain),
            ("models_set_up", Plain),
            ("models_lost", Plain),
            ("models_added", Plain),
        ],
    },
];

/// Columns a later schema added to a table of version 1 (schema V14), which files written
/// before it lack: such a file is read with the value the migration gave older rows (the
/// column's default), which is what the older league meant. Every other column of
/// [`Table::in_file`] is in every file `ptg export` ever wrote, so a file leaving one out is
/// refused rather than read with a default that would change the league (a roster back in
/// set-up, a reward owed again).
pub const ADDED_IN_VERSION_1: &[(&str, &str)] =
    &[("battles", "roles_rolled"), ("battle_triumphs", "dropped_set_id")];

/// Whether a league file may leave out `column` of `table` (see [`ADDED_IN_VERSION_1`]).
pub fn may_leave_out(table: &str, column: &str) -> bool {
    ADDED_IN_VERSION_1.contains(&(table, column))
}

/// The table called `name`.
pub fn table(name: &str) -> Option<&'static Table> {
    TABLES.iter().find(|t| t.name == name)
}
