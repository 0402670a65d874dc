//! Renaming and deleting a roster (issue #19): the organiser's tidy-up. Both are changes in
//! the log that `ptg undo` reverses; a deletion hides the roster and keeps its battles and
//! history, so a league's past results still read as they were.

use super::super::names::{NameKind, check};
use super::super::{Change, Outcome, RuleError, refuse};
use crate::fix::{Fix, Input};
use crate::rules::model::Roster;

/// `roster rename`: the roster is called `to` from now on. Whether another roster of its
/// campaign has that name is the store's to check (it sees them all).
pub fn plan_rename(roster: &Roster, to: &str) -> Result<Outcome, RuleError> {
    let to = check(NameKind::Roster, to)?;
    if roster.name == to {
        return refuse("roster rename", format!("the roster is already called '{to}'"));
    }
    let mut out = Outcome::new(format!("{} renamed {to}", roster.name));
    out.push(Change::RenameRoster {
        from: roster.name.clone(),
        to: to.to_string(),
    });
    Ok(out)
}

/// `roster realm`: roster `roster` hails from `to` from now on (`None`: no realm of origin),
/// where it hailed from `was`; `None` when that is where it hails from already (nothing to
/// write). The realm of origin is free text printed on the sheet, checked as a name.
pub fn plan_realm(roster: &str, was: Option<&str>, to: Option<&str>) -> Result<Option<Outcome>, RuleError> {
    let to = to.map(|r| check(NameKind::Realm, r)).transpose()?;
    if was == to {
        return Ok(None);
    }
    let summary = match to {
        Some(r) => format!("{roster} hails from {r}"),
        None => format!("{roster}: realm of origin cleared"),
    };
    let mut out = Outcome::new(summary);
    out.push(Change::SetRealmOfOrigin {
        from: was.map(str::to_string),
        to: to.map(str::to_string),
    });
    Ok(Some(out))
}

/// `roster delete`: refused while battles name the roster unless `force` (they keep it in
/// their history either way).
pub fn plan_delete(roster: &Roster, battles: i64, force: bool) -> Result<Outcome, RuleError> {
    if battles > 0 && !force {
        return Err(RuleError::new(
            "roster delete",
            format!(
                "{} fought or planned {battles} battle(s); to delete it anyway (its battles keep it \
                 in their history, and undo brings it back)",
                roster.name
            ),
        )
        .fix(Fix::give(Input::Force)));
    }
    let mut out = Outcome::new(format!("{} deleted", roster.name));
    out.push(Change::DeleteRoster);
    Ok(out)
}

/// `campaign rename`: a new name, not the one it has (a change of case is a rename). Whether
/// another campaign has it is the store's to check.
pub fn check_campaign_rename(campaign: &str, to: &str) -> Result<(), RuleError> {
    if campaign == to.trim() {
        return refuse(
            "campaign rename",
            format!("the campaign is already called '{campaign}'"),
        );
    }
    Ok(())
}

/// `campaign delete`: refused while the campaign holds battles unless `force`.
pub fn check_campaign_delete(campaign: &str, battles: i64, force: bool) -> Result<(), RuleError> {
    if battles > 0 && !force {
        return Err(RuleError::new(
            "campaign delete",
            format!("{campaign} holds {battles} battle(s); to delete it with its rosters anyway (undo brings them back)"),
        )
        .fix(Fix::give(Input::Force)));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::roster::tests::empty_roster;

    #[test]
    fn a_rename_keeps_the_old_name_for_its_undo() {
        let r = empty_roster();
        let out = plan_rename(&r, "  Dawn Hammers ").unwrap();
        assert_eq!(
            out.changes,
            vec![Change::RenameRoster {
                from: r.name.clone(),
                to: "Dawn Hammers".into()
            }]
        );
        assert!(plan_rename(&r, &r.name).is_err());
        assert!(plan_rename(&r, "   ").is_err());
        assert!(
            plan_rename(&r, &r.name.to_uppercase()).is_ok(),
            "a change of case is a rename"
        );
    }

    #[test]
    fn a_realm_of_origin_keeps_the_one_before_for_its_undo() {
        let set = plan_realm("Hammers", Some("Aqshy"), Some(" Ghur "))
            .unwrap()
            .unwrap();
        assert_eq!(
            set.changes,
            vec![Change::SetRealmOfOrigin {
                from: Some("Aqshy".into()),
                to: Some("Ghur".into())
            }]
        );
        assert_eq!(set.summary, "Hammers hails from Ghur");
        let cleared = plan_realm("Hammers", Some("Ghur"), None).unwrap().unwrap();
        assert_eq!(cleared.summary, "Hammers: realm of origin cleared");
        assert!(
            plan_realm("Hammers", Some("Ghur"), Some("Ghur"))
                .unwrap()
                .is_none()
        );
        assert!(plan_realm("Hammers", None, None).unwrap().is_none());
        assert!(plan_realm("Hammers", None, Some("  ")).is_err());
        assert!(plan_realm("Hammers", None, Some("Gh\u{1b}ur")).is_err());
    }

    #[test]
    fn a_roster_with_battles_is_deleted_only_with_force() {
        let r = empty_roster();
        let err = plan_delete(&r, 2, false).unwrap_err();
        assert!(
            err.message.contains("2 battle(s)") && err.fixes == [Fix::give(Input::Force)],
            "{err}"
        );
        assert_eq!(
            plan_delete(&r, 2, true).unwrap().changes,
            vec![Change::DeleteRoster]
        );
        assert_eq!(
            plan_delete(&r, 0, false).unwrap().changes,
            vec![Change::DeleteRoster]
        );
        assert!(check_campaign_delete("Vale", 1, false).is_err());
        assert!(check_campaign_delete("Vale", 1, true).is_ok());
        assert!(check_campaign_delete("Vale", 0, false).is_ok());
        assert!(check_campaign_rename("Vale", " Vale ").is_err());
        assert!(check_campaign_rename("Vale", "VALE").is_ok());
    }
}
