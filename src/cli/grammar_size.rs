//! The command-line tool's threads for grammar work: pest_meta reads and pest_vm runs a grammar
//! recursively, so a grammar within the library's bounds (src/grammar_size.rs) may still need
//! more stack than a default thread has.

/// The stack of the threads that load grammars and parse with them.
pub const STACK: usize = 256 << 20;

/// Runs `work` on a thread with a stack large enough for the grammars the library's size check lets through
/// (only the pages it touches are used); a panic in it comes back as an error.
pub fn on_big_stack<T: Send>(work: impl FnOnce() -> T + Send) -> Result<T, String> {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(STACK)
            .spawn_scoped(scope, work)
            .map_err(|e| format!("cannot start a thread: {e}"))?
            .join()
            .map_err(|_| "the grammar work panicked".to_owned())
    })
}
