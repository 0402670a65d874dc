//! `--favoured ask`: the favoured warriors picked at the table once step 2's D3s are rolled,
//! as the book allows, so a unit a few renown short of a rank can be seen over it. Asked on
//! standard input (a terminal or a pipe) with no database transaction open.

use super::dice::ask_line;
use crate::rules::RuleError;
use crate::rules::aftermath::{FavouredCandidate, FavouredPicker};

/// Shows each candidate's renown and asks which is the favoured warriors; a bad answer is
/// asked again saying why, `q` or the end of the input cancels.
pub struct AskedFavoured;

impl FavouredPicker for AskedFavoured {
    fn pick(
        &mut self,
        candidates: &[FavouredCandidate],
        refused: Option<&RuleError>,
    ) -> Result<String, RuleError> {
        match refused {
            Some(e) => eprintln!("{}", e.message),
            None => {
                eprintln!("Favoured warriors: pick 1 unit that took part (gains D6 renown).");
                for c in candidates {
                    eprintln!("  {}", standing(c));
                }
            }
        }
        loop {
            let answer = ask_line(
                "Favoured warriors (a unit's name or #id, or q to cancel): ",
                "favoured warriors",
                "before the favoured warriors were picked",
            )?;
            if !answer.is_empty() {
                return Ok(answer);
            }
            eprintln!("type a unit's name or #id from the list, or q to cancel");
        }
    }
}

/// "Liberators (#2): +3 renown this battle, 3 in all; Aspiring at 5".
fn standing(c: &FavouredCandidate) -> String {
    let total = c.renown + c.gained;
    let next = match &c.next_rank {
        Some((rank, at)) => format!("{rank} at {at}"),
        None => "no rank above".to_string(),
    };
    format!(
        "{}: +{} renown this battle, {total} in all; {next}",
        c.label, c.gained
    )
}
