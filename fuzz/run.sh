#!/usr/bin/env bash
# Seeds the corpora and runs every fuzz target for SECONDS each (default 60); fails, showing the
# end of its log, when a target finds a crash.
# Needs cargo-fuzz (installed if missing); on a stable toolchain RUSTC_BOOTSTRAP=1 lets it pass
# its -Z flags.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
python3 fuzz/seed.py
export RUSTC_BOOTSTRAP=1
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# With CARGO_TARGET_DIR set (CI builds in memory when the disk is nearly full), the fuzz builds
# go there too instead of fuzz/target.
target_dir=()
if [ -n "${CARGO_TARGET_DIR:-}" ]; then
  target_dir=(--target-dir "$CARGO_TARGET_DIR/fuzz")
fi
for target in parse parse_with_base setters check search_params engines grammar_mutants rfc3986; do
  echo "== $target: ${seconds}s"
  if ! cargo fuzz run -O "${target_dir[@]}" "$target" "fuzz/corpus/$target" -- \
      -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
      -print_final_stats=1 >"$log" 2>&1; then
    tail -n 60 "$log"
    echo "fuzz target $target failed"
    exit 1
  fi
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log"
done
