//! SQL over a Parquet file the test writes from the real URL lists (../shared/data/urls): the
//! absolute URLs of kasztp.txt and node_files.txt, and kasztp's paths with a column of bases,
//! with null rows; every row of `url_parse` compared with pegurl's `Url::parse` and getters,
//! every `url_<component>` with the struct's field, and `url_join` with `Url::parse`'s href.
//! Then the string type of the results, which follows the URL argument's (Utf8View or Utf8),
//! over a table holding the WPT inputs and bases (and the lists) in every string type.

#[path = "../../arrow/tests/common/mod.rs"]
mod common;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::types::Int64Type;
use arrow_array::{
    Array, ArrayRef, Int64Array, LargeStringArray, RecordBatch, StringArray, StringViewArray,
};
use common::{check_row, expected, same_strings, string_at, url_list, wpt_cases};
use datafusion::arrow::datatypes::DataType;
use datafusion::parquet::arrow::ArrowWriter;
use datafusion::prelude::{ParquetReadOptions, SessionContext};
use pegurl_arrow::{url_struct_type_in, Component, StringLayout};

/// The base of the relative rows.
const BASE: &str = "https://example.org/dir/page?x#y";

/// The table's rows: id, url, base (null for the absolute URLs).
struct Table {
    urls: Vec<Option<String>>,
    bases: Vec<Option<String>>,
}

/// The rows written to Parquet, or `None` when the lists are absent.
fn table() -> Option<Table> {
    let kasztp = url_list("kasztp.txt")?;
    let node_files = url_list("node_files.txt")?;
    let mut table = Table {
        urls: Vec::new(),
        bases: Vec::new(),
    };
    for (i, url) in kasztp.iter().chain(&node_files).enumerate() {
        if i % 101 == 0 {
            table.urls.push(None);
            table.bases.push(None);
        }
        table.urls.push(Some(url.clone()));
        table.bases.push(None);
    }
    for url in &kasztp {
        let path = match url.split_once("://") {
            Some((_, rest)) => rest.find('/').map_or("", |at| &rest[at..]),
            None => url,
        };
        table.urls.push(Some(path.to_owned()));
        table.bases.push(Some(BASE.to_owned()));
    }
    Some(table)
}

/// Writes `table` to a Parquet file of its own and registers it as `urls` on a new context.
async fn context(table: &Table, name: &str) -> (SessionContext, Written) {
    let ids: ArrayRef = Arc::new(Int64Array::from_iter_values(0..table.urls.len() as i64));
    let urls: ArrayRef = Arc::new(StringArray::from(table.urls.clone()));
    let bases: ArrayRef = Arc::new(StringArray::from(table.bases.clone()));
    let batch =
        RecordBatch::try_from_iter([("id", ids), ("url", urls), ("base", bases)]).expect("a batch");
    let path =
        std::env::temp_dir().join(format!("pegurl-sql-{name}-{}.parquet", std::process::id()));
    write_parquet(&path, &batch);
    let ctx = SessionContext::new();
    pegurl_datafusion::register(&ctx);
    let file = path.to_str().expect("a UTF-8 temporary path");
    ctx.register_parquet("urls", file, ParquetReadOptions::default())
        .await
        .expect("the Parquet file registers");
    (ctx, Written(path))
}

/// The Parquet file a test wrote; removed when the test ends.
struct Written(PathBuf);

impl Drop for Written {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn write_parquet(path: &PathBuf, batch: &RecordBatch) {
    let file = std::fs::File::create(path).expect("a temporary file");
    let mut writer = ArrowWriter::try_new(file, batch.schema(), None).expect("a writer");
    writer.write(batch).expect("the rows are written");
    writer.close().expect("the file is closed");
}

/// Runs `sql` and returns its batches.
async fn query(ctx: &SessionContext, sql: &str) -> Vec<RecordBatch> {
    match ctx.sql(sql).await {
        Ok(frame) => frame
            .collect()
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}")),
        Err(e) => panic!("{sql}: {e}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn url_parse_equals_url_parse_on_every_row() {
    let Some(table) = table() else { return };
    assert!(table.urls.len() >= 100_000, "{} rows", table.urls.len());
    let (ctx, _file) = context(&table, "parse").await;
    let components: Vec<String> = Component::ALL
        .iter()
        .map(|c| format!("url_{}(url) AS {}", c.name(), c.name()))
        .collect();
    let absolute = format!(
        "SELECT id, url_parse(url) AS parsed, {} FROM urls WHERE base IS NULL",
        components.join(", ")
    );
    let relative = "SELECT id, url_parse(url, base) AS parsed, url_join(base, url) AS joined \
                    FROM urls WHERE base IS NOT NULL";
    let mut seen = 0;
    let mut mismatches = Vec::new();
    for sql in [absolute.as_str(), relative] {
        for batch in query(&ctx, sql).await {
            let ids = batch.column(0).as_primitive::<Int64Type>();
            let parsed = batch.column(1).as_struct();
            for i in 0..batch.num_rows() {
                let id = ids.value(i) as usize;
                let (url, base) = (&table.urls[id], table.bases[id].as_deref());
                let want = url.as_deref().map(|url| expected(url, base));
                if let Err(e) = check_row(parsed, i, want.as_ref()) {
                    mismatches.push(format!("id {id} {url:?}: {e}"));
                }
                seen += 1;
            }
            compare_with_fields(&batch, parsed);
        }
    }
    assert_eq!(seen, table.urls.len(), "every row came back once");
    assert!(
        mismatches.is_empty(),
        "{} rows differ:\n{}",
        mismatches.len(),
        mismatches[..mismatches.len().min(20)].join("\n")
    );
}

/// Each `url_<component>` column (or `url_join`'s) equals the struct's field.
fn compare_with_fields(batch: &RecordBatch, parsed: &arrow_array::StructArray) {
    for (index, field) in batch.schema().fields().iter().enumerate().skip(2) {
        let name = if field.name() == "joined" {
            "href"
        } else {
            field.name().as_str()
        };
        let from_struct = parsed.column_by_name(name).expect("a struct field");
        assert!(
            batch.column(index).as_ref() == from_struct.as_ref(),
            "{} differs from url_parse(..)['{name}']",
            field.name()
        );
    }
}

/// The README's query: hosts counted in SQL equal hosts counted from `Url::parse`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hosts_counted_in_sql_equal_url_parse() {
    let Some(table) = table() else { return };
    let (ctx, _file) = context(&table, "hosts").await;
    let sql = "SELECT url_hostname(url) AS hostname, count(*) AS urls FROM urls \
               WHERE base IS NULL GROUP BY hostname";
    let mut counted = HashMap::new();
    for batch in query(&ctx, sql).await {
        let counts = batch.column(1).as_primitive::<Int64Type>();
        for i in 0..batch.num_rows() {
            let host = string_at(batch.column(0).as_ref(), i).expect("a string column");
            counted.insert(host.map(str::to_owned), counts.value(i));
        }
    }
    let mut want: HashMap<Option<String>, i64> = HashMap::new();
    for (url, _) in table
        .urls
        .iter()
        .zip(&table.bases)
        .filter(|(_, b)| b.is_none())
    {
        let host = url
            .as_deref()
            .and_then(|url| expected(url, None).components[5].clone());
        *want.entry(host).or_default() += 1;
    }
    assert_eq!(counted, want);
}

/// Constant arguments are folded to one scalar, the same as a row's value.
#[tokio::test]
async fn constant_arguments_give_the_value_of_url_parse() {
    let ctx = SessionContext::new();
    pegurl_datafusion::register(&ctx);
    let sql = "SELECT url_host('HTTPS://EXAMPLE.com:8080/a/../b') AS host, \
               url_join('http://h/a/b', '../c') AS joined, \
               url_valid('http://exa mple.org/') AS valid, \
               url_errors('https:\\\\h\\p') AS errors, \
               url_href(NULL) AS nothing";
    let batches = query(&ctx, sql).await;
    let batch = &batches[0];
    let text = |i: usize| {
        let text = string_at(batch.column(i).as_ref(), 0).expect("a string column");
        text.expect("not null").to_owned()
    };
    let host = expected("HTTPS://EXAMPLE.com:8080/a/../b", None).components[4].clone();
    assert_eq!(Some(text(0)), host);
    assert_eq!(
        Some(text(1)),
        expected("../c", Some("http://h/a/b")).components[0].clone()
    );
    let valid = batch.column(2).as_boolean().value(0);
    assert_eq!(valid, expected("http://exa mple.org/", None).valid);
    let errors = batch.column(3).as_list::<i32>().value(0);
    let errors: Vec<&str> = (0..errors.len())
        .filter_map(|j| string_at(errors.as_ref(), j).expect("a string column"))
        .collect();
    assert_eq!(errors, expected("https:\\\\h\\p", None).errors);
    assert!(batch.column(4).is_null(0));
}

/// Every call of every function on the URL `url` and the base `base` (SQL expressions): with and
/// without the base, and `url_join(base, url)`; each with the type it returns when its strings
/// have `layout`.
fn calls(url: &str, base: &str, layout: StringLayout) -> Vec<(String, DataType)> {
    let mut functions = vec![("url_parse".to_owned(), url_struct_type_in(layout))];
    for component in Component::ALL {
        let name = format!("url_{}", component.name());
        functions.push((name, component.data_type_in(layout)));
    }
    let mut calls = Vec::new();
    for (name, data_type) in functions {
        calls.push((format!("{name}({url})"), data_type.clone()));
        calls.push((format!("{name}({url}, {base})"), data_type));
    }
    calls.push((format!("url_join({base}, {url})"), layout.data_type()));
    calls
}

/// Runs `calls` as the columns of one query (`from`: its FROM clause, empty for constants),
/// checks that each column has its call's type in the plan and in the batches, and returns them.
async fn run_calls(
    ctx: &SessionContext,
    calls: &[(String, DataType)],
    from: &str,
) -> Vec<RecordBatch> {
    let columns: Vec<String> = calls
        .iter()
        .enumerate()
        .map(|(i, (call, _))| format!("{call} AS c{i}"))
        .collect();
    let sql = format!("SELECT {} {from}", columns.join(", "));
    let frame = ctx.sql(&sql).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
    for ((call, want), field) in calls.iter().zip(frame.schema().fields()) {
        assert_eq!(field.data_type(), want, "the planned type of {call}");
    }
    let batches = frame
        .collect()
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
    assert!(batches.iter().any(|b| b.num_rows() > 0), "{sql}: no rows");
    for batch in &batches {
        for ((call, want), column) in calls.iter().zip(batch.columns()) {
            assert_eq!(column.data_type(), want, "the type of {call}'s column");
        }
    }
    batches
}

/// Runs [`calls`] on `view` (a URL and a base, the URL Utf8View) and on `utf8` (the same URL and
/// base in Utf8) in one query over `from`, and checks that each call's two columns (Utf8View and
/// Utf8) hold the same rows.
async fn check_same_values(ctx: &SessionContext, view: [&str; 2], utf8: [&str; 2], from: &str) {
    let views = calls(view[0], view[1], StringLayout::Utf8View);
    let count = views.len();
    let all = [views, calls(utf8[0], utf8[1], StringLayout::Utf8)].concat();
    for batch in run_calls(ctx, &all, from).await {
        for (i, (call, _)) in all[..count].iter().enumerate() {
            same_values(batch.column(i), batch.column(count + i))
                .unwrap_or_else(|e| panic!("{call}: {e}"));
        }
    }
}

/// Checks that `views` holds the rows of `utf8`: the same strings, lists of strings and booleans
/// (in a struct, the same null rows and the same rows in each field).
fn same_values(views: &dyn Array, utf8: &dyn Array) -> Result<(), String> {
    let (Some(views), Some(utf8)) = (views.as_struct_opt(), utf8.as_struct_opt()) else {
        return same_strings(views, utf8);
    };
    if views.logical_nulls() != utf8.logical_nulls() {
        return Err("the null rows differ".to_owned());
    }
    let fields = views.column_names().into_iter().zip(views.columns());
    for ((name, view), utf8) in fields.zip(utf8.columns()) {
        same_strings(view.as_ref(), utf8.as_ref()).map_err(|e| format!("{name}: {e}"))?;
    }
    Ok(())
}

/// The WPT inputs (urltestdata.json) with their bases (null where WPT gives none), and a null URL.
fn wpt_rows() -> Vec<(Option<String>, Option<String>)> {
    let cases = wpt_cases()
        .into_iter()
        .map(|(input, base)| (Some(input), base));
    cases.chain([(None, Some(BASE.to_owned()))]).collect()
}

/// A context with `rows` registered as `t`, each URL and base in the three string types:
/// `url_view`, `url_utf8`, `url_large` (Utf8View, Utf8, LargeUtf8) and `base_view`, ...
fn layouts_context(rows: &[(Option<String>, Option<String>)]) -> SessionContext {
    let urls: Vec<Option<&str>> = rows.iter().map(|(url, _)| url.as_deref()).collect();
    let bases: Vec<Option<&str>> = rows.iter().map(|(_, base)| base.as_deref()).collect();
    let mut columns: Vec<(String, ArrayRef)> = Vec::new();
    for (name, values) in [("url", urls), ("base", bases)] {
        let view = StringViewArray::from(values.clone());
        columns.push((format!("{name}_view"), Arc::new(view)));
        let utf8 = StringArray::from(values.clone());
        columns.push((format!("{name}_utf8"), Arc::new(utf8)));
        columns.push((
            format!("{name}_large"),
            Arc::new(LargeStringArray::from(values)),
        ));
    }
    let batch = RecordBatch::try_from_iter(columns).expect("a batch");
    let ctx = SessionContext::new();
    pegurl_datafusion::register(&ctx);
    ctx.register_batch("t", batch).expect("the table registers");
    ctx
}

/// A Utf8View URL gives Utf8View strings: every function, with a base of each string type (which
/// the signature coerces to Utf8View) and a literal base.
#[tokio::test]
async fn a_utf8view_url_gives_utf8view_strings() {
    let ctx = layouts_context(&wpt_rows());
    let literal = format!("'{BASE}'");
    let bases = ["base_view", "base_utf8", "base_large", &literal, "NULL"];
    for base in bases {
        let calls = calls("url_view", base, StringLayout::Utf8View);
        run_calls(&ctx, &calls, "FROM t").await;
    }
}

/// A Utf8 or LargeUtf8 URL gives Utf8 strings, as before: every function, with a Utf8 or
/// LargeUtf8 base, a literal base and a null one.
#[tokio::test]
async fn a_utf8_or_largeutf8_url_gives_utf8_strings() {
    let ctx = layouts_context(&wpt_rows());
    let literal = format!("'{BASE}'");
    for url in ["url_utf8", "url_large"] {
        for base in ["base_utf8", "base_large", literal.as_str(), "NULL"] {
            run_calls(&ctx, &calls(url, base, StringLayout::Utf8), "FROM t").await;
        }
    }
}

/// A Utf8View base makes a Utf8 or LargeUtf8 URL Utf8View too: the signature coerces both
/// arguments to one string type, Utf8View when either is, so these calls return Utf8View.
#[tokio::test]
async fn a_utf8view_base_coerces_the_url_to_utf8view() {
    let ctx = layouts_context(&wpt_rows());
    for url in ["url_utf8", "url_large"] {
        let calls: Vec<_> = calls(url, "base_view", StringLayout::Utf8View)
            .into_iter()
            .filter(|(call, _)| call.contains("base_view"))
            .collect();
        run_calls(&ctx, &calls, "FROM t").await;
    }
}

/// Every function gives the same rows in both layouts: on the WPT inputs and bases, and on the
/// rows of the URL lists when they are present.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn values_are_the_same_in_both_layouts() {
    let mut rows = wpt_rows();
    if let Some(table) = table() {
        rows.extend(table.urls.into_iter().zip(table.bases));
    }
    let ctx = layouts_context(&rows);
    check_same_values(
        &ctx,
        ["url_view", "base_view"],
        ["url_utf8", "base_utf8"],
        "FROM t",
    )
    .await;
}

/// Constant calls (folded to one value at planning) follow the URL argument too: Utf8View for a
/// Utf8View literal, with the values of the Utf8 literal's call; parsed, failing, relative, with
/// a failing base, null.
#[tokio::test]
async fn constant_calls_follow_the_url_argument() {
    let ctx = SessionContext::new();
    pegurl_datafusion::register(&ctx);
    let rows = [
        ("'HTTPS://EXAMPLE.com:8080/a/../b'", "'http://h/'"),
        ("'../c?q#f'", "'http://h/a/b'"),
        ("'https:\\\\h\\p'", "'http://h/'"),
        ("'http://[::1/'", "'http://h/'"),
        ("'/x'", "'not a base'"),
        ("NULL", "'http://h/'"),
    ];
    for (url, base) in rows {
        let view = format!("arrow_cast({url}, 'Utf8View')");
        check_same_values(&ctx, [&view, base], [url, base], "").await;
    }
}

/// DataFusion reads the Parquet file's strings as Utf8View (its default,
/// `schema_force_view_types`), so the tests over it above run on the Utf8View layout.
#[tokio::test]
async fn parquet_strings_arrive_as_utf8view() {
    let table = Table {
        urls: vec![Some("https://example.com/a".to_owned()), None],
        bases: vec![None, Some(BASE.to_owned())],
    };
    let (ctx, _file) = context(&table, "layout").await;
    let frame = ctx.table("urls").await.expect("the table");
    let url = frame
        .schema()
        .field_with_unqualified_name("url")
        .expect("url");
    assert_eq!(url.data_type(), &DataType::Utf8View);
    run_calls(
        &ctx,
        &calls("url", "base", StringLayout::Utf8View),
        "FROM urls",
    )
    .await;
}
