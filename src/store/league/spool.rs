//! A table's rows as `ptg import` reads them from a league file: each row's JSON text written,
//! as it is read, to a temporary file of the table's own (deleted when the import ends), and
//! read again from there a row at a time by each check and by the writing. A league file is
//! larger than the memory an import may take (58 MB at 10,000 battles against 30 MB), and its
//! tables are needed in another order than the file's, several times each.

use anyhow::{Context, Result};
use serde::de::{Deserialize, Deserializer, Error as _, SeqAccess, Visitor};
use serde_json::value::RawValue;
use std::fmt;
use std::io::{BufReader, BufWriter, Read, Write};

/// A table's rows, spooled.
pub struct Spool {
    file: tempfile::NamedTempFile,
    len: usize,
}

impl fmt::Debug for Spool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Spool({} rows)", self.len)
    }
}

impl Spool {
    /// How many rows the table has.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the table has no rows.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Each row's JSON text, in the file's order, read from a handle of its own (so two reads
    /// of one table do not share a position).
    pub fn texts(&self) -> impl Iterator<Item = Result<Vec<u8>>> + '_ {
        let mut reader = self.file.reopen().map(BufReader::new);
        (0..self.len).map(move |_| {
            let reader = reader
                .as_mut()
                .map_err(|e| anyhow::anyhow!("cannot read a spooled table again: {e}"))?;
            let mut len = [0u8; 8];
            reader
                .read_exact(&mut len)
                .context("a spooled table ends early")?;
            let len = usize::try_from(u64::from_le_bytes(len)).context("a spooled row is too long")?;
            let mut text = vec![0u8; len];
            reader
                .read_exact(&mut text)
                .context("a spooled table ends early")?;
            Ok(text)
        })
    }
}

impl<'de> Deserialize<'de> for Spool {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Spool, D::Error> {
        deserializer.deserialize_seq(SpoolVisitor)
    }
}

struct SpoolVisitor;

impl<'de> Visitor<'de> for SpoolVisitor {
    type Value = Spool;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Spool, A::Error> {
        let io = |e: std::io::Error| {
            A::Error::custom(format!("cannot spool the file's rows to a temporary file: {e}"))
        };
        let file = tempfile::NamedTempFile::new().map_err(io)?;
        let mut out = BufWriter::new(file.as_file());
        let mut len = 0;
        while let Some(row) = seq.next_element::<Box<RawValue>>()? {
            let text = row.get().as_bytes();
            out.write_all(&(text.len() as u64).to_le_bytes()).map_err(io)?;
            out.write_all(text).map_err(io)?;
            len += 1;
        }
        out.flush().map_err(io)?;
        drop(out);
        Ok(Spool { file, len })
    }
}
