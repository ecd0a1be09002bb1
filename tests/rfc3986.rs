//! `pegurl::rfc3986` on its test data, one named test per case (libtest-mimic):
//!
//! - `rfc3986::5.4.1` and `rfc3986::5.4.2`: the RFC's resolution examples; `rfc3986::5.2.4`
//!   remove_dot_segments; `rfc3986::6.2` its normalization examples;
//! - `draft1996`: Appendix C of the 1996 URL syntax drafts (seed 004), where RFC 3986 changed the
//!   answer listed as a known difference;
//! - `fluent-uri::resolve|normalize|parse|ip`: the expected data of fluent-uri 0.4.1's tests.
//!
//! A known difference runs inverted: it passes while the difference is there, and fails, asking
//! to remove it from the list, once it is gone.

use libtest_mimic::{Arguments, Failed, Trial};
use pegurl::rfc3986::{self, Host, Options};
use serde_json::Value;

/// Cases where the data's expected answer is not RFC 3986's (as this crate reads the RFC), and why.
const KNOWN_DIFFERENCES: &[(&str, &str, &str)] = &[
    ("draft1996", "00 ;x", "draft-00 kept \";params\" out of the path: RFC 3986 (like draft-01) merges \";x\" as a segment"),
    ("draft1996", "01 ?y", "draft-01 (and RFC 2396) dropped the base's last segment for \"?y\"; RFC 3986 section 5.2.2 keeps the base path"),
    ("draft1996", "01 g?y/./x", "draft-01 removed dot segments inside the query; RFC 3986 removes them from the path only"),
    ("draft1996", "01 g?y/../x", "draft-01 removed dot segments inside the query; RFC 3986 removes them from the path only"),
    ("fluent-uri::resolve", "foo:/bar/baz/.%2E/ ..", "fluent-uri reads percent-encoded dots as dot segments when it resolves; RFC 3986 section 5.2.4 matches \".\" and \"..\" only"),
    ("fluent-uri::resolve", "foo:/bar/.. .", "fluent-uri removes the base's dot segments first; RFC 3986 section 5.2.2 merges the base path as it is (\"/bar/.\" then \"/bar/\")"),
    ("fluent-uri::resolve", "http://example.com/#title1 foo", "fluent-uri refuses a base with a fragment; RFC 3986 section 5.1 strips it"),
    ("fluent-uri::resolve", "foo:bar baz", "fluent-uri refuses a relative path against a base with a rootless path; RFC 3986 section 5.2.3 merges (\"foo:baz\")"),
    ("fluent-uri::resolve", "foo:bar ?baz", "fluent-uri refuses a reference against a base with a rootless path; RFC 3986 section 5.2.2 gives \"foo:bar?baz\""),
    ("fluent-uri::resolve", "foo:bar/.. ?a", "fluent-uri refuses a reference against a base with a rootless path; RFC 3986 section 5.2.2 gives \"foo:bar/..?a\""),
    ("fluent-uri::normalize", "http://example.com", "fluent-uri leaves the empty path; RFC 3986 section 6.2.3 makes it \"/\" for http"),
    ("fluent-uri::normalize", "foo:bar/../baz", "fluent-uri keeps dot segments in a rootless path; resolution (RFC 3986 section 5.2.2) removes them from any URI's path"),
    ("fluent-uri::normalize", "//[0000:0000:0000::1]", "fluent-uri writes IPv6 addresses in RFC 5952's form; RFC 3986 section 6.2.2.1 only lowers their case"),
    ("fluent-uri::normalize", "//[0:0:0:0:0:ffff:192.0.2.1]", "fluent-uri writes IPv6 addresses in RFC 5952's form; RFC 3986 section 6.2.2.1 only lowers their case"),
    ("fluent-uri::normalize", "//[::192.0.2.1]", "fluent-uri writes IPv6 addresses in RFC 5952's form; RFC 3986 section 6.2.2.1 only lowers their case"),
    ("fluent-uri::normalize", "?%EE%80%80", "fluent-uri decodes percent-encoded UCS characters of IRIs (RFC 3987 section 5.3.2.3); pegurl decodes unreserved ASCII only"),
    ("fluent-uri::normalize", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9", "fluent-uri decodes percent-encoded UCS characters of IRIs (RFC 3987 section 5.3.2.3); pegurl decodes unreserved ASCII only"),
    ("fluent-uri::normalize", "HTTP://%45XAMPLE.%43Om", "fluent-uri leaves the empty path; RFC 3986 section 6.2.3 makes it \"/\" for http"),
    ("fluent-uri::parse-error", "3ttp://a.com", "\"3ttp\" is a relative path and \":\" cannot follow it, so pegurl says byte 4; fluent-uri names the scheme's first character"),
    ("fluent-uri::parse-error", "http://user:pass:example.com/", "pegurl says byte 12, where the port's digits end; fluent-uri says 16, the second \":\" (the input stays a URI-reference prefix up to the \"/\" at 28: \"user:pass:example.com\" could be user information before an \"@\")"),
    ("fluent-uri::parse-error", "https://[::1/", "the failure's place is where pest_derive last tried a production: the start of the IP literal's content, not the bad character inside it"),
    ("fluent-uri::parse-error", "http://[vG.addr]", "the failure's place is where pest_derive last tried a production: the start of the IP literal's content, not the bad character inside it"),
    ("fluent-uri::parse-error", "http://[v.addr]", "the failure's place is where pest_derive last tried a production: the start of the IP literal's content, not the bad character inside it"),
    ("fluent-uri::parse-error", "ftp://[vF.]", "the failure's place is where pest_derive last tried a production: the start of the IP literal's content, not the bad character inside it"),
    ("fluent-uri::parse-error", "ftp://[vF.%20]", "the failure's place is where pest_derive last tried a production: the start of the IP literal's content, not the bad character inside it"),
    ("fluent-uri::parse-error", "ftp://[fe80::abcd%eth0]", "the failure's place is where pest_derive last tried a production: the start of the IP literal's content, not the bad character inside it"),
];

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    trials.extend(rfc3986_examples());
    trials.extend(draft1996());
    trials.extend(fluent_uri());
    libtest_mimic::run(&args, trials).exit();
}

/// A fixture file of fixtures/rfc3986/.
fn fixture(name: &str) -> Value {
    let path = format!("{}/fixtures/rfc3986/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A string field ("" when missing).
fn text(case: &Value, key: &str) -> String {
    case.get(key)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}

/// One trial; a known difference runs inverted.
fn trial(
    group: &str,
    key: String,
    check: impl FnOnce() -> Result<(), String> + Send + 'static,
) -> Trial {
    let reason = KNOWN_DIFFERENCES
        .iter()
        .find(|(g, k, _)| *g == group && *k == key)
        .map(|(_, _, reason)| *reason);
    let name = format!("{group}::{key:?}");
    match reason {
        None => Trial::test(name, move || check().map_err(Failed::from)),
        Some(reason) => {
            Trial::test(
                format!("{name} [known difference: {reason}]"),
                move || match check() {
                    Ok(()) => Err(Failed::from(
                        "this known difference is gone: remove it from KNOWN_DIFFERENCES",
                    )),
                    Err(_) => Ok(()),
                },
            )
        }
    }
}

/// `reference` resolved against `base`, recomposed.
fn resolved(base: &str, reference: &str) -> Result<String, String> {
    let base = rfc3986::parse(base).map_err(|e| format!("base: {e}"))?;
    let reference = rfc3986::parse(reference).map_err(|e| e.to_string())?;
    rfc3986::resolve(&base, &reference)
        .map(|t| t.to_string())
        .map_err(|e| e.to_string())
}

/// Compares an answer with the expected one.
fn expect(got: Result<String, String>, expected: &str) -> Result<(), String> {
    match got {
        Ok(got) if got == expected => Ok(()),
        other => Err(format!("expected {expected:?}, got {other:?}")),
    }
}

fn rfc3986_examples() -> Vec<Trial> {
    let data = fixture("rfc3986-examples.json");
    let base = text(&data, "base");
    let mut trials = Vec::new();
    for (section, key) in [("5.4.1", "normal"), ("5.4.2", "abnormal")] {
        for case in data[key].as_array().into_iter().flatten() {
            let (reference, expected) = (text(case, "reference"), text(case, "expected"));
            let base = base.clone();
            trials.push(trial(
                &format!("rfc3986::{section}"),
                reference.clone(),
                move || expect(resolved(&base, &reference), &expected),
            ));
        }
    }
    for case in data["remove_dot_segments"].as_array().into_iter().flatten() {
        let (input, expected) = (text(case, "input"), text(case, "expected"));
        trials.push(trial("rfc3986::5.2.4", input.clone(), move || {
            expect(Ok(rfc3986::remove_dot_segments(&input)), &expected)
        }));
    }
    for case in data["normalize"].as_array().into_iter().flatten() {
        let (input, expected) = (text(case, "input"), text(case, "expected"));
        let group = format!("rfc3986::{}", text(case, "section"));
        trials.push(trial(&group, input.clone(), move || {
            expect(normalized(&input, Options::new()), &expected)
        }));
    }
    trials
}

/// `input` normalized, recomposed.
fn normalized(input: &str, options: Options) -> Result<String, String> {
    let r = options.parse(input).map_err(|e| e.to_string())?;
    Ok(rfc3986::normalize(&r).to_string())
}

fn draft1996() -> Vec<Trial> {
    let data = fixture("draft-fielding-url-syntax-1996.json");
    let base = text(&data, "base");
    let mut trials = Vec::new();
    for case in data["cases"].as_array().into_iter().flatten() {
        let reference = text(case, "reference");
        let mut expected = text(case, "expected");
        // "(current document)#s": the base without its fragment, then the reference's fragment.
        if let Some(fragment) = expected.strip_prefix("(current document)") {
            expected = format!("{base}{fragment}");
        }
        let key = format!("{} {reference}", text(case, "draft"));
        let base = base.clone();
        trials.push(trial("draft1996", key, move || {
            expect(resolved(&base, &reference), &expected)
        }));
    }
    trials
}

fn fluent_uri() -> Vec<Trial> {
    let data = fixture("fluent-uri-0.4.1.json");
    let mut trials = Vec::new();
    for case in data["resolve"].as_array().into_iter().flatten() {
        let (base, reference) = (text(case, "base"), text(case, "reference"));
        let expected = case
            .get("expected")
            .and_then(Value::as_str)
            .map(str::to_owned);
        let key = format!("{base} {reference}");
        trials.push(trial("fluent-uri::resolve", key, move || {
            let got = resolved(&base, &reference);
            match expected {
                Some(expected) => expect(got, &expected),
                // fluent-uri refuses to resolve: so must we.
                None if got.is_err() => Ok(()),
                None => Err(format!("fluent-uri refuses to resolve; got {got:?}")),
            }
        }));
    }
    for case in data["normalize"].as_array().into_iter().flatten() {
        let (input, expected) = (text(case, "input"), text(case, "expected"));
        let options = Options::new().iri(case["iri"].as_bool() == Some(true));
        trials.push(trial("fluent-uri::normalize", input.clone(), move || {
            expect(normalized(&input, options), &expected)
        }));
    }
    for case in data["parse"].as_array().into_iter().flatten() {
        let case = case.clone();
        let input = text(&case, "input");
        let group = if case["absolute"].as_bool() == Some(true) {
            // fluent-uri's `Uri::parse`, which wants a scheme.
            "fluent-uri::parse-error-uri"
        } else if case.get("error").is_some() {
            "fluent-uri::parse-error"
        } else {
            "fluent-uri::parse"
        };
        trials.push(trial(group, input, move || parse_case(&case)));
    }
    for case in data["ip"].as_array().into_iter().flatten() {
        let host = text(case, "host");
        let version = case["version"].as_u64();
        let valid = case["valid"].as_bool() == Some(true);
        let key = format!("v{} {host}", version.unwrap_or(0));
        trials.push(trial("fluent-uri::ip", key, move || {
            let input = match version {
                Some(6) => format!("//[{host}]"),
                _ => format!("//{host}"),
            };
            let parsed = rfc3986::parse(&input).ok();
            let kind = parsed.as_ref().and_then(|r| r.host());
            let is = match kind {
                Some(Host::Ipv4(_)) => version == Some(4),
                Some(Host::Ipv6(_)) => version == Some(6),
                _ => false,
            };
            if is == valid {
                Ok(())
            } else {
                Err(format!(
                    "{input:?}: host {kind:?}, expected an IP address: {valid}"
                ))
            }
        }));
    }
    trials
}

/// A fluent-uri parse case: the components, or a failure at the same place.
fn parse_case(case: &Value) -> Result<(), String> {
    let input = text(case, "input");
    let parsed = rfc3986::parse(&input);
    if let Some(index) = case.get("error_index").and_then(Value::as_u64) {
        let absolute = case["absolute"].as_bool() == Some(true);
        return match parsed {
            // fluent-uri's `Uri::parse` wants a scheme: a relative reference fails where the
            // scheme's ":" is missing, at the end of the input.
            Ok(r) if absolute && !r.is_absolute() => Ok(()),
            Ok(r) => Err(format!("parses as {r:?}")),
            Err(_) if absolute => Ok(()),
            Err(e) if e.span.start as u64 == index => Ok(()),
            Err(e) => Err(format!(
                "fails at {} (fluent-uri: {index}): {e}",
                e.span.start
            )),
        };
    }
    let r = parsed.map_err(|e| e.to_string())?;
    let mut diffs = Vec::new();
    let mut check = |what: &str, got: Option<String>, expected: Option<&Value>| {
        if let Some(expected) = expected {
            let expected = expected.as_str().map(str::to_owned);
            if got != expected {
                diffs.push(format!("{what}: {got:?}, expected {expected:?}"));
            }
        }
    };
    check("scheme", r.scheme().map(str::to_owned), case.get("scheme"));
    check("path", Some(r.path().to_owned()), case.get("path"));
    check("query", r.query().map(str::to_owned), case.get("query"));
    check(
        "fragment",
        r.fragment().map(str::to_owned),
        case.get("fragment"),
    );
    match (&r.authority(), case.get("authority")) {
        (None, Some(Value::Null) | None) => {}
        (Some(a), Some(expected @ Value::Object(_))) => {
            check(
                "userinfo",
                a.userinfo.as_deref().map(str::to_owned),
                expected.get("userinfo"),
            );
            check("host", Some(a.host.to_string()), expected.get("host"));
            check(
                "port",
                a.port.as_deref().map(str::to_owned),
                expected.get("port"),
            );
            let kind = kind_name(&a.host).to_owned();
            check("host kind", Some(kind), expected.get("kind"));
        }
        (got, expected) => diffs.push(format!("authority {got:?}, expected {expected:?}")),
    }
    if diffs.is_empty() {
        Ok(())
    } else {
        Err(diffs.join("; "))
    }
}

/// fluent-uri's name of a host kind.
fn kind_name(host: &Host<'_>) -> &'static str {
    match host {
        Host::Ipv4(_) => "Ipv4",
        Host::Ipv6(_) => "Ipv6",
        Host::IpvFuture(_) => "IpvFuture",
        _ => "RegName",
    }
}
