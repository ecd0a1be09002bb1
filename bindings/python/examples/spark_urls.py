"""The README's PySpark example: parsed columns added on the executors through mapInArrow."""

from pyspark.sql import SparkSession

from pegurl.spark import with_url_columns

spark = SparkSession.builder.master("local[2]").config("spark.ui.enabled", "false").getOrCreate()
spark.sparkContext.setLogLevel("ERROR")
df = spark.createDataFrame(
    [("HTTPS://EXAMPLE.com/a/../b?q",), ("http://exa mple.org/",), ("http://[::1]:8080/",)], "url string"
)
with_url_columns(df, "url", ["hostname", "port", "pathname", "valid", "failure"]).show(truncate=False)
spark.stop()
