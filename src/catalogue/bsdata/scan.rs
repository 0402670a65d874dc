//! Reading the folder: listing its `.cat`/`.gst` files with their root elements (read from the
//! start of each file only), and parsing the files an import needs on up to two threads.

use super::error::BsdataError;
use super::xml::{self, CatFile, Header};
use crate::names::SameName;
use std::io::Read;
use std::path::{Path, PathBuf};

/// A `.cat`/`.gst` file found in the folder, with its root element.
pub(super) struct Found {
    pub(super) path: PathBuf,
    pub(super) file: String,
    pub(super) header: Header,
}

/// Lists the folder's `.cat`/`.gst` files and reads each one's root element.
pub(super) fn scan(dir: &Path) -> Result<Vec<Found>, BsdataError> {
    let entries = std::fs::read_dir(dir).map_err(|cause| BsdataError::Dir {
        path: dir.to_path_buf(),
        cause,
    })?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| e.same_name("cat") || e.same_name("gst"))
        })
        .collect();
    paths.sort();
    let mut found = Vec::with_capacity(paths.len());
    for path in paths {
        let file = path
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default();
        let header = read_head(&path, &file)?;
        found.push(Found { path, file, header });
    }
    Ok(found)
}

/// Reads the root element from the start of a file (the whole file if the start is not enough).
fn read_head(path: &Path, file: &str) -> Result<Header, BsdataError> {
    let read_err = |cause| BsdataError::Read {
        path: path.to_path_buf(),
        cause,
    };
    let mut head = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(16 * 1024).read_to_end(&mut head))
        .map_err(read_err)?;
    // Cut at the last '>' so a multi-byte character or a tag is never split.
    let cut = head.iter().rposition(|&b| b == b'>').map_or(0, |p| p + 1);
    if let Ok(text) = xml::decode(file, &head[..cut])
        && let Ok(h) = xml::read_header(file, text)
    {
        return Ok(h);
    }
    let bytes = std::fs::read(path).map_err(read_err)?;
    xml::read_header(file, xml::decode(file, &bytes)?)
}

/// Parses the given files on up to two threads, keeping their order.
pub(super) fn parse_all(found: &[Found], which: &[usize]) -> Result<Vec<CatFile>, BsdataError> {
    let parse_one = |i: usize| -> Result<CatFile, BsdataError> {
        let f = &found[i];
        let bytes = std::fs::read(&f.path).map_err(|cause| BsdataError::Read {
            path: f.path.clone(),
            cause,
        })?;
        xml::parse(&f.path, xml::decode(&f.file, &bytes)?)
    };
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 2);
    if threads == 1 || which.len() < 2 {
        return which.iter().map(|&i| parse_one(i)).collect();
    }
    // Larger files first so the two threads finish together.
    let mut order: Vec<usize> = (0..which.len()).collect();
    order
        .sort_by_key(|&k| std::cmp::Reverse(std::fs::metadata(&found[which[k]].path).map_or(0, |m| m.len())));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<Vec<(usize, Result<CatFile, BsdataError>)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&slot) = order.get(k) else { break };
                        mine.push((slot, parse_one(which[slot])));
                    }
                    mine
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let mut slots: Vec<Option<Result<CatFile, BsdataError>>> = (0..which.len()).map(|_| None).collect();
    for (slot, r) in results.into_iter().flatten() {
        slots[slot] = Some(r);
    }
    slots
        .into_iter()
        .zip(which)
        .map(|(r, &i)| {
            r.unwrap_or_else(|| {
                Err(BsdataError::Xml {
                    file: found[i].file.clone(),
                    line: 0,
                    position: 0,
                    message: "the parsing thread stopped unexpectedly".to_string(),
                })
            })
        })
        .collect()
}
