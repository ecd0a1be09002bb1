"""The Python API beyond WPT: check() against whatwg-url's validation errors and the hand-worked
spans, is_valid, URLSearchParams (WPT's urlencoded-parser data), pickling, equality, hashing."""

import copy
import pickle

import pytest

import pegurl
from conftest import case_id, load_fixture

VALIDATION = (
    load_fixture("validation", "whatwg-url-validation.json")["cases"]
    + load_fixture("validation", "wpt.json")["cases"]
)


@pytest.mark.parametrize("case", VALIDATION, ids=[case_id(i, c["input"]) for i, c in enumerate(VALIDATION)])
def test_check_codes_match_whatwg_url(case):
    base = case.get("base")
    if base is not None and not pegurl.URL.can_parse(base):
        with pytest.raises(pegurl.URLError):
            pegurl.check(case["input"], base)
        return
    errors = pegurl.check(case["input"], base)
    assert [e.code for e in errors if e.code] == case["codes"]
    assert pegurl.is_valid(case["input"], base) == case["valid"]
    url = pegurl.URL.parse(case["input"], base)
    assert (url is None) == (case["href"] is None)
    assert any(e.fatal for e in errors) == (url is None)
    if url is not None:
        assert url.href == case["href"]


SPANS = load_fixture("validation", "spans.json")["cases"]


def _str_index(text, byte_offset):
    """The str index of a UTF-8 byte offset of ``text`` (the fixture's spans are bytes)."""
    return len(text.encode("utf-8")[:byte_offset].decode("utf-8", errors="ignore"))


@pytest.mark.parametrize("case", SPANS, ids=[case_id(i, c["input"]) for i, c in enumerate(SPANS)])
def test_check_spans(case):
    text = case["input"]
    expected = [(code, (_str_index(text, s), _str_index(text, e))) for code, s, e in case["errors"]]
    assert [(e.code, e.span) for e in pegurl.check(text, case.get("base"))] == expected


def test_check_reports_message_and_fatal():
    # Code and span as spans.json has them for this input; the fatal flag because it fails.
    errors = pegurl.check("https://[::1")
    assert [(e.code, e.span, e.fatal) for e in errors] == [("IPv6-unclosed", (8, 12), True)]
    assert errors[0].message
    assert pegurl.check("https://example.org/") == []
    with pytest.raises(pegurl.URLError):
        pegurl.check("/x", "not a base")


def test_url_error_is_a_value_error():
    assert issubclass(pegurl.URLError, ValueError)
    with pytest.raises(ValueError, match="IPv6-unclosed"):
        pegurl.URL("http://[::1/")
    with pytest.raises(pegurl.URLError, match="invalid base URL"):
        pegurl.URL("/x", "nope")
    url = pegurl.URL("http://a/")
    with pytest.raises(pegurl.URLError):
        url.href = "no scheme"
    assert url.href == "http://a/"


def test_equality_hash_pickle_copy():
    a = pegurl.URL("HTTP://Example.COM:80/a/../b")
    b = pegurl.URL("/b", "http://example.com/")
    assert a == b and hash(a) == hash(b) and a != "http://example.com/b"
    assert len({a, b}) == 1
    for clone in (pickle.loads(pickle.dumps(a)), copy.copy(a), copy.deepcopy(a)):
        assert clone == a and clone is not a
    assert repr(a) == "URL('http://example.com/b')" or repr(a) == 'URL("http://example.com/b")'
    assert a.to_json() == str(a) == "http://example.com/b"


def test_setters_change_the_url():
    url = pegurl.URL("https://example.org/a?x=1#f")
    url.port = "8443"
    url.pathname = "/b c"
    url.search = ""
    url.hash = "g"
    url.username = "me"
    assert url.href == "https://me@example.org:8443/b%20c#g"
    url.port = "99999"  # not a port: ignored, as the standard's setter does
    assert url.port == "8443"


def test_search_params_is_live():
    url = pegurl.URL("https://example.org/?b=2&a=1")
    params = url.search_params
    params.sort()
    params.append("c", "x y")
    assert url.search == "?a=1&b=2&c=x+y"
    url.search = "?z=9"
    assert params.get("z") == "9" and len(params) == 1 and "z" in params
    params.delete("z")
    assert url.href == "https://example.org/"


def test_search_params_standalone():
    params = pegurl.URLSearchParams("?a=1&a=2&b=%20")
    assert params.get_all("a") == ["1", "2"] and params.get("b") == " "
    assert params.has("a", "2") and not params.has("a", "3")
    params.set("a", "3")
    assert str(params) == "a=3&b=+"
    assert list(pegurl.URLSearchParams({"x": "1", "y": "2"})) == [("x", "1"), ("y", "2")]
    assert pegurl.URLSearchParams([("é", "~")]).items() == [("é", "~")]
    assert str(pegurl.URLSearchParams([("é", "~")])) == "%C3%A9=%7E"
    assert pegurl.URLSearchParams(params) == params
    with pytest.raises(TypeError):
        pegurl.URLSearchParams([("only one",)])


FORM = load_fixture("wpt", "urlencoded-parser-data.json")


@pytest.mark.parametrize("case", FORM, ids=[case_id(i, c["input"]) for i, c in enumerate(FORM)])
def test_urlencoded_parser(case):
    assert pegurl.URLSearchParams(case["input"]).items() == [tuple(p) for p in case["output"]]
