//! `pegurl::rfc3986` against fluent-uri 0.4.1, an established RFC 3986/3987 parser: on the URL
//! lists of ../shared/data/urls and on generated inputs, both must accept the same strings and
//! find the same components (scheme, user information, host and its kind, port, path, query,
//! fragment), as URI-references and as IRI-references. The differences found are listed in
//! `KNOWN_DIFFERENCES` with their reasons, and run inverted.

mod common;

use fluent_uri::component::Host as TheirHost;
use fluent_uri::{IriRef, UriRef};
use pegurl::rfc3986::{Host, Options, Reference};

/// Inputs the two parsers read differently, and why. Each must still differ
/// (`known_differences_still_differ`); any other difference fails the tests below.
const KNOWN_DIFFERENCES: &[(&str, bool, &str)] = &[];

/// The components as both parsers give them; `kind` is the host's production.
#[derive(Debug, PartialEq, Eq)]
struct Components {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<(String, &'static str)>,
    port: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

fn owned(s: Option<&str>) -> Option<String> {
    s.map(str::to_owned)
}

fn ours(input: &str, iri: bool) -> Option<Components> {
    let r: Reference<'_> = Options::new().iri(iri).parse(input).ok()?;
    // Its text is the input, and recomposing its components (section 5.3) gives it back.
    assert_eq!(r.as_str(), input);
    assert_eq!(r.components().recompose(), r);
    Some(Components {
        scheme: owned(r.scheme()),
        userinfo: owned(r.userinfo()),
        host: r.host().map(|host| {
            let kind = match host {
                Host::Ipv4(_) => "IPv4address",
                Host::Ipv6(_) => "IPv6address",
                Host::IpvFuture(_) => "IPvFuture",
                _ => "reg-name",
            };
            (host.to_string(), kind)
        }),
        port: owned(r.port()),
        path: r.path().to_owned(),
        query: owned(r.query()),
        fragment: owned(r.fragment()),
    })
}

/// fluent-uri's name of a host kind, as RFC 3986 names it.
fn their_kind<E: fluent_uri::pct_enc::Encoder>(host: TheirHost<'_, E>) -> &'static str {
    match host {
        TheirHost::Ipv4 { .. } => "IPv4address",
        TheirHost::Ipv6 { .. } => "IPv6address",
        TheirHost::IpvFuture { .. } => "IPvFuture",
        _ => "reg-name",
    }
}

fn theirs(input: &str, iri: bool) -> Option<Components> {
    macro_rules! components {
        ($r:expr) => {{
            let r = $r;
            let authority = r.authority();
            Some(Components {
                scheme: r.scheme().map(|s| s.as_str().to_owned()),
                userinfo: authority
                    .as_ref()
                    .and_then(|a| a.userinfo().map(|u| u.as_str().to_owned())),
                host: authority
                    .as_ref()
                    .map(|a| (a.host().to_owned(), their_kind(a.host_parsed()))),
                port: authority
                    .as_ref()
                    .and_then(|a| a.port().map(|p| p.as_str().to_owned())),
                path: r.path().as_str().to_owned(),
                query: r.query().map(|q| q.as_str().to_owned()),
                fragment: r.fragment().map(|f| f.as_str().to_owned()),
            })
        }};
    }
    if iri {
        components!(IriRef::parse(input).ok()?)
    } else {
        components!(UriRef::parse(input).ok()?)
    }
}

/// How many readings were compared, how many of them both accept, and the inputs on which the
/// two differ but for the known differences (at most `keep`).
fn differences<'a>(
    inputs: impl Iterator<Item = &'a str>,
    keep: usize,
) -> (usize, usize, Vec<String>) {
    let mut compared = 0;
    let mut accepted = 0;
    let mut found = Vec::new();
    for input in inputs {
        for iri in [false, true] {
            compared += 1;
            let known = KNOWN_DIFFERENCES
                .iter()
                .any(|(k, i, _)| *k == input && *i == iri);
            let (a, b) = (ours(input, iri), theirs(input, iri));
            accepted += usize::from(a.is_some() && b.is_some());
            if a != b && !known && found.len() < keep {
                found.push(format!(
                    "{input:?} (iri: {iri})\n  pegurl      {a:?}\n  fluent-uri  {b:?}"
                ));
            }
        }
    }
    (compared, accepted, found)
}

/// No unexplained difference, and enough accepted inputs for the components to be compared.
fn assert_no_difference<'a>(what: &str, inputs: impl Iterator<Item = &'a str>) {
    let (compared, accepted, found) = differences(inputs, 20);
    assert!(
        found.is_empty(),
        "{what}: {} unexplained differences (first 20):\n{}",
        found.len(),
        found.join("\n")
    );
    assert!(
        accepted * 10 >= compared,
        "{what}: only {accepted} of {compared} readings accepted by both"
    );
    eprintln!("{what}: {compared} readings agree, {accepted} accepted by both");
}

/// A URL list of ../shared/data/urls (MIT, from ada-url/url-various-datasets); None, said on
/// stderr, when the folder is not there (a clone outside the project's workspace).
fn url_list(name: &str) -> Option<String> {
    let dir = std::env::var_os("PEGURL_BENCH_DATA").map_or_else(
        || std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/urls"),
        std::path::PathBuf::from,
    );
    let path = dir.join(name);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) => {
            eprintln!("NOT COMPARED: {}: {e}", path.display());
            None
        }
    }
}

#[test]
fn kasztp_urls_read_the_same() {
    if let Some(text) = url_list("kasztp.txt") {
        assert_no_difference("kasztp.txt", text.lines());
    }
}

#[test]
fn node_files_urls_read_the_same() {
    if let Some(text) = url_list("node_files.txt") {
        assert_no_difference("node_files.txt", text.lines());
    }
}

/// A small deterministic generator (xorshift64*), so that a failure names an input that comes
/// back on the next run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// Pieces that URI-references are made of, and some they must not hold (with tests/common's
/// URL-shaped pieces, in `generated_inputs_read_the_same`).
const PIECES: &[&str] = &[
    "a",
    "Z",
    "0",
    "9",
    "-",
    ".",
    "_",
    "~",
    "%",
    "%2",
    "%2F",
    "%zz",
    "%41",
    ":",
    "/",
    "//",
    "?",
    "#",
    "[",
    "]",
    "@",
    "!",
    "$",
    "&",
    "'",
    "(",
    ")",
    "*",
    "+",
    ",",
    ";",
    "=",
    " ",
    "\\",
    "<",
    "\"",
    "{",
    "|",
    "^",
    "`",
    "http:",
    "//h",
    "[::1]",
    "[v1.x]",
    "[::ffff:1.2.3.4]",
    "1.2.3.4",
    "255.255.255.255",
    "256.1.1.1",
    "01.2.3.4",
    ":80",
    "::",
    "1:2:3:4:5:6:7:8",
    "..",
    "./",
    "é",
    "\u{a0}",
    "\u{e000}",
    "\u{fffe}",
    "\u{10ffff}",
    "ü",
    "\u{7f}",
    "\t",
    "v",
    "F",
    "ab",
];

/// `count` strings of up to 12 of `pieces`.
fn generated(seed: u64, count: usize, pieces: &[&str]) -> Vec<String> {
    let mut rng = Rng(seed);
    (0..count)
        .map(|_| {
            let n = rng.below(12);
            (0..n).map(|_| pieces[rng.below(pieces.len())]).collect()
        })
        .collect()
}

#[test]
fn generated_inputs_read_the_same() {
    let mut inputs = generated(0x5eed_3986, 40_000, PIECES);
    inputs.extend(generated(0x5eed_3987, 20_000, common::PIECES));
    assert_no_difference("generated", inputs.iter().map(String::as_str));
}

#[test]
fn mutated_urls_read_the_same() {
    let Some(text) = url_list("kasztp.txt") else {
        return;
    };
    let mut rng = Rng(0x3987);
    let inputs: Vec<String> = text
        .lines()
        .take(20_000)
        .map(|line| {
            let mut s: Vec<char> = line.chars().collect();
            for _ in 0..=rng.below(3) {
                let at = rng.below(s.len() + 1);
                let piece = PIECES[rng.below(PIECES.len())];
                match rng.below(3) {
                    0 if at < s.len() => {
                        s.remove(at);
                    }
                    _ => s.splice(at..at, piece.chars()).for_each(drop),
                }
            }
            s.into_iter().collect()
        })
        .collect();
    assert_no_difference("mutated kasztp.txt", inputs.iter().map(String::as_str));
}

#[test]
fn known_differences_still_differ() {
    for (input, iri, reason) in KNOWN_DIFFERENCES {
        assert_ne!(
            ours(input, *iri),
            theirs(input, *iri),
            "{input:?} is no longer a difference ({reason}): remove it"
        );
    }
}
