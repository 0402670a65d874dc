//! `ptg serve --backup-every DURATION --backup-dir DIR --keep N` (issue 39): backups written
//! while the server serves and players write, each one whole under its name (written under a
//! hidden partial name first), the newest N kept, each one a league that passes the audit and
//! that `ptg restore` puts back.

#![cfg(unix)]

use crate::common;
use crate::serve_support;

use common::league::LEAGUE_FIXTURE;
use common::{Ptg, RATS};
use serve_support::{invite, roster_id};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::Stdio;
use std::time::{Duration, Instant};

fn post(addr: &str, path: &str, token: &str, json: &str) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{json}",
        json.len()
    )
    .unwrap();
    let mut answer = String::new();
    let _ = s.read_to_string(&mut answer);
    answer.lines().next().unwrap_or_default().to_string()
}

#[test]
fn backups_are_written_while_serving_rotated_and_each_restores() {
    let p = LEAGUE_FIXTURE.copy();
    let token = invite(&p, &["--organiser"]);
    let rats = roster_id(&p, RATS);
    let dir = p.dir.path().join("backups");
    let mut child = p
        .process(&[
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--backup-every",
            "1s",
            "--backup-dir",
            dir.to_str().unwrap(),
            "--keep",
            "2",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (said, heard) = std::sync::mpsc::channel();
    let stderr = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            let _ = said.send(line.unwrap_or_default());
        }
    });
    let first = heard.recv_timeout(Duration::from_secs(30)).unwrap();
    let addr = first
        .split_whitespace()
        .find_map(|w| w.strip_prefix("http://"))
        .unwrap()
        .to_string();
    // Players write all along; four backups are written meanwhile.
    let started = Instant::now();
    let mut written = Vec::new();
    let mut n = 0;
    while written.len() < 4 {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "backups written: {written:?}"
        );
        n += 1;
        let renamed = post(
            &addr,
            &format!("/api/rosters/{rats}/rename"),
            &token,
            &format!(r#"{{"name": "Rat Tide {n}"}}"#),
        );
        assert!(renamed.contains(" 200 "), "{renamed}");
        while let Ok(line) = heard.try_recv() {
            assert!(!line.contains("failed"), "{line}");
            if let Some(path) = line.strip_prefix("ptg serve: backed up to ") {
                written.push(path.to_string());
            }
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = child.kill();
    let _ = child.wait();
    let mut kept: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    kept.sort();
    assert!(
        kept.iter()
            .all(|n| n.starts_with("ptg-backup-") && n.ends_with(".sqlite3")),
        "{kept:?}"
    );
    assert!(kept.len() <= 2, "more than --keep 2 kept: {kept:?}");
    assert!(
        written.last().unwrap().ends_with(kept.last().unwrap()),
        "{written:?} {kept:?}"
    );
    for name in &kept {
        let restored = Ptg::new();
        restored.ok(&["restore", dir.join(name).to_str().unwrap()]);
        restored.ok(&["audit"]);
        // Taken while the players wrote: a rename made before it is in it.
        assert!(restored.ok(&["roster", "list"]).contains("Rat Tide "), "{name}");
    }
}

#[test]
fn a_backup_interval_without_a_unit_or_a_folder_is_a_usage_error() {
    let p = Ptg::new();
    let dir = p.dir.path().join("b");
    for (args, expected) in [
        (
            vec!["--backup-every", "30", "--backup-dir", dir.to_str().unwrap()],
            "no unit",
        ),
        (
            vec!["--backup-every", "soon", "--backup-dir", dir.to_str().unwrap()],
            "not a duration",
        ),
        (vec!["--backup-every", "6h"], "--backup-dir"),
    ] {
        let out = p.process(&[&["serve"][..], &args].concat()).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
    assert!(!p.db().exists() && !dir.exists());
}
