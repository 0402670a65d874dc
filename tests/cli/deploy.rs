//! The deploy files (issue 39) say what ptg and Caddy accept: `deploy/ptg.service`'s ExecStart
//! is a `ptg serve` command line ptg's own parser takes, with the hardening and restart a club's
//! server needs; `deploy/Caddyfile` is one `caddy validate` takes (when caddy is here).

use clap::Parser;
use ptg::cli::{Cli, Command};
use std::path::Path;
use std::process::Command as Process;

const UNIT: &str = "deploy/ptg.service";

/// The value of each `key=value` line of the unit (comments left out).
fn settings(unit: &str, key: &str) -> Vec<String> {
    unit.lines()
        .map(str::trim)
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.strip_prefix(key)?.strip_prefix('=').map(str::to_string))
        .collect()
}

fn unit() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(UNIT)).expect("deploy/ptg.service")
}

#[test]
fn the_units_command_line_is_one_ptg_serve_takes() {
    let unit = unit();
    let exec = settings(&unit, "ExecStart");
    assert_eq!(exec.len(), 1, "one ExecStart: {exec:?}");
    // No quoting in the unit's command line, so words split on spaces as systemd splits them.
    let words: Vec<&str> = exec[0].split_whitespace().collect();
    assert!(words[0].ends_with("/ptg"), "{words:?}");
    let cli = Cli::try_parse_from(std::iter::once("ptg").chain(words[1..].iter().copied()))
        .unwrap_or_else(|e| panic!("{UNIT}'s ExecStart is not a ptg command line: {e}"));
    assert!(matches!(cli.command, Command::Serve(_)), "{words:?}");
    // The database is in the state directory systemd makes, the one path it may write.
    let db = cli.db.expect("--db in ExecStart");
    assert!(db.starts_with("/var/lib/ptg"), "{}", db.display());
    assert_eq!(settings(&unit, "StateDirectory"), ["ptg"]);
    assert_eq!(settings(&unit, "ReadWritePaths"), ["/var/lib/ptg"]);
    for flag in ["--listen", "--base-url", "--trusted-proxy"] {
        assert!(words.contains(&flag), "{flag} in {words:?}");
    }
    let at = |flag: &str| words[words.iter().position(|w| *w == flag).unwrap() + 1];
    assert!(at("--listen").starts_with("127.0.0.1:"), "behind the proxy only");
    assert!(at("--base-url").starts_with("https://"));
    for (key, value) in [
        ("User", "ptg"),
        ("Restart", "on-failure"),
        ("KillSignal", "SIGTERM"),
        ("NoNewPrivileges", "yes"),
        ("ProtectSystem", "strict"),
        ("ProtectHome", "yes"),
        ("PrivateTmp", "yes"),
    ] {
        assert_eq!(settings(&unit, key), [value], "{key}= in {UNIT}");
    }
}

/// Whether `program` runs here (asked its version with `arg`).
fn here(program: &str, arg: &str) -> bool {
    Process::new(program)
        .arg(arg)
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn systemd_takes_the_unit() {
    if !here("systemd-analyze", "--version") {
        eprintln!("note: systemd_takes_the_unit: no systemd-analyze, so it checks nothing");
        return;
    }
    // The unit as installed, with this build's ptg where the unit says /usr/local/bin/ptg.
    let dir = tempfile::tempdir().unwrap();
    let unit = unit().replace("/usr/local/bin/ptg", env!("CARGO_BIN_EXE_ptg"));
    let path = dir.path().join("ptg.service");
    std::fs::write(&path, unit).unwrap();
    let out = Process::new("systemd-analyze")
        .arg("verify")
        .arg(&path)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "systemd-analyze verify: {said}");
    assert!(!said.contains("ptg.service:"), "systemd-analyze verify: {said}");
}

#[test]
fn caddy_takes_the_caddyfile() {
    if !here("caddy", "version") {
        eprintln!("note: caddy_takes_the_caddyfile: no caddy, so it checks nothing (apt-get install caddy)");
        return;
    }
    // Caddy's own files (its certificates' storage) in a folder of the test's.
    let home = tempfile::tempdir().unwrap();
    let out = Process::new("caddy")
        .args(["validate", "--adapter", "caddyfile", "--config"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("deploy/Caddyfile"))
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", home.path().join("data"))
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "caddy validate: {said}");
    assert!(said.contains("Valid configuration"), "{said}");
}
