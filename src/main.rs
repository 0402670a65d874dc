//! The `ptg` binary: parse arguments, run the command, map errors to exit codes (0 done,
//! 1 refused, 2 wrong usage, 3 internal error; see `ptg::error`).

use clap::Parser;
use ptg::cli;
use std::process::ExitCode;

fn main() -> ExitCode {
    // clap prints usage errors itself and exits 2; --help and --version exit 0.
    let args = cli::Cli::parse();
    let json = args.json;
    match cli::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            if json && !matches!(e, ptg::error::Error::PipeClosed) {
                // With --json, every output is JSON, a refusal too (on standard error, where a
                // script reading standard output will not take it for the data it asked for).
                eprintln!("{}", e.as_json());
            } else {
                let report = e.report();
                if !report.is_empty() {
                    eprintln!("{}", cli::output::terminal_safe(&report));
                }
            }
            ExitCode::from(e.exit_code())
        }
    }
}
