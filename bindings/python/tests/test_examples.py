"""The README's examples run as written."""

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def run(name):
    done = subprocess.run([sys.executable, str(EXAMPLES / name)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_polars_example():
    out = run("polars_urls.py")
    assert "example.com" in out and "domain-to-ASCII" in out and "https://example.net/c" in out


def test_spark_example():
    pytest.importorskip("pyspark")
    out = run("spark_urls.py")
    assert "example.com" in out and "8080" in out and "domain-to-ASCII" in out
