"""The README's Polars example: pegurl's .url namespace on a column of URLs."""

import polars as pl

import pegurl.polars  # noqa: F401 - registers the .url namespace

df = pl.DataFrame({"url": ["HTTPS://EXAMPLE.com/a/../b?q", "http://exa mple.org/", "../c", None]})
print(
    df.with_columns(
        hostname=pl.col("url").url.hostname(),
        valid=pl.col("url").url.valid(),
        errors=pl.col("url").url.errors(),
        joined=pl.col("url").url.href(base="https://example.net/x/y"),
    )
)
