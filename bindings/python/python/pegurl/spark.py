"""PySpark: pegurl's Arrow kernel on every executor, through ``DataFrame.mapInArrow``.

    >>> from pegurl.spark import with_url_columns
    >>> with_url_columns(df, "url", ["hostname", "valid"]).show()

Each Arrow batch Spark hands the Python workers is parsed by the kernel in one call per
requested component; the package must be installed where the executors run.
"""

from typing import Iterable, Iterator, Optional, Sequence

import pyarrow as pa
from pyspark.sql import DataFrame
from pyspark.sql.types import ArrayType, BooleanType, DataType, StringType, StructField, StructType

from pegurl import _pegurl

__all__ = ["with_url_columns", "spark_type", "COMPONENTS"]

#: The kernel's columns that ``with_url_columns`` can add.
COMPONENTS = tuple(_pegurl.arrow_components())


def spark_type(component: str) -> DataType:
    """The Spark type of the kernel's column ``component``."""
    if component == "valid":
        return BooleanType()
    if component == "errors":
        return ArrayType(StringType(), containsNull=False)
    return StringType()


def with_url_columns(
    df: DataFrame,
    column: str,
    components: Sequence[str] = ("href", "protocol", "hostname", "port", "pathname", "search", "hash"),
    base: Optional[str] = None,
    prefix: Optional[str] = None,
) -> DataFrame:
    """``df`` with one column per component of the URLs in ``column``, parsed against ``base``
    (one URL string, or ``None``); the new columns are named ``prefix + component`` (``prefix``
    defaults to ``column + "_"``). A null URL gives nulls; a URL that does not parse gives null
    components, ``valid`` false, its ``errors`` and its ``failure``."""
    components = list(components)
    unknown = [c for c in components if c not in COMPONENTS]
    if unknown:
        raise ValueError(f"no URL component {unknown}; the components are {', '.join(COMPONENTS)}")
    prefix = f"{column}_" if prefix is None else prefix
    names = [prefix + c for c in components]
    clash = [n for n in names if n in df.columns]
    if clash:
        raise ValueError(f"the DataFrame already has the columns {clash}")
    fields = [StructField(n, spark_type(c), True) for n, c in zip(names, components)]
    schema = StructType(df.schema.fields + fields)

    def add(batches: Iterable[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        for batch in batches:
            urls = batch.column(column)
            arrays = list(batch.columns)
            for component in components:
                arrays.append(pa.array(_pegurl.arrow_component(urls, component, base)))
            yield pa.RecordBatch.from_arrays(arrays, names=list(batch.schema.names) + names)

    return df.mapInArrow(add, schema)
