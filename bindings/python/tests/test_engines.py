"""pegurl.arrow, the Polars namespace and the Spark helper against ``URL`` row by row, on the URL
lists in ../shared/data/urls (kasztp.txt, node_files.txt) with null rows and failures mixed in."""

import pyarrow as pa
import polars as pl
import pytest

import pegurl
import pegurl.arrow
import pegurl.polars  # noqa: F401 - registers the .url namespace

COMPONENTS = pegurl.arrow.COMPONENTS
GETTERS = tuple(pegurl.url_components())
EXTRA = [None, "http://[::1/", "https://exa mple.org/", "", "relative/path", "http://EXAMPLE.com:80/a/../b"]


def expected_row(text, base=None):
    """What the kernel's struct must hold for ``text``, from ``URL`` and ``check``."""
    if text is None:
        return None
    url = pegurl.URL.parse(text, base)
    errors = pegurl.check(text, base)
    row = {g: (getattr(url, g) if url else None) for g in GETTERS}
    row["valid"] = pegurl.is_valid(text, base)
    row["errors"] = [e.code for e in errors]
    row["failure"] = None
    if url is None:
        fatal = [e for e in errors if e.fatal]
        row["failure"] = (fatal[-1].code or "") if fatal else ""
    return row


def assert_rows_equal(rows, texts, base=None):
    assert len(rows) == len(texts)
    for got, text in zip(rows, texts):
        want = expected_row(text, base)
        if want is None:
            assert got is None, text
            continue
        failure = got.pop("failure")
        want_failure = want.pop("failure")
        if want_failure is None:
            assert failure is None, text
        else:
            assert failure is not None and failure.startswith(want_failure), (text, failure)
        if want["href"] is None:
            # A failed row's errors stop where the parse stopped, as check's do.
            got.pop("errors"), want.pop("errors")
        assert got == want, text


@pytest.fixture(scope="module")
def rows(url_rows):
    return url_rows + EXTRA


def test_arrow_parse_every_row(rows):
    for array in (pa.array(rows, pa.string()), pa.array(rows, pa.large_string()), pa.array(rows, pa.string_view())):
        out = pa.array(pegurl.arrow.parse(array))
        assert out.type.names == list(COMPONENTS)
        assert_rows_equal(out.to_pylist(), rows)


def test_arrow_components_equal_the_struct(rows):
    chunked = pa.chunked_array([rows[:1000], rows[1000:]], pa.string())
    whole = pa.array(pegurl.arrow.parse(chunked.combine_chunks()))
    for name in COMPONENTS:
        column = pa.chunked_array(getattr(pegurl.arrow, name)(chunked))
        assert column.num_chunks == 2
        assert column.to_pylist() == whole.field(name).to_pylist(), name


def test_arrow_string_view_equals_utf8(rows):
    for array in (pa.array(rows, pa.string()), pa.array(rows, pa.large_string()), pa.array(rows, pa.string_view())):
        utf8 = pa.array(pegurl.arrow.parse(array))
        views = pa.array(pegurl.arrow.parse(array, string_view=True))
        assert views.type.field("href").type == pa.string_view()
        assert views.type.field("errors").type.value_type == pa.string_view()
        assert views.to_pylist() == utf8.to_pylist()
        hosts = pa.array(pegurl.arrow.component(array, "hostname", string_view=True))
        assert hosts.type == pa.string_view()
        assert hosts.to_pylist() == utf8.field("hostname").to_pylist()


def test_arrow_bases():
    urls = pa.array(["../c", "d", None, "e"])
    out = pa.array(pegurl.arrow.href(urls, "http://h/x/y"))
    assert out.to_pylist() == ["http://h/c", "http://h/x/d", None, "http://h/x/e"]
    bases = pa.array(["http://a/b/", None, "http://z/", "not a base"])
    out = pa.array(pegurl.arrow.parse(urls, bases)).to_pylist()
    assert [r and r["href"] for r in out] == ["http://a/c", None, None, None]
    assert out[3]["failure"].startswith("invalid base URL") or "base" in out[3]["failure"]
    with pytest.raises(ValueError):
        pegurl.arrow.parse(urls, pa.array(["http://a/"]))
    with pytest.raises(ValueError):
        pegurl.arrow.component(urls, "nope")
    with pytest.raises((ValueError, TypeError)):
        pegurl.arrow.parse(pa.array([1, 2]))
    nulls = pa.array(pegurl.arrow.hostname(pa.nulls(3)))
    assert nulls.to_pylist() == [None, None, None]


def test_polars_namespace_every_row(rows):
    df = pl.DataFrame({"u": rows})
    out = df.select(pl.col("u").url.parse())["u"].to_list()
    assert_rows_equal(out, rows)
    hosts = df.select(pl.col("u").url.host())["u"].to_list()
    assert hosts == [r and r["host"] for r in out]
    hostnames = df.select(pl.col("u").url.hostname())["u"].to_list()
    assert hostnames == [r and r["hostname"] for r in out]
    assert df.select(pl.col("u").url.valid()).dtypes == [pl.Boolean]
    assert df.select(pl.col("u").url.errors()).dtypes == [pl.List(pl.String)]


def test_polars_namespace_bases_and_series():
    df = pl.DataFrame({"u": ["../c", "d", None], "b": ["http://a/b/", "http://z/", "http://y/"]})
    got = df.select(pl.col("u").url.href(base=pl.col("b")))["u"].to_list()
    assert got == ["http://a/c", "http://z/d", None]
    got = df.select(pl.col("u").url.href("http://h/x/y"))["u"].to_list()
    assert got == ["http://h/c", "http://h/x/d", None]
    assert df["u"].url.hostname("http://q/").to_list() == ["q", "q", None]
    lazy = df.lazy().with_columns(host=pl.col("u").url.hostname("http://w/")).collect()
    assert lazy["host"].to_list() == ["w", "w", None]


@pytest.fixture(scope="module")
def spark():
    pyspark = pytest.importorskip("pyspark.sql")
    session = (
        pyspark.SparkSession.builder.master("local[2]")
        .appName("pegurl-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    yield session
    session.stop()


def test_spark_map_in_arrow_every_row(spark, rows):
    from pegurl.spark import with_url_columns

    df = spark.createDataFrame([(i, u) for i, u in enumerate(rows)], "i long, url string")
    out = with_url_columns(df, "url", COMPONENTS, prefix="")
    got = {r["i"]: r.asDict() for r in out.collect()}
    assert len(got) == len(rows)
    texts = [rows[i] for i in sorted(got)]
    parsed = []
    for i in sorted(got):
        row = got[i]
        parsed.append(None if row["url"] is None else {c: row[c] for c in COMPONENTS})
    assert_rows_equal(parsed, texts)


def test_spark_rejects_unknown_and_clashing_columns(spark):
    from pegurl.spark import with_url_columns

    df = spark.createDataFrame([("http://a/", "x")], "url string, hostname string")
    with pytest.raises(ValueError):
        with_url_columns(df, "url", ["nope"])
    with pytest.raises(ValueError):
        with_url_columns(df, "url", ["hostname"], prefix="")
    assert with_url_columns(df, "url", ["hostname"], base=None).collect()[0]["url_hostname"] == "a"
