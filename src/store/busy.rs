//! When other players' commands hold the database: SQLite waits for the lock (the busy
//! timeout), and a write transaction that still finds it busy is run again whole, a few times
//! after a short random pause, before the player is told to run the command again.
//!
//! Why a retry on top of the timeout: SQLite's busy handler sleeps in growing steps and can be
//! overtaken by writers arriving later, so under many writers at once one of them can wait the
//! whole timeout; and some "busy" answers (a WAL being recovered) come at once, without waiting.
//! The random pause keeps retrying writers from colliding again in step.

use crate::error::{Error, refusal};
use rusqlite::ErrorCode;
use std::hash::{BuildHasher, Hasher};
use std::time::{Duration, Instant};

/// How long SQLite itself waits for a lock before answering "busy".
pub(super) const TIMEOUT: Duration = Duration::from_secs(30);

/// How many times a write transaction is run when it keeps finding the database busy.
const ATTEMPTS: u32 = 5;

/// No new attempt starts after this long: a command should not hang for minutes.
const PATIENCE: Duration = Duration::from_secs(45);

/// What the player sees when every attempt found the database busy (exit 1: nothing is wrong
/// with the command or the file, it only has to be run again).
pub const BUSY: &str = "the database is busy with other players' commands; nothing was saved, run it again";

/// An error type `Store::write` may return: what it wraps, if it may be a SQLite failure
/// (one marked as the player's refusal never is).
pub trait Failure {
    fn cause(&self) -> Option<&anyhow::Error>;
}

impl Failure for anyhow::Error {
    fn cause(&self) -> Option<&anyhow::Error> {
        Some(self)
    }
}

impl Failure for Error {
    fn cause(&self) -> Option<&anyhow::Error> {
        match self {
            Error::Internal(e) => Some(e),
            _ => None,
        }
    }
}

/// Whether `e` (or anything it wraps) is SQLite's "database is busy" or "database is locked".
pub(super) fn is_busy(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|cause| cause.downcast_ref::<rusqlite::Error>())
        .any(|cause| {
            matches!(
                cause.sqlite_error_code(),
                Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
            )
        })
}

/// The busy refusal in place of a busy `e`; any other error as it is.
pub(super) fn refuse_if_busy(e: anyhow::Error) -> anyhow::Error {
    if is_busy(&e) { refusal(BUSY) } else { e }
}

/// Runs `attempt` (one whole transaction, rolled back when it fails) until it succeeds or
/// fails for a reason other than "busy"; after [`ATTEMPTS`] or [`PATIENCE`], refuses with
/// [`BUSY`].
pub(super) fn retry<T, E: From<anyhow::Error> + Failure>(
    mut attempt: impl FnMut() -> Result<T, E>,
) -> Result<T, E> {
    let start = Instant::now();
    let mut tries = 0;
    loop {
        tries += 1;
        match attempt() {
            Err(e) if e.cause().is_some_and(is_busy) => {
                if tries >= ATTEMPTS || start.elapsed() >= PATIENCE {
                    return Err(E::from(refusal(BUSY)));
                }
                std::thread::sleep(pause(tries));
            }
            done => return done,
        }
    }
}

/// 10 to 60 ms times the attempt number, at random, so writers that collided spread out.
fn pause(tries: u32) -> Duration {
    let random = std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish();
    Duration::from_millis((10 + random % 51) * u64::from(tries))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn busy() -> anyhow::Error {
        let e = rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(5), None);
        anyhow::Error::new(e).context("cannot start the write")
    }

    #[test]
    fn a_busy_attempt_is_run_again_and_then_succeeds() {
        let mut calls = 0;
        let value = retry(|| {
            calls += 1;
            if calls < 3 { Err(busy()) } else { Ok(calls) }
        });
        assert_eq!(value.unwrap(), 3);
    }

    #[test]
    fn always_busy_is_refused_in_players_words_after_the_last_attempt() {
        let mut calls = 0;
        let e: Error = retry::<(), Error>(|| {
            calls += 1;
            Err(busy().into())
        })
        .unwrap_err();
        assert_eq!((calls, e.exit_code()), (ATTEMPTS, 1));
        assert_eq!(e.to_string(), BUSY);
    }

    #[test]
    fn other_errors_are_not_retried() {
        let mut calls = 0;
        let e = retry::<(), anyhow::Error>(|| {
            calls += 1;
            Err(anyhow::anyhow!("disk full"))
        });
        assert_eq!((calls, e.unwrap_err().to_string()), (1, "disk full".to_string()));
    }
}
