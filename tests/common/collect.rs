//! Parsing as `new URL(input, base)` does (a base given as text; one that fails to parse is a
//! failure), with every validation error of the input collected.

use pegurl::{ParseError, Url, ValidationError};

/// The URL or the failure, and every validation error met (not every test reads both).
#[allow(dead_code)]
pub struct Parsed {
    pub url: Result<Url, ParseError>,
    pub errors: Vec<ValidationError>,
}

pub fn parse_with_errors(input: &str, base: Option<&str>) -> Parsed {
    let mut errors = Vec::new();
    let url = match base.map(Url::parse).transpose() {
        Ok(base) => Url::options()
            .base_url(base.as_ref())
            .validation_errors(&mut errors)
            .parse(input),
        Err(_) => pegurl::quirks::new_url(input, base),
    };
    Parsed { url, errors }
}
