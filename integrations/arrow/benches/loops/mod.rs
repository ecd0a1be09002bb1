//! The plain loops the kernel is compared with: pegurl's API row by row, reading what the
//! kernel's columns hold, so that kernel and loop compute the same values. Each returns the sum of
//! the lengths it read, so that nothing is optimized away; the kernel also copies the values
//! into its columns, which the loops do not. Shared by the criterion bench (`benches/kernel.rs`)
//! and the instruction-count driver (`examples/cost.rs`).

#![allow(dead_code)] // Each user takes part of it.

use std::hint::black_box;

use pegurl::{quirks, Url};
use pegurl_arrow::Component;

/// The URL components of the kernel's struct: href to origin, the getters of the `URL` class.
pub const GETTERS: usize = 11;

/// `Url::parse`, then `component`'s getter: what `parse_component(component)` computes for a
/// URL component.
pub fn parse_and_get(input: &str, component: Component) -> usize {
    match Url::parse(black_box(input)) {
        Ok(url) => getter(&url, component),
        Err(_) => 0,
    }
}

/// `Url::parse`, then the eleven getters (no validation errors, validity or failure).
pub fn parse_and_get_all(input: &str) -> usize {
    match Url::parse(black_box(input)) {
        Ok(url) => Component::ALL[..GETTERS]
            .iter()
            .map(|&c| getter(&url, c))
            .sum(),
        Err(_) => 0,
    }
}

/// What `parse_urls` computes: the parse collecting its validation errors (into a vector reused
/// from row to row, as the kernel's), the eleven getters, the validity, the errors' codes and,
/// when the parse fails, the failure's message.
pub fn parse_with_errors_and_get_all(
    input: &str,
    errors: &mut Vec<pegurl::ValidationError>,
) -> usize {
    errors.clear();
    let parsed = Url::options()
        .validation_errors(errors)
        .parse(black_box(input));
    let valid = usize::from(parsed.is_ok() && errors.is_empty());
    let codes: usize = errors.iter().map(|e| e.code.code().len()).sum();
    let values: usize = match parsed {
        Ok(url) => Component::ALL[..GETTERS]
            .iter()
            .map(|&c| getter(&url, c))
            .sum(),
        Err(e) => e.to_string().len(),
    };
    valid + codes + values
}

/// The length of one getter's value (0 for `valid`, `errors` and `failure`, which are no
/// getters).
pub fn getter(url: &Url, component: Component) -> usize {
    match component {
        Component::Href => url.href().len(),
        Component::Protocol => url.protocol().len(),
        Component::Username => quirks::username(url).len(),
        Component::Password => quirks::password(url).len(),
        Component::Host => quirks::host(url).len(),
        Component::Hostname => url.hostname().len(),
        Component::Port => quirks::port(url).len(),
        Component::Pathname => url.pathname().len(),
        Component::Search => url.search().len(),
        Component::Hash => url.hash().len(),
        Component::Origin => quirks::origin(url).len(),
        _ => 0,
    }
}
