"""Where the tests find their data: the repository's fixtures, and the URL lists in
../shared/data/urls beside the repository (or $PEGURL_URL_DATA)."""

import json
import os
import re
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
FIXTURES = REPO / "fixtures"
URL_DATA = Path(os.environ.get("PEGURL_URL_DATA", REPO.parent / "shared" / "data" / "urls"))
URL_LISTS = ("kasztp.txt", "node_files.txt")

# Spark's Python workers run `python3` from PATH unless told otherwise: run them (and the examples'
# workers, which inherit this) with the interpreter that has pegurl and pyarrow installed.
os.environ.setdefault("PYSPARK_PYTHON", sys.executable)

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def no_lone_surrogates(value):
    """JavaScript turns lone surrogates into U+FFFD before ``new URL()`` sees them; so do we."""
    if isinstance(value, str):
        return _LONE_SURROGATE.sub("\ufffd", value)
    if isinstance(value, dict):
        return {k: no_lone_surrogates(v) for k, v in value.items()}
    if isinstance(value, list):
        return [no_lone_surrogates(v) for v in value]
    return value


def load_fixture(*parts):
    """A JSON fixture of the repository, lone surrogates replaced."""
    with open(FIXTURES.joinpath(*parts), encoding="utf-8") as f:
        return no_lone_surrogates(json.load(f))


def case_id(index, text):
    """A readable, unique test id."""
    short = text if len(text) <= 40 else text[:37] + "..."
    return f"{index}:{short!r}"


@pytest.fixture(scope="session")
def url_rows():
    """Every line of the URL lists (kasztp.txt, node_files.txt); the tests that need them skip,
    saying so, when the lists are absent."""
    rows = []
    for name in URL_LISTS:
        path = URL_DATA / name
        if not path.exists():
            pytest.skip(f"the URL list {path} is absent (set PEGURL_URL_DATA)")
        with open(path, encoding="utf-8", errors="replace") as f:
            rows.extend(line.rstrip("\n") for line in f)
    return rows
