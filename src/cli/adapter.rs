//! The one place where the workbench (`grammar test --corpus`, `serve`) calls the pegurl
//! library: a parser is the built-in grammar or one loaded at run time, and what it makes of an
//! input comes back as plain data, so the callers never touch the library's types.

use pegurl::workbench::RuntimeGrammar;
use pegurl::{Host, Url, ValidationError};

/// A grammar to parse with.
pub enum Parser {
    /// The compiled `grammar/url.pest`.
    Builtin,
    /// A `.pest` source loaded at run time (pest_meta + pest_vm) driving the same builder.
    Loaded(Box<RuntimeGrammar>),
}

/// A validation error as data: its code, byte span in the input, and the spec's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The spec's name of the error, such as `invalid-reverse-solidus`.
    pub code: &'static str,
    /// Byte offsets in the input.
    pub start: usize,
    /// Byte offset of the end (equal to `start` at an end of input).
    pub end: usize,
    /// Whether the parser returned failure at this error.
    pub fatal: bool,
    /// The spec's description of the error.
    pub message: &'static str,
    /// What to write instead.
    pub help: &'static str,
    /// The spec's anchor for the error.
    pub link: &'static str,
}

/// What a parser made of one input: the href or the failure, and every validation error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The serialized URL, when the input parsed.
    pub href: Option<String>,
    /// Why the parse failed, when it did.
    pub failure: Option<String>,
    /// The validation errors, in the order the parser met them.
    pub findings: Vec<Finding>,
}

/// The URL record and the getters, as strings for display.
#[derive(Clone, Debug, Default)]
pub struct Record {
    /// `(getter name, value)` for each WHATWG getter, href first.
    pub getters: Vec<(&'static str, String)>,
    /// The scheme.
    pub scheme: String,
    /// The host's kind: domain, IPv4, IPv6, opaque, empty, or null.
    pub host_kind: &'static str,
    /// The serialized host, or None when the host is null.
    pub host: Option<String>,
    /// The port, or None when it is null (absent or the scheme's default).
    pub port: Option<u16>,
    /// The path segments; one item, the whole path, when the path is opaque.
    pub path: Vec<String>,
    /// Whether the path is opaque.
    pub opaque_path: bool,
    /// The query: null or a string.
    pub query: Option<String>,
    /// The fragment: null or a string.
    pub fragment: Option<String>,
}

/// One node of a production tree: rule name, byte span in the input, text, children.
#[derive(Clone, Debug)]
pub struct Node {
    /// The rule's name.
    pub rule: String,
    /// Byte offset of the start in the input.
    pub start: usize,
    /// Byte offset of the end in the input.
    pub end: usize,
    /// The text the rule matched (preprocessed input).
    pub text: String,
    /// The nodes inside, in order.
    pub children: Vec<Node>,
}

/// Everything the viewer shows of one input.
#[derive(Clone, Debug)]
pub struct View {
    /// Href or failure, and the validation errors.
    pub outcome: Outcome,
    /// The record and getters, when the input parsed.
    pub record: Option<Record>,
    /// The tree of every entry rule the builder ran.
    pub trees: Vec<Node>,
}

impl Parser {
    /// Loads a `.pest` source; the error is pest_meta's messages, or why the workbench refuses
    /// it (see `grammar_size`; run it on `grammar_size::on_big_stack`).
    pub fn load(source: &str) -> Result<Parser, String> {
        RuntimeGrammar::load(source).map(|g| Parser::Loaded(Box::new(g)))
    }

    /// The built-in grammar's source.
    pub fn builtin_source() -> &'static str {
        pegurl::workbench::BUILTIN_GRAMMAR
    }

    /// The productions the builder uses that this grammar lacks.
    pub fn missing_productions(&self) -> Vec<&'static str> {
        match self {
            Parser::Builtin => Vec::new(),
            Parser::Loaded(g) => g.missing_productions().iter().map(|p| p.name()).collect(),
        }
    }

    /// Parses the base (with this grammar) and then the input against it.
    fn parse(
        &self,
        input: &str,
        base: Option<&str>,
        errors: &mut Vec<ValidationError>,
    ) -> Result<Url, String> {
        let base = match base {
            None => None,
            Some(base) => Some(
                self.parse(base, None, &mut Vec::new())
                    .map_err(|e| format!("invalid base URL: {e}"))?,
            ),
        };
        self.options(base.as_ref())
            .validation_errors(errors)
            .parse(input)
            .map_err(|e| e.to_string())
    }

    /// Parse options with this grammar and `base`.
    fn options<'a>(&'a self, base: Option<&'a Url>) -> pegurl::ParseOptions<'a> {
        let options = Url::options().base_url(base);
        match self {
            Parser::Builtin => options,
            Parser::Loaded(g) => options.grammar(g),
        }
    }

    /// The href or failure of `input` against `base`, and its validation errors.
    pub fn outcome(&self, input: &str, base: Option<&str>) -> Outcome {
        let mut errors = Vec::new();
        let parsed = self.parse(input, base, &mut errors);
        outcome_of(parsed.as_ref().map(Url::href), errors)
    }

    /// Everything the viewer shows: outcome, record and production trees.
    pub fn view(&self, input: &str, base: Option<&str>) -> View {
        let (mut errors, mut trees) = (Vec::new(), Vec::new());
        // One parse gives the result, the validation errors and the trees.
        let parsed = match base
            .map(|b| self.parse(b, None, &mut Vec::new()))
            .transpose()
        {
            Ok(base) => self
                .options(base.as_ref())
                .validation_errors(&mut errors)
                .trace(&mut trees)
                .parse(input)
                .map_err(|e| e.to_string()),
            Err(e) => Err(format!("invalid base URL: {e}")),
        };
        let record = parsed.as_ref().ok().map(record_of);
        let outcome = outcome_of(parsed.as_ref().map(Url::href), errors);
        View {
            outcome,
            record,
            trees: trees.iter().map(node_of).collect(),
        }
    }

    /// Parses `href` with this grammar, then runs the setter `name` with it: the getters after
    /// it, and why the setter left the URL as it was or failed, if it did; or, when `href` does
    /// not parse, no getters and why. None when `name` is no setter.
    pub fn set(&self, href: &str, name: &str, value: &str) -> Option<SetterResult> {
        // The URL is read by the same grammar: its sets and scheme table decide it too.
        let mut url = match self.options(None).parse(href) {
            Ok(url) => url,
            Err(e) => {
                if !Url::SETTERS.contains(&name) {
                    return None;
                }
                return Some(SetterResult {
                    components: Vec::new(),
                    refused: Some(format!("the URL does not parse: {e}")),
                });
            }
        };
        let result = match self {
            Parser::Builtin => url.set_component(name, value)?,
            Parser::Loaded(g) => g.set_component(&mut url, name, value)?,
        };
        let components = Url::COMPONENTS
            .iter()
            .map(|c| (*c, url.component(c).unwrap_or_default().into_owned()))
            .collect();
        Some(SetterResult {
            components,
            refused: result.err().map(|e| format!("the setter refused: {e}")),
        })
    }
}

/// The getters of a URL after a setter ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetterResult {
    /// `(getter name, value)`, href first; none when the URL did not parse.
    pub components: Vec<(&'static str, String)>,
    /// Why the setter left the URL as it was or failed (a WHATWG setter ignores a value it does
    /// not take: the getters are what a browser shows), or why the URL did not parse.
    pub refused: Option<String>,
}

impl SetterResult {
    /// The value of one getter.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.components
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }
}

fn outcome_of(href: Result<&str, &String>, errors: Vec<ValidationError>) -> Outcome {
    Outcome {
        href: href.ok().map(str::to_owned),
        failure: href.err().cloned(),
        findings: errors
            .into_iter()
            .map(|e| Finding {
                code: e.code.code(),
                start: e.span.start,
                end: e.span.end,
                fatal: e.fatal,
                message: e.code.description(),
                help: e.code.help(),
                link: e.code.spec_url(),
            })
            .collect(),
    }
}

fn record_of(url: &Url) -> Record {
    let host_kind = match url.host() {
        None => "null",
        Some(Host::Domain(_)) => "domain",
        Some(Host::Ipv4(_)) => "IPv4",
        Some(Host::Ipv6(_)) => "IPv6",
        Some(Host::Opaque(_)) => "opaque",
        Some(Host::Empty) => "empty",
        Some(_) => "other",
    };
    Record {
        getters: Url::COMPONENTS
            .iter()
            .map(|c| (*c, url.component(c).unwrap_or_default().into_owned()))
            .collect(),
        scheme: url.scheme().to_owned(),
        host_kind,
        host: url.host_str().map(str::to_owned),
        port: url.port(),
        path: match url.path_segments() {
            Some(segments) => segments.map(str::to_owned).collect(),
            None => vec![url.path().to_owned()],
        },
        opaque_path: url.cannot_be_a_base(),
        query: url.query().map(str::to_owned),
        fragment: url.fragment().map(str::to_owned),
    }
}

/// The tree as plain nodes; the library bounds its depth (`MAX_TREE_DEPTH`).
fn node_of(tree: &pegurl::workbench::Tree) -> Node {
    Node {
        rule: tree.rule.clone(),
        start: tree.span.start,
        end: tree.span.end,
        text: tree.text.clone(),
        children: tree.children.iter().map(node_of).collect(),
    }
}
