#!/usr/bin/env bash
# Builds and installs the pegurl Python package from this repository into a fresh virtual
# environment (maturin comes from PyPI as the build backend), with pytest, Polars, pyarrow and
# PySpark, and runs the tests. PySpark's tests need Java 17+ (`java` on PATH).
#   bindings/python/run-tests.sh [pytest args...]     (VENV=dir to choose the environment)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${VENV:-$here/.venv}"
python="${PYTHON:-python3}"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet "$here[test]"
cd "$here"
status=0
# Spark runs its Python workers with this interpreter (the one with pegurl and pyarrow).
export PYSPARK_PYTHON="$venv/bin/python"
"$venv/bin/python" -m pytest -q "$@" || status=$?
# pytest's 5 means "no tests ran": a failure here, never a pass.
if [ "$status" -eq 5 ]; then
  echo "run-tests.sh: pytest collected no tests" >&2
  exit 1
fi
exit "$status"
