//! A driver for instruction counts (`valgrind --tool=callgrind`): it reads a URL list, one URL a
//! line, into batches of 8,192 rows and does one kind of work on every row, so that the kernel and
//! a plain loop over pegurl's API can be compared without a noisy clock.
//!
//! ```text
//! cargo build --release -p pegurl-arrow --example cost
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/cost MODE ../shared/data/urls/kasztp.txt
//! ```
//!
//! MODE is one of:
//! - `read`: read the lines and build the batches only (subtract it from the others);
//! - `loop`: `Url::parse`, then the eleven getters of the kernel's struct (href to origin);
//! - `loop-errors`: the same parse also collecting its validation errors, the eleven getters,
//!   the validity, the errors' codes and the failure's message when it fails: what `parse_urls`
//!   computes;
//! - `loop-COMPONENT` (`loop-hostname`, ...): `Url::parse`, then that one getter;
//! - `struct`: `parse_urls`;
//! - `COMPONENT` (`hostname`, `href`, `valid`, ...): `parse_component`;
//! - `views-MODE` (`views-read`, `views-hostname`, `views-struct`, ...): MODE on Utf8View batches,
//!   with the output in the Utf8View layout (what the Polars namespace runs).
//!
//! The loops are `benches/loops/mod.rs`, shared with the criterion bench.

#[path = "../benches/loops/mod.rs"]
mod loops;

use std::hint::black_box;
use std::process::ExitCode;
use std::sync::Arc;

use arrow_array::{Array, ArrayRef, StringArray, StringViewArray};
use pegurl_arrow::{parse_component, parse_urls, Component, ParseOptions, StringLayout};

/// The rows of one batch, as DataFusion's default batch size.
const BATCH: usize = 8192;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let (Some(mode), Some(path)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: cost MODE URL-LIST (see the source for the modes)");
        return ExitCode::FAILURE;
    };
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let urls: Vec<&str> = text.lines().collect();
    let (mode, layout) = match mode.strip_prefix("views-") {
        Some(mode) => (mode, StringLayout::Utf8View),
        None => (mode.as_str(), StringLayout::Utf8),
    };
    let batches: Vec<ArrayRef> = urls
        .chunks(BATCH)
        .map(|chunk| match layout {
            StringLayout::Utf8View => Arc::new(StringViewArray::from(chunk.to_vec())) as ArrayRef,
            _ => Arc::new(StringArray::from(chunk.to_vec())) as ArrayRef,
        })
        .collect();
    let options = ParseOptions::new().with_layout(layout);
    let total: usize = match mode {
        "read" => batches.iter().map(|b| b.len()).sum(),
        "loop" => urls.iter().map(|u| loops::parse_and_get_all(u)).sum(),
        "loop-errors" => {
            let mut errors = Vec::new();
            urls.iter()
                .map(|u| loops::parse_with_errors_and_get_all(u, &mut errors))
                .sum()
        }
        "struct" => batches
            .iter()
            .map(|b| parse_urls(black_box(b), &options).map_or(0, |s| s.len()))
            .sum(),
        other => match other.strip_prefix("loop-").map(Component::from_name) {
            Some(Some(component)) => urls
                .iter()
                .map(|u| loops::parse_and_get(u, component))
                .sum(),
            Some(None) => return unknown(other),
            None => match Component::from_name(other) {
                Some(component) => batches
                    .iter()
                    .map(|b| {
                        parse_component(black_box(b), component, &options).map_or(0, |c| c.len())
                    })
                    .sum(),
                None => return unknown(other),
            },
        },
    };
    println!("{mode}: {} rows, {total}", urls.len());
    ExitCode::SUCCESS
}

fn unknown(mode: &str) -> ExitCode {
    eprintln!("unknown mode {mode:?} (see the source for the modes)");
    ExitCode::FAILURE
}
