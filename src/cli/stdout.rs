//! Standard output for every subcommand. A reader that has gone away (a broken pipe, as when
//! the output goes into `head`) ends the program quietly with success: the reader had all it
//! wanted. Any other write error ends it with a message and exit code 2. `out_print!` and
//! `out_println!` (in `cli/mod.rs`) are `print!` and `println!` through here.

use std::io::{self, Write};

/// Writes formatted text to standard output, as `print!` does, without panicking on a closed
/// reader.
pub fn print(text: std::fmt::Arguments<'_>) {
    let mut out = io::stdout().lock();
    if let Err(e) = out.write_fmt(text).and_then(|()| out.flush()) {
        end_on(&e);
    }
}

/// Writes bytes to standard output and flushes them, as [`print`] does.
pub fn write_all(bytes: &[u8]) {
    let mut out = io::stdout().lock();
    if let Err(e) = out.write_all(bytes).and_then(|()| out.flush()) {
        end_on(&e);
    }
}

/// Ends the program after a write to standard output failed: success for a broken pipe, exit
/// code 2 with a message otherwise.
fn end_on(e: &io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("pegurl: writing to standard output: {e}");
    std::process::exit(2);
}
