//! `pegurl parse [--base URL] URL...`; `-` reads URLs from standard input, and an argument that
//! names an existing regular file reads URLs from it, one a line (`--url` makes every argument a
//! URL). Unlike `check`, a missing path is a URL: `parse` is given relative references.

use std::fmt::Write as _;
use std::process::ExitCode;

use pegurl::workbench::RuntimeGrammar;
use pegurl::{Host, Url};

use super::rfc3986::Standard;

/// Arguments of `pegurl parse`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The base URL to resolve relative inputs against.
    #[arg(long)]
    base: Option<String>,
    /// Apply a setter after parsing, as `url.NAME = VALUE` does (href, protocol, username,
    /// password, host, hostname, port, pathname, search, hash); repeatable, applied in order.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// The document's encoding, for the query of special URLs (an Encoding Standard label, such
    /// as windows-1252 or shift_jis).
    #[arg(long)]
    encoding: Option<String>,
    /// Also print the production tree of every grammar rule the parser ran: rule names, spans
    /// (byte offsets of the input) and the text each took.
    #[arg(long)]
    tree: bool,
    /// Parse with this .pest grammar, loaded at run time, instead of the built-in one.
    #[arg(long)]
    grammar: Option<String>,
    /// Every argument (but `-`) is a URL, even when a file of that name exists.
    #[arg(long)]
    url: bool,
    /// The standard to read by: whatwg (the URL Standard), rfc3986 (URI-references, resolved
    /// against --base and normalized) or rfc3987 (IRI-references).
    #[arg(long, value_enum, default_value_t = Standard::Whatwg)]
    standard: Standard,
    /// The URLs to parse; `-` for standard input, or files of URLs, one a line.
    #[arg(required = true)]
    urls: Vec<String>,
}

/// Parses each input and prints its components, or its failure with the reason.
pub fn run(args: &Args) -> ExitCode {
    if args.standard != Standard::Whatwg {
        if !args.set.is_empty() || args.encoding.is_some() || args.tree || args.grammar.is_some() {
            eprintln!("pegurl: --set, --encoding, --tree and --grammar apply to --standard whatwg");
            return ExitCode::from(2);
        }
        return super::rfc3986::parse(args.standard, &args.urls, args.base.as_deref());
    }
    let mut setters = Vec::new();
    for set in &args.set {
        match set.split_once('=') {
            Some((name, value)) if Url::SETTERS.contains(&name) => setters.push((name, value)),
            _ => {
                eprintln!(
                    "pegurl: --set takes NAME=VALUE with NAME a URL attribute other than origin \
                     (href, protocol, host, port, pathname, search, hash, ...); got {set:?}"
                );
                return ExitCode::from(2);
            }
        }
    }
    let encoding = match args.encoding.as_deref() {
        None => pegurl::encoding_rs::UTF_8,
        Some(label) => match pegurl::encoding_rs::Encoding::for_label(label.as_bytes()) {
            Some(encoding) => encoding,
            None => {
                eprintln!("pegurl: unknown encoding label {label:?} (see https://encoding.spec.whatwg.org/#names-and-labels)");
                return ExitCode::from(2);
            }
        },
    };
    let grammar = match args.grammar.as_deref() {
        None => None,
        Some(path) => match std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|text| pegurl::workbench::RuntimeGrammar::load(&text))
        {
            Ok(grammar) => Some(grammar),
            Err(e) => {
                eprintln!("pegurl: the grammar {path} does not load: {e}");
                return ExitCode::from(2);
            }
        },
    };
    // The base is read by the same grammar as the inputs.
    let base = match args
        .base
        .as_deref()
        .map(|b| parse_options(grammar.as_ref()).parse(b))
    {
        None => None,
        Some(Ok(base)) => Some(base),
        Some(Err(e)) => {
            eprintln!(
                "pegurl: the base URL {:?} does not parse: {e}",
                args.base.as_deref().unwrap_or("")
            );
            return ExitCode::from(2);
        }
    };
    let inputs = match read_inputs(&args.urls, args.url) {
        Ok(inputs) => inputs,
        Err(e) => {
            eprintln!("pegurl parse: {e}");
            return ExitCode::from(2);
        }
    };
    let mut failed = false;
    let mut out = String::new();
    for input in &inputs {
        let _ = writeln!(out, "input     {input:?}");
        // Every flag in one set of options, for one parse.
        let mut trees = Vec::new();
        let mut options = parse_options(grammar.as_ref())
            .base_url(base.as_ref())
            .encoding_override(Some(encoding));
        if args.tree {
            options = options.trace(&mut trees);
        }
        let parsed = options.parse(input);
        print_trees(&trees, &mut out);
        match parsed {
            Ok(mut url) => {
                for (name, value) in &setters {
                    // The setters run the same grammar's setter rules.
                    let result = match &grammar {
                        Some(grammar) => grammar.set_component(&mut url, name, value),
                        None => url.set_component(name, value),
                    };
                    if let Some(Err(e)) = result {
                        let _ = writeln!(out, "ignored   {name} = {value:?}: {e}");
                    }
                }
                describe(&url, &mut out)
            }
            Err(e) => {
                failed = true;
                let _ = writeln!(out, "failure   {e}");
            }
        }
        out.push('\n');
    }
    super::stdout::write_all(out.as_bytes());
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Parse options with the grammar loaded at run time, if one was given.
fn parse_options(grammar: Option<&RuntimeGrammar>) -> pegurl::ParseOptions<'_> {
    match grammar {
        Some(grammar) => Url::options().grammar(grammar),
        None => Url::options(),
    }
}

/// The URLs the arguments give: themselves, or the lines of standard input and of files.
fn read_inputs(args: &[String], force_url: bool) -> Result<Vec<String>, String> {
    let mut inputs = Vec::new();
    for (i, arg) in args.iter().enumerate() {
        let reader: Box<dyn std::io::BufRead + Send> =
            match super::check::classify(i + 1, arg, force_url, super::check::Missing::Url)? {
                super::check::Source::Url(_, url) => {
                    inputs.push(url);
                    continue;
                }
                super::check::Source::Stdin => Box::new(std::io::BufReader::new(std::io::stdin())),
                super::check::Source::File(path) => Box::new(std::io::BufReader::new(
                    std::fs::File::open(&path).map_err(|e| format!("{path}: {e}"))?,
                )),
            };
        let mut lines = super::input::list::Lines::new(std::sync::Arc::from(arg.as_str()), reader);
        while let Some(line) = lines.next_line().map_err(|e| format!("{arg}: {e}"))? {
            inputs.push(line.text);
        }
    }
    Ok(inputs)
}

/// The production trees, indented.
fn print_trees(trees: &[pegurl::workbench::Tree], out: &mut String) {
    for tree in trees {
        for line in tree.render().lines() {
            let _ = writeln!(out, "tree      {line}");
        }
    }
}

/// The href, the WHATWG getters and the record.
fn describe(url: &Url, out: &mut String) {
    for name in Url::COMPONENTS {
        let value = url.component(name).unwrap_or_default();
        let _ = writeln!(out, "{name:<9} {value}");
    }
    let host = match url.host() {
        None => "null".to_owned(),
        Some(Host::Domain(d)) => format!("domain {d:?}"),
        Some(Host::Ipv4(a)) => format!("IPv4 {a}"),
        Some(Host::Ipv6(a)) => format!("IPv6 {a}"),
        Some(Host::Opaque(o)) => format!("opaque {o:?}"),
        Some(Host::Empty) => "empty".to_owned(),
        Some(_) => format!("{:?}", url.hostname()),
    };
    let path = match url.path_segments() {
        _ if url.cannot_be_a_base() => format!("opaque {:?}", url.pathname()),
        Some(segments) => format!("{:?}", segments.collect::<Vec<_>>()),
        None => "[]".to_owned(),
    };
    let port = url.port().map_or("null".to_owned(), |p| p.to_string());
    let _ = writeln!(
        out,
        "record    scheme {:?}, host {host}, port {port}",
        url.scheme()
    );
    let _ = writeln!(out, "          path {path}");
    let show = |v: Option<&str>| v.map_or("null".to_owned(), |s| format!("{s:?}"));
    let _ = writeln!(
        out,
        "          query {}, fragment {}",
        show(url.query()),
        show(url.fragment())
    );
}
