"""WPT's urltestdata.json and setters_tests.json through the Python API, one test per case."""

import pytest

import pegurl
from conftest import case_id, load_fixture

GETTERS = ("href", "origin", "protocol", "username", "password", "host", "hostname", "port",
           "pathname", "search", "hash")

URL_CASES = [c for c in load_fixture("wpt", "urltestdata.json") if isinstance(c, dict)]


@pytest.mark.parametrize("case", URL_CASES, ids=[case_id(i, c["input"]) for i, c in enumerate(URL_CASES)])
def test_urltestdata(case):
    base = case.get("base")
    if case.get("failure"):
        with pytest.raises(pegurl.URLError):
            pegurl.URL(case["input"], base)
        assert pegurl.URL.parse(case["input"], base) is None
        assert not pegurl.URL.can_parse(case["input"], base)
        return
    url = pegurl.URL(case["input"], base)
    for getter in GETTERS:
        if getter in case:
            assert getattr(url, getter) == case[getter], getter
    assert str(url) == case["href"]
    assert pegurl.URL.can_parse(case["input"], base)
    assert pegurl.URL.parse(case["input"], base) == url


SETTER_CASES = [
    (setter, case)
    for setter, cases in load_fixture("wpt", "setters_tests.json").items()
    if setter != "comment"
    for case in cases
]


@pytest.mark.parametrize(
    "setter,case",
    SETTER_CASES,
    ids=[case_id(i, f"{s} {c['href']} <- {c['new_value']}") for i, (s, c) in enumerate(SETTER_CASES)],
)
def test_setter(setter, case):
    url = pegurl.URL(case["href"])
    setattr(url, setter, case["new_value"])
    for getter, expected in case["expected"].items():
        assert getattr(url, getter) == expected, getter
