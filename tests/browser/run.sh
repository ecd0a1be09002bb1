#!/usr/bin/env bash
# The viewer's end-to-end test: installs what it needs (Debian's chromium, npm playwright-core),
# builds the pegurl binary, and runs viewer.test.mjs with node's test runner. Screenshots are
# written to tests/browser/out/.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v chromium >/dev/null; then
    apt-get update -qq
    apt-get install -y -qq chromium >/dev/null
fi
npm install --no-package-lock --no-audit --no-fund --loglevel=error
(cd ../.. && cargo build --quiet --bin pegurl)
export PEGURL_BIN="${PEGURL_BIN:-$(cd ../.. && pwd)/target/debug/pegurl}"
node --test --test-reporter=spec viewer.test.mjs
