//! End-to-end: `--dice ask` waits on a person with no database lock held, so the other player
//! can run their own commands meanwhile; and a change to what the waiting command read is
//! detected when the dice come in ("changed meanwhile"), never overwritten.

use crate::common;

use common::{HAMMERS, Ptg, RATS};
use std::io::{Read, Write};
use std::process::{Child, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Battle 1 (1000 points, The Ruined Settlement) fought: Hammers of Dawn (Lord-Vigilant,
/// Liberators) won 10-3 over Rat Tide (Grey Seer, Clanrats); nothing destroyed.
fn fought() -> Ptg {
    let p = Ptg::small_battle();
    let hammers_vp = format!("{HAMMERS}=10");
    let rats_vp = format!("{RATS}=3");
    p.ok(&["battle", "result", "1", "--vp", &hammers_vp, "--vp", &rats_vp]);
    p
}

/// The Hammers' aftermath with `--dice ask`, started in the background, and its standard
/// error read on a thread so the test can wait for the first prompt.
struct Asking {
    child: Child,
    stderr: mpsc::Receiver<u8>,
    seen: String,
}

impl Asking {
    fn start(p: &Ptg) -> Asking {
        let mut child = p
            .process(&[
                "aftermath",
                "1",
                HAMMERS,
                "--favoured",
                "Liberators",
                "--dice",
                "ask",
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("ptg starts");
        let mut err = child.stderr.take().expect("stderr piped");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut byte = [0u8; 1];
            while let Ok(1) = err.read(&mut byte) {
                if tx.send(byte[0]).is_err() {
                    break;
                }
            }
        });
        Asking {
            child,
            stderr: rx,
            seen: String::new(),
        }
    }

    /// Waits (up to 60 s) until the command asks for its first die.
    fn wait_for_prompt(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while !self.seen.contains("roll a D3: ") {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.stderr.recv_timeout(left) {
                Ok(b) => self.seen.push(b as char),
                Err(_) => panic!("no prompt for a die; stderr so far: {}", self.seen),
            }
        }
    }

    /// Types the dice in and waits for the command to end: (exit code, stdout, stderr).
    fn answer(mut self, dice: &str) -> (Option<i32>, String, String) {
        let mut stdin = self.child.stdin.take().expect("stdin piped");
        stdin.write_all(dice.as_bytes()).expect("dice typed");
        drop(stdin);
        let out = self.child.wait_with_output().expect("ptg ends");
        let rest: Vec<u8> = self.stderr.iter().collect();
        self.seen.push_str(&String::from_utf8_lossy(&rest));
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).to_string(),
            self.seen,
        )
    }
}

fn glory(p: &Ptg, roster: &str) -> i64 {
    p.json(&["roster", "show", roster])["glory"]
        .as_i64()
        .expect("glory")
}

#[test]
fn a_waiting_prompt_does_not_block_the_other_player() {
    let p = fought();
    let mut asking = Asking::start(&p);
    asking.wait_for_prompt();
    // While the Hammers' player looks for their dice, the Rat Tide's player runs their whole
    // aftermath (D3, D3, then the favoured D6) and someone plans a new campaign: both write
    // at once, with no "database is locked".
    p.ok(&[
        "aftermath",
        "1",
        RATS,
        "--favoured",
        "Clanrats",
        "--dice",
        "1,2,3",
    ]);
    p.ok(&["campaign", "new", "Second Vale"]);
    // The Hammers' D3s (Lord 2, Liberators 3) and the favoured D6 (4) come in: the other
    // side's aftermath did not touch this roster, so this one is saved.
    let (code, stdout, stderr) = asking.answer("2\n3\n4\n");
    assert_eq!(code, Some(0), "{stdout}\n{stderr}");
    // 1000 points: fought 30 + major victory 20 + general alive 5 = 55 glory each way round.
    assert_eq!(glory(&p, HAMMERS), 55);
    let roster = p.json(&["roster", "show", HAMMERS]);
    let liberators = roster["units"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["warscroll"] == "Liberators")
        .unwrap();
    assert_eq!(liberators["renown"], 3 + 4, "D3 of 3 and the favoured D6 of 4");
    let battle = p.json(&["battle", "show", "1"]);
    assert!(
        battle["sides"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["aftermath_done"] == true)
    );
    p.ok(&["audit"]);
}

#[test]
fn a_change_made_while_waiting_is_detected_not_overwritten() {
    let p = fought();
    let mut asking = Asking::start(&p);
    asking.wait_for_prompt();
    // Meanwhile the organiser takes the battle's result back (a typo in the VP).
    let undone = p.ok(&["undo", "--roster", HAMMERS]);
    assert!(undone.contains("Undo #"), "{undone}");
    let after_undo = p.fingerprint();
    let (code, stdout, stderr) = asking.answer("2\n3\n4\n");
    assert_eq!(code, Some(1), "{stdout}\n{stderr}");
    assert!(stderr.contains("changed meanwhile"), "{stderr}");
    assert!(stderr.contains("run it again"), "{stderr}");
    assert_eq!(
        p.fingerprint(),
        after_undo,
        "nothing of the stale aftermath was saved"
    );
    assert_eq!(glory(&p, HAMMERS), 0);
}
