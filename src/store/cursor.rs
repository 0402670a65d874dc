//! One query of several that select rows belonging to the same parents in the same order, read
//! ahead by one row so the caller can step them side by side: a parent's rows are taken as the
//! parent comes, and no query's rows are held beyond the parent being built (issue #16: a whole
//! league's log or battle list is handed out one item at a time).

use anyhow::Result;
use rusqlite::{Row, Rows};

/// Which way the parents' keys run in every query.
#[derive(Clone, Copy)]
pub(super) enum Order {
    Ascending,
    Descending,
}

/// A query's rows as (parent key, value), read ahead by one.
pub(super) struct Cursor<'s, T> {
    rows: Rows<'s>,
    read: fn(&Row) -> Result<(i64, T)>,
    order: Order,
    pending: Option<(i64, T)>,
}

impl<'s, T> Cursor<'s, T> {
    pub(super) fn new(mut rows: Rows<'s>, order: Order, read: fn(&Row) -> Result<(i64, T)>) -> Result<Self> {
        let pending = rows.next()?.map(read).transpose()?;
        Ok(Cursor {
            rows,
            read,
            order,
            pending,
        })
    }

    /// The rows of parent `key`. Rows of parents before it in the order (none are expected:
    /// every query selects the same parents) are skipped; rows of later ones wait.
    pub(super) fn take(&mut self, key: i64) -> Result<Vec<T>> {
        let mut out = Vec::new();
        while let Some((k, _)) = &self.pending {
            let later = match self.order {
                Order::Ascending => *k > key,
                Order::Descending => *k < key,
            };
            if later {
                break;
            }
            if let Some((k, value)) = self.pending.take()
                && k == key
            {
                out.push(value);
            }
            self.pending = self.rows.next()?.map(self.read).transpose()?;
        }
        Ok(out)
    }
}
