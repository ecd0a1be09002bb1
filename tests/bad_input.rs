//! Bad input is normal input: generated and mutated strings never panic, every success
//! serializes to an href that parses back to itself, and every validation error's span lies
//! inside the input on character boundaries. Deterministic (a fixed-seed generator), so a
//! failure names its input and reproduces.

mod common;

use common::PIECES;

use pegurl::{quirks, Url};

/// xorshift64*: enough randomness for mutation, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn generated(rng: &mut Rng) -> String {
    let mut s = String::new();
    for _ in 0..rng.below(12) {
        s.push_str(PIECES[rng.below(PIECES.len())]);
    }
    s
}

fn mutated(rng: &mut Rng, seed: &str) -> String {
    let mut chars: Vec<char> = seed.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(chars.len() + 1);
        match rng.below(3) {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 => {
                let piece = PIECES[rng.below(PIECES.len())];
                for (i, c) in piece.chars().enumerate() {
                    chars.insert(at + i, c);
                }
            }
            _ if at < chars.len() => chars[at] = char::from(b' ' + (rng.below(95) as u8)),
            _ => {}
        }
    }
    chars.into_iter().collect()
}

fn check(input: &str, base: Option<&Url>) -> Result<(), String> {
    let mut errors = Vec::new();
    let result = Url::options()
        .base_url(base)
        .validation_errors(&mut errors)
        .parse(input);
    for e in &errors {
        let inside = e.span.start <= e.span.end && e.span.end <= input.len();
        if !inside || !input.is_char_boundary(e.span.start) || !input.is_char_boundary(e.span.end) {
            return Err(format!("{input:?}: span of {e} is not within the input"));
        }
    }
    // The same result with and without a listener.
    let quiet = Url::options().base_url(base).parse(input);
    if quiet.as_ref().map(Url::href).ok() != result.as_ref().map(Url::href).ok() {
        return Err(format!(
            "{input:?}: listening for errors changed the result"
        ));
    }
    if let Ok(url) = result {
        // Parsing the href again gives the same URL.
        match Url::parse(url.href()) {
            Ok(again) if again.href() == url.href() => {}
            Ok(again) => {
                return Err(format!(
                    "{input:?}: href {:?} reparses as {:?}",
                    url.href(),
                    again.href()
                ))
            }
            Err(e) => return Err(format!("{input:?}: href {:?} fails: {e}", url.href())),
        }
    }
    Ok(())
}

fn wpt_inputs() -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/wpt/urltestdata.json");
    let text = std::fs::read_to_string(path).expect("fixture");
    // Inputs only; cases with lone surrogates are skipped here (the WPT harness covers them).
    let value: serde_json::Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(_) => return Vec::new(),
    };
    value
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c.get("input")?.as_str().map(str::to_owned))
        .collect()
}

#[test]
fn generated_and_mutated_inputs_parse_or_fail_cleanly() {
    let bases: Vec<Option<Url>> = [
        None,
        Some("http://example.org/a/b?q#f"),
        Some("file:///C:/dir/file"),
        Some("foo://host/p/q"),
        Some("sc:opaque"),
    ]
    .into_iter()
    .map(|b| b.map(|b| Url::parse(b).expect("base parses")))
    .collect();
    let mut seeds = wpt_inputs();
    seeds.push("http://user:pass@example.org:8080/a/b/../c?x=y#z".to_owned());
    let mut rng = Rng(0x5EED_0F0E_C0DE);
    let mut failures = Vec::new();
    for round in 0..6000 {
        let input = if round % 2 == 0 {
            generated(&mut rng)
        } else {
            let seed = &seeds[rng.below(seeds.len())];
            mutated(&mut rng, seed)
        };
        let base = &bases[rng.below(bases.len())];
        if let Err(e) = check(&input, base.as_ref()) {
            failures.push(e);
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every setter with generated values: no panic, and the href always parses back to the same URL.
#[test]
fn setters_never_leave_an_href_that_parses_differently() {
    let mut rng = Rng(0x5E77_E125);
    let mut seeds = wpt_inputs();
    seeds.push("http://user:pass@example.org:8080/a/b?x=y#z".to_owned());
    let urls: Vec<Url> = seeds.iter().filter_map(|s| Url::parse(s).ok()).collect();
    let mut failures = Vec::new();
    let mut known_gap = 0;
    for _ in 0..4000 {
        let mut url = urls[rng.below(urls.len())].clone();
        let value = generated(&mut rng);
        let before = url.href().to_owned();
        let setter = rng.below(10);
        let _ = match setter {
            0 => quirks::set_protocol(&mut url, &value),
            1 => quirks::set_username(&mut url, &value),
            2 => quirks::set_password(&mut url, &value),
            3 => quirks::set_host(&mut url, &value),
            4 => quirks::set_hostname(&mut url, &value),
            5 => quirks::set_port(&mut url, &value),
            6 => quirks::set_pathname(&mut url, &value),
            7 => quirks::set_search(&mut url, &value),
            8 => quirks::set_hash(&mut url, &value),
            _ => quirks::set_href(&mut url, &value).map_err(|_| pegurl::SetterError::Invalid(None)),
        };
        // The one known spec gap: the protocol setter may turn "https://localhost/" into
        // "file://localhost/", whose href parses to "file:///" (the file host state maps
        // "localhost" to the empty host; the scheme state does not). whatwg-url does the same.
        if setter == 0 && url.scheme() == "file" && url.hostname() == "localhost" {
            known_gap += 1;
            continue;
        }
        match Url::parse(url.href()) {
            Ok(again) if again == url => {}
            other => failures.push(format!(
                "<{before}> setter {setter} = {value:?}: {:?} reparses as {other:?}",
                url.href()
            )),
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!("setters: {known_gap} results of the known protocol-to-file gap");
}

/// The spec's protocol setter keeps a "localhost" host when the scheme becomes "file", so the
/// href does not parse back to the same URL; pegurl follows the spec (and the reference
/// implementation) here. This pins the behaviour, so a spec change shows.
#[test]
fn protocol_setter_to_file_keeps_localhost_as_the_spec_says() {
    let mut url = Url::parse("https://localhost/?q").unwrap();
    quirks::set_protocol(&mut url, "file").unwrap();
    assert_eq!(url.href(), "file://localhost/?q");
    assert_eq!(Url::parse(url.href()).unwrap().href(), "file:///?q");
}

#[test]
fn deep_and_repetitive_inputs_do_not_overflow() {
    let n = 200_000;
    let inputs = [
        format!("http://a/{}", "../".repeat(n)),
        format!("http://{}a/", "@".repeat(n)),
        format!("http://{}/", "[".repeat(n)),
        format!("http://a:{}/", "9".repeat(n)),
        format!("http://[{}]/", "1:".repeat(n)),
        format!("http:{}a", "\\/".repeat(n)),
        format!("http://{}/", "a.".repeat(n)),
        format!("foo:{}", "?#".repeat(n)),
        "\n".repeat(n),
        format!("file:{}", "C|/".repeat(n)),
    ];
    for input in &inputs {
        let _ = pegurl::quirks::new_url(input, Some("http://base/"));
        let _ = Url::options()
            .validation_errors(&mut Vec::new())
            .parse(input);
    }
}

/// A segment pushed that is "." or ".." once its tabs and newlines are dropped is left out, as
/// "." and ".." are: appended, it would be a dot segment in the href, which parses to another
/// path (the `setters` fuzz target found `file:///.` from "\r\r.").
#[test]
fn pushed_dot_segments_spelled_with_tabs_or_newlines_are_left_out() {
    for input in [
        "file:///",
        "file:///a",
        "http://h/a/b",
        "foo:/a",
        "foo://h/",
        "foo:/.//p",
    ] {
        for segment in [".", "..", "\r\r.", "\t..", ".\n", "\n.\t.\r"] {
            let before = Url::parse(input).unwrap();
            let mut url = before.clone();
            url.path_segments_mut().unwrap().push(segment).push("x");
            let mut expected = before.clone();
            expected.path_segments_mut().unwrap().push("x");
            assert_eq!(url.as_str(), expected.as_str(), "{segment:?} on {input}");
            let again = Url::parse(url.as_str()).unwrap();
            assert_eq!(again.as_str(), url.as_str(), "{segment:?} on {input}");
        }
    }
}

/// A value longer than `MAX_INPUT_LEN` (what the grammar reads) leaves the URL as it was and
/// says it is too long: the fragment and query setters used to set the empty component, the
/// host setter reported an empty domain and the WHATWG setters an invalid value. (Each call
/// scans the gibibyte for tabs and newlines, some seconds in a debug build: five calls.)
#[test]
fn values_longer_than_the_input_limit_leave_the_url_as_it_was() {
    let long = "a".repeat(pegurl::MAX_INPUT_LEN + 1);
    let href = "http://u:p@h:1/p?q#f";
    let mut url = Url::parse(href).unwrap();

    url.set_fragment(Some(&long));
    assert_eq!(url.as_str(), href, "set_fragment");
    url.set_query(Some(&long));
    assert_eq!(url.as_str(), href, "set_query");
    let error = url.set_host(Some(&long)).unwrap_err();
    assert_eq!(error.kind, pegurl::ParseErrorKind::TooLong, "set_host");
    assert_eq!(url.as_str(), href, "set_host");
    for name in ["href", "pathname"] {
        let result = url.set_component(name, &long);
        assert_eq!(result, Some(Err(pegurl::SetterError::TooLong)), "{name}");
        assert_eq!(url.as_str(), href, "{name}");
    }
}
