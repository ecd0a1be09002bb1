//! Parsing while thread-locals are being destroyed: the token buffer pegurl keeps per thread may
//! be gone already, and a parse must then use a fresh one instead of aborting the process.
//! (A test binary of its own: before the fix, the process aborted.)

use std::cell::RefCell;

/// Parses a URL when dropped, and records the href.
struct ParsesOnDrop(RefCell<Option<std::sync::mpsc::Sender<String>>>);

impl Drop for ParsesOnDrop {
    fn drop(&mut self) {
        let href = pegurl::Url::parse("HTTP://Example.org/a/../b?q#f")
            .map(|url| url.href().to_owned())
            .unwrap_or_else(|e| e.to_string());
        if let Some(sender) = self.0.borrow_mut().take() {
            let _ = sender.send(href);
        }
    }
}

thread_local! {
    static GUARD: ParsesOnDrop = const { ParsesOnDrop(RefCell::new(None)) };
}

/// Runs a thread that arms the guard before or after pegurl first parses, and returns what the
/// guard parsed while the thread's locals were destroyed.
fn parse_in_destructor(guard_first: bool) -> String {
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let arm = || GUARD.with(|g| *g.0.borrow_mut() = Some(sender.clone()));
        if guard_first {
            // Destructors run in reverse order of first use: pegurl's buffer goes first.
            arm();
            pegurl::Url::parse("http://warm.up/").unwrap();
        } else {
            pegurl::Url::parse("http://warm.up/").unwrap();
            arm();
        }
    })
    .join()
    .unwrap();
    receiver.recv().unwrap()
}

#[test]
fn parsing_after_the_token_buffer_is_destroyed() {
    assert_eq!(parse_in_destructor(true), "http://example.org/b?q#f");
}

#[test]
fn parsing_before_the_token_buffer_is_destroyed() {
    assert_eq!(parse_in_destructor(false), "http://example.org/b?q#f");
}
