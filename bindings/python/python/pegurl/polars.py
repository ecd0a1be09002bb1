"""A ``.url`` namespace on Polars expressions and Series, running pegurl's Arrow kernel on whole
columns: ``import pegurl.polars`` registers it.

    >>> import polars as pl, pegurl.polars
    >>> pl.DataFrame({"u": ["https://EXAMPLE.com/a/../b"]}).select(pl.col("u").url.hostname())

Each method runs the kernel once per chunk of the column, reading Polars' strings in place
through the Arrow PyCapsule interface (no copy, no Python call per row), and hands back string
views, the layout Polars keeps: a host name the input holds as written is not copied. ``base`` is ``None``,
one ``str``, or (for expressions) a column name or expression of bases. The methods are the
kernel's columns: ``parse()`` (the struct of every component), ``href()``, ``protocol()``,
``username()``, ``password()``, ``host()``, ``hostname()``, ``port()``, ``pathname()``,
``search()``, ``hash()``, ``origin()``, ``valid()``, ``errors()`` and ``failure()``.

This namespace is Python over the kernel rather than a compiled pyo3-polars plugin: the Polars
crates alone take longer to build than the CI budget allows (see the README).
"""

from typing import Any, Optional, Union

import polars as pl

from pegurl import _pegurl

__all__ = ["UrlExpr", "UrlSeries", "dtype"]

_COMPONENTS = tuple(_pegurl.arrow_components())


def dtype(name: str) -> pl.DataType:
    """The Polars type of the kernel's column ``name`` (``"parse"``: the struct)."""
    if name == "parse":
        return pl.Struct({c: dtype(c) for c in _COMPONENTS})
    if name == "valid":
        return pl.Boolean()
    if name == "errors":
        return pl.List(pl.String())
    return pl.String()


def _run(urls: pl.Series, name: str, base: Any) -> pl.Series:
    """The kernel's column ``name`` for ``urls`` (a Series), as a Series of the same name."""
    if isinstance(base, pl.Series):
        base = base.cast(pl.String)
    # Polars keeps strings as views: the kernel writes views too (a host name as written points
    # into the column's own buffers), so Polars takes the result in without converting it.
    if name == "parse":
        out = _pegurl.arrow_parse(urls.cast(pl.String), base, True)
    else:
        out = _pegurl.arrow_component(urls.cast(pl.String), name, base, True)
    # Polars reads the Arrow stream in; the name is set after (the stream carries none it keeps).
    return pl.Series(out).alias(urls.name)


def _expr(expr: pl.Expr, name: str, base: Union[None, str, pl.Expr]) -> pl.Expr:
    out = dtype(name)
    if isinstance(base, pl.Expr):
        return pl.struct(expr.alias("u"), base.alias("b")).map_batches(
            lambda s: _run(
                s.struct.field("u"), name, s.struct.field("b")
            ).alias(s.name),
            return_dtype=out,
            is_elementwise=True,
        ).alias(expr.meta.output_name(raise_if_undetermined=False) or "url")
    return expr.map_batches(
        lambda s: _run(s, name, base), return_dtype=out, is_elementwise=True
    )


def _method(name: str, doc: str):
    def on_expr(self: "UrlExpr", base: Union[None, str, pl.Expr] = None) -> pl.Expr:
        return _expr(self._expr, name, base)

    def on_series(self: "UrlSeries", base: Optional[Union[str, pl.Series]] = None) -> pl.Series:
        return _run(self._series, name, base)

    on_expr.__name__ = on_series.__name__ = name
    on_expr.__doc__ = on_series.__doc__ = doc
    return on_expr, on_series


_DOCS = {
    "parse": "The struct of every component, valid, errors and failure.",
    "href": "The serialized URL.",
    "protocol": "The scheme and ':'.",
    "username": "The username.",
    "password": "The password.",
    "host": "The host, with ':' and the port when there is one.",
    "hostname": "The serialized host.",
    "port": "The port ('' for none).",
    "pathname": "The path.",
    "search": "'', or '?' and the query.",
    "hash": "'', or '#' and the fragment.",
    "origin": "The serialized origin ('null' for an opaque origin).",
    "valid": "Whether the row is a valid URL string (no validation error).",
    "errors": "The spec's codes of the row's validation errors, in order.",
    "failure": "Null where the row parsed; otherwise why not, starting with the spec's code.",
}


@pl.api.register_expr_namespace("url")
class UrlExpr:
    """``pl.col(...).url``: pegurl's kernel on a column of URL strings. A ``base`` is ``None``,
    a URL string, or an expression (``pl.col("base")``) of one base per row."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr


@pl.api.register_series_namespace("url")
class UrlSeries:
    """``series.url``: pegurl's kernel on a Series of URL strings."""

    def __init__(self, series: pl.Series) -> None:
        self._series = series


for _name, _doc in _DOCS.items():
    _on_expr, _on_series = _method(_name, _doc)
    setattr(UrlExpr, _name, _on_expr)
    setattr(UrlSeries, _name, _on_series)
