//! Memory per URL: `size_of` the URL type and the heap bytes each parsed URL keeps, for pegurl,
//! the `url` crate and (with `--features bench-peers`) ada, on the real URL lists of
//! `../shared/data/urls` (or `PEGURL_BENCH_DATA`). Not timed: it parses each list once per
//! parser, keeps every URL, and reads two counters.
//!
//! - "requested": bytes the Rust global allocator was asked for and still holds (a counting
//!   allocator around the system one). ada allocates in C++, outside it.
//! - "malloc": bytes glibc's `mallinfo2` reports in use, which sees Rust and C++ alike (chunk
//!   headers and rounding included).
//!
//! `cargo bench --bench memory` (add `--features bench-peers` for ada).

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting the bytes it holds.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to `System` unchanged; only a counter is updated beside it.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract for `alloc` is passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract for `dealloc` is passed on.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(new_size, Ordering::Relaxed);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract for `realloc` is passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// glibc's `struct mallinfo2` (malloc.h).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[repr(C)]
struct MallInfo2 {
    arena: usize,
    ordblks: usize,
    smblks: usize,
    hblks: usize,
    hblkhd: usize,
    usmblks: usize,
    fsmblks: usize,
    uordblks: usize,
    fordblks: usize,
    keepcost: usize,
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
extern "C" {
    fn mallinfo2() -> MallInfo2;
}

/// Bytes malloc has handed out and not taken back (None where glibc is not the allocator).
fn malloc_in_use() -> Option<usize> {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // SAFETY: mallinfo2 takes no arguments and returns a plain struct.
        let info = unsafe { mallinfo2() };
        Some(info.uordblks + info.hblkhd)
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    None
}

fn data_dir() -> PathBuf {
    std::env::var_os("PEGURL_BENCH_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/urls"),
        PathBuf::from,
    )
}

/// Parses every line with `parse`, keeps the URLs, and prints what they hold per URL.
fn measure<U>(list: &str, name: &str, lines: &[&str], parse: impl Fn(&str) -> Option<U>) {
    let mut urls: Vec<U> = Vec::with_capacity(lines.len());
    let (live, malloc) = (LIVE.load(Ordering::Relaxed), malloc_in_use());
    urls.extend(lines.iter().filter_map(|line| parse(line)));
    let kept = urls.len().max(1);
    let requested = LIVE.load(Ordering::Relaxed) - live;
    let malloc = malloc
        .zip(malloc_in_use())
        .map(|(a, b)| b.saturating_sub(a));
    let malloc = malloc.map_or_else(
        || "n/a".to_owned(),
        |m| format!("{:.1}", m as f64 / kept as f64),
    );
    println!(
        "{list:16} {name:8} size_of {:3}  heap per URL: requested {:7.1}  malloc {malloc:>7}  ({kept} URLs)",
        std::mem::size_of::<U>(),
        requested as f64 / kept as f64,
    );
    drop(urls);
}

fn main() {
    for list in ["kasztp.txt", "node_files.txt"] {
        let path = data_dir().join(list);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("skipping {}: {e}", path.display());
                continue;
            }
        };
        let lines: Vec<&str> = text.lines().collect();
        measure(list, "pegurl", &lines, |l| pegurl::Url::parse(l).ok());
        measure(list, "url", &lines, |l| url::Url::parse(l).ok());
        #[cfg(feature = "bench-peers")]
        measure(list, "ada", &lines, |l| ada_url::Url::parse(l, None).ok());
    }
}
