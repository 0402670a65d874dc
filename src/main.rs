//! The `ptg` binary: parse arguments, run the command, map errors to exit codes
//! (0 success, 1 a rule or data problem, 2 wrong usage).

use clap::Parser;
use ptg::cli::{self, output::PipeClosed};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is::<PipeClosed>() => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}
