//! Runs SQL with pegurl's URL functions over a Parquet or CSV file (with a header) given on the
//! command line, registered as the table `urls`; prints the result.
//!
//! ```sh
//! cargo run -p pegurl-datafusion --example query -- FILE [SQL]
//! ```
//!
//! Without SQL it counts the hosts of the column `url`, most common first.

use std::process::ExitCode;

use datafusion::prelude::{CsvReadOptions, ParquetReadOptions, SessionContext};

const DEFAULT_SQL: &str = "SELECT url_hostname(url) AS hostname, count(*) AS urls, \
     sum(CAST(url_valid(url) AS INT)) AS valid \
     FROM urls GROUP BY hostname ORDER BY urls DESC, hostname LIMIT 10";

#[tokio::main]
async fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(file) = args.next() else {
        eprintln!("usage: query FILE.parquet|FILE.csv [SQL]\n\nDefault SQL: {DEFAULT_SQL}");
        return ExitCode::from(2);
    };
    let sql = args.next().unwrap_or_else(|| DEFAULT_SQL.to_owned());
    match run(&file, &sql).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Registers `file` as `urls`, runs `sql` and prints its result.
async fn run(file: &str, sql: &str) -> datafusion::common::Result<()> {
    let ctx = SessionContext::new();
    pegurl_datafusion::register(&ctx);
    if file.ends_with(".csv") {
        ctx.register_csv("urls", file, CsvReadOptions::new())
            .await?;
    } else {
        ctx.register_parquet("urls", file, ParquetReadOptions::default())
            .await?;
    }
    ctx.sql(sql).await?.show().await
}
