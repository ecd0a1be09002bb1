"""URLs parsed exactly as the WHATWG URL Standard says, with every validation error.

``URL(input, base=None)`` is the standard's ``URL`` class; ``check`` lists the validation errors
of an input, ``is_valid`` tells whether it is a valid URL string. ``pegurl.arrow`` runs the same
parser over whole Arrow columns (pyarrow, Polars, ...); ``pegurl.polars`` adds a ``.url``
namespace to Polars expressions and ``pegurl.spark`` a helper for PySpark's ``mapInArrow``.
"""

from pegurl._pegurl import (
    URL,
    URLError,
    URLSearchParams,
    ValidationError,
    check,
    is_valid,
    url_components,
)

__all__ = [
    "URL",
    "URLError",
    "URLSearchParams",
    "ValidationError",
    "check",
    "is_valid",
    "url_components",
]
