//! The spec's two definitions of a valid URL string, as pegurl computes them; every call into
//! pegurl's parsing API for this check is here, so an API change touches this file only.
//!
//! - The writing section: [`crate::validate_url_string`] (or a [`RuntimeWritingGrammar`]).
//! - The parser: an input is valid when parsing it against the base gives a URL and reports no
//!   validation error, as a parse with [`crate::ParseOptions::validation_errors`] says (here
//!   with the base parsed once).

use crate::api::Url;
use crate::generated::valid_rules as v;
use crate::valid::relative_entry;
use crate::workbench::{RuntimeGrammar, RuntimeWritingGrammar};
use crate::{ErrorCode, ValidationError};

/// The built-in or a loaded writing grammar.
pub(crate) enum Writing {
    BuiltIn,
    Loaded(Box<RuntimeWritingGrammar>),
}

/// The built-in or a loaded parsing grammar.
pub(crate) enum Parsing {
    BuiltIn,
    Loaded(Box<RuntimeGrammar>),
}

/// What the writing section says of an input: valid, or the production that fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct WritingSays {
    pub(crate) invalid: Option<String>,
}

/// What the parser says of an input: whether it gave a URL, and the validation errors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ParserSays {
    pub(crate) failed: bool,
    pub(crate) errors: Vec<ValidationError>,
    /// The failure's code when no reported validation error carries it.
    pub(crate) failure_code: Option<ErrorCode>,
    /// Where the failure is, when it is not a validation error.
    pub(crate) failure_at: Option<usize>,
}

impl ParserSays {
    pub(crate) fn valid(&self) -> bool {
        !self.failed && self.errors.is_empty()
    }

    /// The codes of the errors, each once, in the order met (the failure's last).
    pub(crate) fn codes(&self) -> Vec<&'static str> {
        let mut codes: Vec<&'static str> = Vec::new();
        let all = self.errors.iter().map(|e| e.code).chain(self.failure_code);
        for code in all {
            if !codes.contains(&code.code()) {
                codes.push(code.code());
            }
        }
        if codes.is_empty() && self.failed {
            codes.push("failure");
        }
        codes
    }

    /// Where the first error (or the failure) is.
    pub(crate) fn first_at(&self) -> Option<usize> {
        self.errors
            .first()
            .map(|e| e.span.start)
            .or(self.failure_at)
    }
}

/// Parses a base URL with the built-in parser.
pub(crate) fn parse_base(base: &str) -> Result<Url, String> {
    Url::parse(base).map_err(|e| format!("the base {base:?} does not parse: {e}"))
}

/// The writing grammar's entry rule for a relative-URL-with-fragment string against `base`.
pub(crate) fn relative_entry_name(base: &Url) -> &'static str {
    let number = relative_entry(base);
    v::RULE_NAMES
        .get(usize::from(number))
        .copied()
        .unwrap_or("")
}

impl Writing {
    pub(crate) fn says(&self, input: &str, base: Option<&Url>) -> WritingSays {
        let result = match self {
            Writing::BuiltIn => crate::validate_url_string(input, base),
            Writing::Loaded(grammar) => grammar.validate(input, base),
        };
        WritingSays {
            invalid: result.err().map(|e| e.production),
        }
    }
}

impl Parsing {
    pub(crate) fn says(&self, input: &str, base: Option<&Url>) -> ParserSays {
        let mut errors = Vec::new();
        let options = Url::options().base_url(base).validation_errors(&mut errors);
        let result = match self {
            Parsing::BuiltIn => options.parse(input),
            Parsing::Loaded(grammar) => options.grammar(grammar).parse(input),
        };
        let failure = result.err();
        let failure_code = failure
            .as_ref()
            .and_then(|f| f.code())
            .filter(|code| !errors.iter().any(|e| e.code == *code));
        ParserSays {
            failed: failure.is_some(),
            failure_at: failure.map(|f| f.span.start),
            errors,
            failure_code,
        }
    }
}
