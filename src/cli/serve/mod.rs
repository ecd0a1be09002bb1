//! `pegurl serve [--port N] [--grammar FILE]`: the live viewer. A local HTTP server (127.0.0.1
//! only) serves one self-contained page (`index.html`, `viewer.js`, `viewer.css` beside this
//! file, no external resources) and the JSON API in `api.rs` that the page calls as the person
//! types:
//!
//! - `POST /api/parse` `{"input", "base"}`: what the current grammar makes of the input;
//! - `GET /api/grammar`: the current grammar's source; `GET /api/grammar/builtin`: the built-in;
//! - `POST /api/grammar` `{"source"}`: loads a grammar (or reports why it does not load) and
//!   returns the WPT cases whose results differ from the built-in grammar's.
//!
//! Requests are handled one at a time: the page is for one person.

mod api;

use std::io::Read;
use std::process::ExitCode;

use tiny_http::{Header, Method, Request, Response, Server};

use super::adapter::Parser;
use super::{railroad, taken_path};

/// Arguments of `pegurl serve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The port on 127.0.0.1 to listen on; 0 picks a free one (the first line printed names it).
    #[arg(long, default_value_t = 8117)]
    port: u16,
    /// Start with this .pest grammar (loaded at run time) instead of the built-in one.
    #[arg(long)]
    grammar: Option<String>,
}

/// The longest request body read: grammars are tens of kilobytes.
const MAX_BODY: u64 = 4 << 20;

/// The grammar the page parses with: its source, the loaded parser, and its diagrams.
pub struct Workbench {
    /// The grammar's `.pest` source.
    pub source: String,
    /// Where it came from (a file name, "the built-in grammar" or "the page").
    pub name: String,
    /// The loaded grammar.
    pub parser: Parser,
    /// Every rule's railroad diagram, drawn once per grammar.
    pub drawn: Result<Vec<railroad::DrawnRule>, String>,
    /// The rules, to find the way a parse went through a diagram.
    pub paths: Result<taken_path::Paths, String>,
}

impl Workbench {
    /// A grammar and what the page shows of it.
    pub fn new(source: String, name: String, parser: Parser) -> Workbench {
        Workbench {
            drawn: railroad::draw(&source, &[]).map(|(_, drawn)| drawn),
            paths: taken_path::Paths::new(&source),
            source,
            name,
            parser,
        }
    }
}

/// Starts the server and answers requests until the process is stopped.
pub fn run(args: &Args) -> ExitCode {
    let workbench = match &args.grammar {
        None => Workbench::new(
            Parser::builtin_source().to_owned(),
            "the built-in grammar".to_owned(),
            Parser::Builtin,
        ),
        Some(path) => {
            let loaded = std::fs::read_to_string(path)
                .map_err(|e| e.to_string())
                .and_then(|source| Parser::load(&source).map(|parser| (source, parser)));
            match loaded {
                Ok((source, parser)) => Workbench::new(source, path.clone(), parser),
                Err(e) => {
                    eprintln!("pegurl serve: the grammar {path} does not load: {e}");
                    return ExitCode::from(2);
                }
            }
        }
    };
    let server = match Server::http(("127.0.0.1", args.port)) {
        Ok(server) => server,
        Err(e) => {
            eprintln!(
                "pegurl serve: cannot listen on 127.0.0.1:{}: {e}",
                args.port
            );
            return ExitCode::from(2);
        }
    };
    let port = server
        .server_addr()
        .to_ip()
        .map_or(args.port, |addr| addr.port());
    out_println!("pegurl serve: http://127.0.0.1:{port}/ (Ctrl-C stops it)");
    let mut workbench = workbench;
    for request in server.incoming_requests() {
        let _ = answer(request, &mut workbench);
    }
    ExitCode::SUCCESS
}

/// The page's files.
const INDEX_HTML: &str = include_str!("index.html");
const VIEWER_JS: &str = include_str!("viewer.js");
const VIEWER_CSS: &str = include_str!("viewer.css");

/// Whether a request's `Host` names this machine's loopback (or is absent, as HTTP/1.0 allows):
/// a page elsewhere whose name was made to resolve to 127.0.0.1 does not get answers.
fn addressed_to_loopback(request: &Request) -> bool {
    request
        .headers()
        .iter()
        .filter(|h| h.field.equiv("Host"))
        .all(|h| {
            let value = h.value.as_str();
            let name = match value.rsplit_once(':') {
                Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
                _ => value,
            };
            matches!(name, "127.0.0.1" | "localhost" | "[::1]")
        })
}

fn answer(mut request: Request, workbench: &mut Workbench) -> std::io::Result<()> {
    if !addressed_to_loopback(&request) {
        let body = "pegurl serve answers requests for 127.0.0.1 or localhost only\n";
        return respond(request, 403, "text/plain; charset=utf-8", body.to_owned());
    }
    let path = request.url().split('?').next().unwrap_or("").to_owned();
    let method = request.method().clone();
    let (status, kind, body) = match (&method, path.as_str()) {
        (Method::Get, "/") => (200, "text/html; charset=utf-8", INDEX_HTML.to_owned()),
        (Method::Get, "/viewer.js") => (200, "text/javascript; charset=utf-8", VIEWER_JS.into()),
        (Method::Get, "/viewer.css") => (200, "text/css; charset=utf-8", VIEWER_CSS.into()),
        (method, path) if path.starts_with("/api/") => {
            let body = if *method == Method::Post {
                let mut body = String::new();
                match request.as_reader().take(MAX_BODY).read_to_string(&mut body) {
                    Ok(_) => Some(body),
                    Err(e) => return respond_json(request, 400, &api::error(&e.to_string())),
                }
            } else {
                None
            };
            let (status, value) = api::handle(method.as_str(), path, body.as_deref(), workbench);
            return respond_json(request, status, &value);
        }
        _ => (404, "text/plain; charset=utf-8", "not found\n".to_owned()),
    };
    respond(request, status, kind, body)
}

fn respond_json(request: Request, status: u16, value: &serde_json::Value) -> std::io::Result<()> {
    let kind = "application/json; charset=utf-8";
    respond(request, status, kind, value.to_string())
}

fn respond(request: Request, status: u16, kind: &str, body: String) -> std::io::Result<()> {
    let mut response = Response::from_string(body).with_status_code(status);
    if let Ok(header) = Header::from_bytes("Content-Type", kind) {
        response.add_header(header);
    }
    request.respond(response)
}
