//! [DataFusion](https://datafusion.apache.org) scalar functions over [`pegurl_arrow`]'s kernel:
//! WHATWG URL parsing in SQL, exactly as the [URL Standard](https://url.spec.whatwg.org/) says.
//!
//! [`register`] adds them all to a [`SessionContext`]:
//!
//! | function | returns |
//! |---|---|
//! | `url_parse(url [, base])` | a struct: `href`, `protocol`, `username`, `password`, `host`, `hostname`, `port`, `pathname`, `search`, `hash`, `origin`, `valid`, `errors`, `failure` |
//! | `url_href(url [, base])` ... `url_origin(url [, base])` | that getter of the `URL` class (a string) |
//! | `url_valid(url [, base])` | whether `url` is a valid URL string (Boolean) |
//! | `url_errors(url [, base])` | the spec codes of its validation errors (a list of strings) |
//! | `url_failure(url [, base])` | null when it parses, otherwise why not (a string) |
//! | `url_join(base, url)` | the href of `url` resolved against `base` (a string) |
//!
//! The strings (the struct's string fields too) have the string type of the `url` argument:
//! Utf8View when it is Utf8View (as DataFusion reads Parquet strings by default), Utf8 when it is
//! Utf8 or LargeUtf8. The arguments of a two-argument call are first coerced to one string type,
//! which is Utf8View when either of them is.
//!
//! Each call parses each row once. A null argument gives null; a URL that fails to parse gives
//! null components, `valid = false` and its `failure`, and never fails the query; a base that
//! fails to parse fails its rows as `new URL(url, base)` does.
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::common::Result<()> {
//! use datafusion::prelude::SessionContext;
//!
//! let ctx = SessionContext::new();
//! pegurl_datafusion::register(&ctx);
//! let batches = ctx
//!     .sql("SELECT url_hostname('HTTPS://EXAMPLE.com/a/../b') AS host, \
//!           url_join('http://h/a/b', '../c') AS joined")
//!     .await?
//!     .collect()
//!     .await?;
//! let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
//! assert!(text.contains("example.com") && text.contains("http://h/c"));
//! # Ok(())
//! # }
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![allow(rustdoc::bare_urls)]

mod functions;

use datafusion::logical_expr::ScalarUDF;
use datafusion::prelude::SessionContext;
use pegurl_arrow::Component;

use functions::UrlFunction;

/// Every function: `url_parse`, one `url_<component>` per [`Component`], and `url_join`.
pub fn functions() -> Vec<ScalarUDF> {
    let components = Component::ALL.into_iter().map(UrlFunction::component);
    std::iter::once(UrlFunction::parse())
        .chain(components)
        .chain(std::iter::once(UrlFunction::join()))
        .map(ScalarUDF::new_from_impl)
        .collect()
}

/// Registers every function of [`functions`] on `ctx` (a function of the same name is replaced).
pub fn register(ctx: &SessionContext) {
    for function in functions() {
        ctx.register_udf(function);
    }
}
