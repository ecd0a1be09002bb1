"""The pegurl Arrow kernel over any Arrow array or stream (the Arrow PyCapsule interface).

Each function takes ``urls`` — anything with ``__arrow_c_array__`` (a pyarrow Array, an arro3
Array, ...) or ``__arrow_c_stream__`` (a pyarrow ChunkedArray, a Polars Series, ...) of strings
(utf8, large_utf8 or utf8_view) — and ``base``: ``None``, one ``str`` for every row, or a column
of strings as long as ``urls``. The strings are read in place, without a copy. The result has
the Arrow PyCapsule interface too: an array for an array, a chunked array (one chunk per input
chunk) for a stream; pass it to ``pyarrow.array``/``pyarrow.chunked_array`` or ``polars.Series``.

The string columns are utf8, or utf8_view with ``string_view=True`` (:func:`parse` and
:func:`component`): the layout Polars keeps strings in, where a host name the input holds as
written is a view into the input's buffers rather than a copy.

A null URL or base gives a null row; a URL that does not parse gives null components,
``valid = False``, its ``errors`` and its ``failure``; it never fails the batch.
"""

from typing import Any, Optional

from pegurl import _pegurl

__all__ = [
    "parse",
    "component",
    "COMPONENTS",
    "href",
    "protocol",
    "username",
    "password",
    "host",
    "hostname",
    "port",
    "pathname",
    "search",
    "hash",
    "origin",
    "valid",
    "errors",
    "failure",
]

#: The fields of :func:`parse`'s struct, in order.
COMPONENTS = tuple(_pegurl.arrow_components())


def parse(urls: Any, base: Optional[Any] = None, *, string_view: bool = False) -> Any:
    """Parses every row; a struct column of ``COMPONENTS``: the ``URL`` getters (strings),
    ``valid`` (bool), ``errors`` (list of the spec's codes) and ``failure`` (why a row did not
    parse, or null). Strings are utf8, or utf8_view with ``string_view``."""
    return _pegurl.arrow_parse(urls, base, string_view)


def component(urls: Any, name: str, base: Optional[Any] = None, *, string_view: bool = False) -> Any:
    """The column of the component ``name`` (one of ``COMPONENTS``) alone; its strings are utf8,
    or utf8_view with ``string_view``."""
    return _pegurl.arrow_component(urls, name, base, string_view)


def href(urls: Any, base: Optional[Any] = None) -> Any:
    """The serialized URLs."""
    return component(urls, "href", base)


def protocol(urls: Any, base: Optional[Any] = None) -> Any:
    """The schemes and ``":"``."""
    return component(urls, "protocol", base)


def username(urls: Any, base: Optional[Any] = None) -> Any:
    """The usernames."""
    return component(urls, "username", base)


def password(urls: Any, base: Optional[Any] = None) -> Any:
    """The passwords."""
    return component(urls, "password", base)


def host(urls: Any, base: Optional[Any] = None) -> Any:
    """The hosts, with ``":"`` and the port when there is one."""
    return component(urls, "host", base)


def hostname(urls: Any, base: Optional[Any] = None) -> Any:
    """The serialized hosts."""
    return component(urls, "hostname", base)


def port(urls: Any, base: Optional[Any] = None) -> Any:
    """The ports (``""`` for none)."""
    return component(urls, "port", base)


def pathname(urls: Any, base: Optional[Any] = None) -> Any:
    """The paths."""
    return component(urls, "pathname", base)


def search(urls: Any, base: Optional[Any] = None) -> Any:
    """``""``, or ``"?"`` and the query."""
    return component(urls, "search", base)


def hash(urls: Any, base: Optional[Any] = None) -> Any:  # noqa: A001 - the standard's name
    """``""``, or ``"#"`` and the fragment."""
    return component(urls, "hash", base)


def origin(urls: Any, base: Optional[Any] = None) -> Any:
    """The serialized origins (``"null"`` for an opaque origin)."""
    return component(urls, "origin", base)


def valid(urls: Any, base: Optional[Any] = None) -> Any:
    """Whether each row is a valid URL string (it parses with no validation error)."""
    return component(urls, "valid", base)


def errors(urls: Any, base: Optional[Any] = None) -> Any:
    """The spec's codes of each row's validation errors, in the order the parser met them."""
    return component(urls, "errors", base)


def failure(urls: Any, base: Optional[Any] = None) -> Any:
    """Null where the row parsed; otherwise why not, starting with the spec's code."""
    return component(urls, "failure", base)
