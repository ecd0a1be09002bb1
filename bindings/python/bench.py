"""Rows per second per core on one million URLs (the lists in ../shared/data/urls repeated):
pegurl's Polars namespace, Polars with urllib.parse in map_elements, yarl, ada-url's Python
bindings, and Spark: pegurl through mapInArrow against Spark's built-in parse_url.

    python bindings/python/bench.py [--rows N] [--repeat R] [--no-spark]

Needs polars, pyarrow, yarl, ada-url and pyspark (with Java) installed beside pegurl; a peer
that is not installed is reported and left out. Every single-process path is timed R times
(best and median reported); Spark runs local[2] and is reported per core (rows/s / 2). Each path
extracts the host name of every URL (Spark: parse_url's HOST against pegurl's hostname), and the
script counts the rows where the answers differ from pegurl's.

What each row computes, per URL:
- pegurl Polars ``.url.hostname()``: a WHATWG parse without validation errors, then the
  hostname getter, written into an Arrow column (Polars' strings in, an Arrow column out);
- pegurl ``pegurl.arrow.hostname`` on a pyarrow array: the same kernel without Polars around it;
- pegurl Polars ``.url.parse()``: the parse collecting validation errors, the eleven getters,
  the validity, the errors' codes and the failure message (14 columns);
- Polars + ``urllib.parse``: ``urlsplit(u).hostname`` in ``map_elements`` (one Python call per
  row; urlsplit splits the string and lowercases the host, with no percent-decoding, IDNA,
  IPv4 or path normalization);
- yarl: ``URL(u).host``; ada-url: ``URL(u).hostname`` (a WHATWG parse), each in a Python loop.

The figure per core is rows per wall-clock second on one thread; "rows per CPU-second" (every
thread of this process) says the same when a path ran on one thread, and is the one to read if
Polars ran a path on several.
"""

import argparse
import os
import statistics
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DATA = Path(os.environ.get("PEGURL_URL_DATA", REPO.parent / "shared" / "data" / "urls"))


def load(rows):
    urls = []
    for name in ("kasztp.txt", "node_files.txt"):
        with open(DATA / name, encoding="utf-8", errors="replace") as f:
            urls.extend(line.rstrip("\n") for line in f)
    return (urls * (rows // len(urls) + 1))[:rows]


def timed(fn, repeat):
    """Runs ``fn`` ``repeat`` times: the wall-clock times, the CPU times of this process (every
    thread), and the last result."""
    times, cpu, result = [], [], None
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = fn()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return (times, cpu), result


def report(name, rows, times, cores=1):
    """One table row: rows per wall-clock second divided by ``cores`` (best and median), and,
    for the paths that run in this process, rows per CPU-second (best): the figure per core even
    if a path ran on more than one thread."""
    times, cpu = times
    best, median = min(times), statistics.median(times)
    per_cpu = f"{rows / min(cpu):,.0f}" if cores == 1 and min(cpu) > 0 else "n/a"
    print(
        f"| {name} | {rows / best / cores:,.0f} | {rows / median / cores:,.0f} | {per_cpu} | {len(times)} |",
        flush=True,
    )
    return rows / best / cores


def differ(a, b):
    return sum(1 for x, y in zip(a, b) if x != y)


def loop_hosts(peer, host_of, urls):
    """The host of each URL by a Python loop over a peer's URL class (None where it raises)."""
    out = []
    for u in urls:
        try:
            out.append(host_of(peer, u))
        except ValueError:
            out.append(None)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-spark", action="store_true")
    args = parser.parse_args()

    import polars as pl

    import pegurl.polars  # noqa: F401

    urls = load(args.rows)
    rows = len(urls)
    series = pl.Series("u", urls)
    print(f"{rows:,} URLs; rows per second per core (best, median of the runs)\n")
    print("| path | rows/s/core best | median | rows per CPU-second | runs |")
    print("|---|---|---|---|---|")
    results = {}

    times, hosts = timed(lambda: pl.DataFrame({"u": series}).select(pl.col("u").url.hostname())["u"], args.repeat)
    results["pegurl"] = report("pegurl Polars `.url.hostname()`", rows, times)
    pegurl_hosts = hosts.to_list()
    try:
        import pyarrow as pa

        import pegurl.arrow

        array = pa.array(urls, pa.string())
        times, _ = timed(lambda: pegurl.arrow.hostname(array), args.repeat)
        report("pegurl `pegurl.arrow.hostname` on a pyarrow array (the kernel alone)", rows, times)
    except ImportError:
        print("| pegurl.arrow on pyarrow | pyarrow not installed | | | |")
    times, _ = timed(lambda: pl.DataFrame({"u": series}).select(pl.col("u").url.parse()), args.repeat)
    report("pegurl Polars `.url.parse()` (every component, errors)", rows, times)

    from urllib.parse import urlsplit

    def urllib_host(u):
        try:
            return urlsplit(u).hostname
        except ValueError:
            return None

    times, hosts = timed(
        lambda: pl.DataFrame({"u": series}).select(pl.col("u").map_elements(urllib_host, return_dtype=pl.String))["u"],
        args.repeat,
    )
    results["urllib"] = report("Polars + urllib.parse (`map_elements`)", rows, times)
    print(f"<!-- urllib.parse hostname differs from pegurl on {differ(hosts.to_list(), pegurl_hosts):,} rows -->")

    peers = (
        ("yarl", "yarl (a loop of `URL(u).host`)", lambda m, u: m.URL(u).host),
        ("ada_url", "ada-url (a loop of `URL(u).hostname`)", lambda m, u: m.URL(u).hostname),
    )
    for module, name, host_of in peers:
        try:
            peer = __import__(module)
        except ImportError:
            print(f"| {name} | not installed | | | |")
            continue
        times, hosts = timed(lambda: loop_hosts(peer, host_of, urls), args.repeat)
        results[module] = report(name, rows, times)
        print(f"<!-- {module} differs from pegurl on {differ(hosts, pegurl_hosts):,} rows -->")

    if not args.no_spark:
        spark_bench(urls, args.repeat, pegurl_hosts)

    print()
    if "urllib" in results:
        print(f"pegurl Polars / Polars + urllib.parse: {results['pegurl'] / results['urllib']:.1f}x")
    if "ada_url" in results:
        print(f"pegurl Polars / ada-url: {results['pegurl'] / results['ada_url']:.2f}x")


def spark_bench(urls, repeat, pegurl_hosts):
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    from pegurl.spark import with_url_columns

    spark = (
        SparkSession.builder.master("local[2]")
        .appName("pegurl-bench")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.memory", "4g")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    rows = len(urls)
    import tempfile

    import pyarrow as pa
    import pyarrow.parquet as pq

    parquet = Path(tempfile.mkdtemp(prefix="pegurl-bench-")) / "urls.parquet"
    pq.write_table(pa.table({"i": pa.array(range(rows), pa.int64()), "url": urls}), parquet)
    df = spark.read.parquet(str(parquet)).repartition(2).cache()
    df.count()

    def pegurl_run():
        return with_url_columns(df, "url", ["hostname"]).select("i", "url_hostname").collect()

    def builtin_run():
        return df.select("i", F.expr("try_parse_url(url, 'HOST')").alias("host")).collect()

    def count_only(build):
        return lambda: build().count()

    times, _ = timed(count_only(lambda: with_url_columns(df, "url", ["hostname"]).select("url_hostname").where("url_hostname is not null")), repeat)
    report("Spark local[2]: pegurl via mapInArrow (hostname)", rows, times, cores=2)
    times, _ = timed(count_only(lambda: df.select(F.expr("try_parse_url(url, 'HOST')").alias("h")).where("h is not null")), repeat)
    report("Spark local[2]: built-in try_parse_url(url, 'HOST')", rows, times, cores=2)

    ours = {r["i"]: r["url_hostname"] for r in pegurl_run()}
    theirs = {r["i"]: r["host"] for r in builtin_run()}
    diff = [i for i in ours if ours[i] != theirs.get(i)]
    print(f"<!-- Spark parse_url HOST differs from pegurl hostname on {len(diff):,} rows; e.g. -->")
    for i in diff[:5]:
        print(f"<!--   {urls[i]!r}: pegurl {ours[i]!r}, parse_url {theirs[i]!r} -->")
    assert [ours[i] for i in range(rows)] == pegurl_hosts
    spark.stop()


if __name__ == "__main__":
    main()
