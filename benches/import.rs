//! Import of all faction catalogues of a BSData checkout (`PTG_BSDATA`, else `../shared/bsdata`
//! beside the project, as the tests), against a bare quick-xml read (every event of the same
//! files, nothing kept) as the floor. Without a checkout it prints a note and measures nothing.
//!
//! `cargo bench --bench import -- --warm-up-time 1 --measurement-time 5`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ptg::catalogue::bsdata::import_dir;
use quick_xml::events::Event;
use std::hint::black_box;
use std::path::{Path, PathBuf};

/// The checkout to import, if there is one there.
fn bsdata_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("PTG_BSDATA") {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        _ => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/bsdata")),
    };
    if dir.join("Age of Sigmar 4.0.gst").is_file() {
        return Some(dir);
    }
    eprintln!(
        "bench import: skipped: no BSData checkout at {} (set PTG_BSDATA to one to run it)",
        dir.display()
    );
    None
}

/// The files the importer reads: every `.gst`/`.cat` except the ones it skips unread.
fn files_read(dir: &Path) -> Vec<PathBuf> {
    let import = import_dir(dir).expect("the checkout imports");
    let unread: Vec<&str> = import
        .skipped
        .iter()
        .filter(|s| !s.contains("read only to resolve links"))
        .filter_map(|s| s.split(": ").next())
        .collect();
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("bsdata folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "cat" || e == "gst"))
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| !unread.contains(&n.to_string_lossy().as_ref()))
        })
        .collect();
    files.sort();
    files
}

/// Reads every event of every file; returns the number of events.
fn bare_read(files: &[PathBuf]) -> usize {
    let mut events = 0;
    for path in files {
        let bytes = std::fs::read(path).expect("read");
        let text = std::str::from_utf8(&bytes).expect("UTF-8");
        let mut reader = quick_xml::Reader::from_str(text);
        loop {
            match reader.read_event().expect("valid XML") {
                Event::Eof => break,
                e => {
                    black_box(&e);
                    events += 1;
                }
            }
        }
    }
    events
}

fn benches(c: &mut Criterion) {
    let Some(dir) = bsdata_dir() else {
        return;
    };
    let files = files_read(&dir);
    let factions = import_dir(&dir).expect("the checkout imports").factions.len();
    let bytes: u64 = files
        .iter()
        .map(|p| std::fs::metadata(p).map_or(0, |m| m.len()))
        .sum();
    eprintln!("{} files, {:.1} MB", files.len(), bytes as f64 / 1e6);

    let mut group = c.benchmark_group("bsdata");
    group.sample_size(10).throughput(Throughput::Bytes(bytes));
    group.bench_function(format!("import_dir ({factions} factions)"), |b| {
        b.iter(|| {
            let import = import_dir(black_box(&dir)).expect("imports");
            assert_eq!(import.factions.len(), factions);
            import
        })
    });
    group.bench_function("bare quick-xml read (same files, 1 thread)", |b| {
        b.iter(|| bare_read(black_box(&files)))
    });
    group.finish();
}

criterion_group!(import, benches);
criterion_main!(import);
