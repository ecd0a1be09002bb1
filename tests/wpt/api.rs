//! The API suites: setters_tests.json, percent-encoding.json, urlencoded-parser-data.json.

use libtest_mimic::Trial;
use pegurl::encoding_rs::Encoding;
use pegurl::{Url, UrlSearchParams};
use serde_json::Value;

use crate::load::{field, show, wpt};
use crate::trial;

/// setters_tests.json: parse `href`, set the attribute to `new_value`, compare `expected`.
pub fn setters() -> Vec<Trial> {
    let data = wpt("setters_tests.json");
    let Some(Value::Object(by_attribute)) = data.into_iter().next() else {
        panic!("setters_tests.json: expected one object");
    };
    let mut trials = Vec::new();
    let mut index = 0;
    for (attribute, cases) in by_attribute {
        if attribute == "comment" {
            continue;
        }
        let Value::Array(cases) = cases else { continue };
        for case in cases {
            let href = field(&case, "href").unwrap_or_default().to_owned();
            let value = field(&case, "new_value").unwrap_or_default().to_owned();
            let what = format!("<{}>.{attribute} = {:?}", show(&href), show(&value));
            let attribute = attribute.clone();
            let key = format!("{attribute} {href} {value}");
            trials.push(trial("setters", index, &key, what, move || {
                let mut url = Url::parse(&href).map_err(|e| format!("href fails: {e}"))?;
                // Ignored values are the spec's behaviour; the outcome shows in `expected`.
                let _ = url.set_component(&attribute, &value);
                let mut wrong = Vec::new();
                if let Some(Value::Object(expected)) = case.get("expected") {
                    for (name, value) in expected {
                        let actual = url.component(name).unwrap_or_default();
                        if Some(actual.as_ref()) != value.as_str() {
                            wrong.push(format!("{name}: expected {value}, got {actual:?}"));
                        }
                    }
                }
                // A setter never leaves a URL whose href parses to something else.
                match Url::parse(url.href()) {
                    Ok(again) if again == url => {}
                    other => wrong.push(format!("href {:?} reparses as {other:?}", url.href())),
                }
                if wrong.is_empty() {
                    Ok(())
                } else {
                    Err(wrong.join("\n"))
                }
            }));
            index += 1;
        }
    }
    trials
}

/// percent-encoding.json: a document in `encoding` with `<a href="…?{input}#{input}">`: the
/// query is encoded in that encoding, the fragment in UTF-8.
pub fn percent_encoding() -> Vec<Trial> {
    let mut trials = Vec::new();
    let mut index = 0;
    for case in wpt("percent-encoding.json") {
        let Some(input) = field(&case, "input").map(str::to_owned) else {
            continue;
        };
        let Some(Value::Object(outputs)) = case.get("output").cloned() else {
            continue;
        };
        let utf8 = outputs
            .get("utf-8")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        for (label, expected) in outputs {
            let expected = expected.as_str().unwrap_or_default().to_owned();
            let what = format!("{:?} in {label}", show(&input));
            let (input, utf8) = (input.clone(), utf8.clone());
            let key = format!("{label} {input}");
            trials.push(trial("percent-encoding", index, &key, what, move || {
                let encoding = Encoding::for_label(label.as_bytes())
                    .ok_or_else(|| format!("unknown encoding {label}"))?;
                let href = format!("https://doesnotmatter.invalid/?{input}#{input}");
                let url = Url::options()
                    .encoding_override(Some(encoding))
                    .parse(&href)
                    .map_err(|e| e.to_string())?;
                let (search, hash) = (format!("?{expected}"), format!("#{utf8}"));
                if url.search() == search && url.hash() == hash {
                    Ok(())
                } else {
                    Err(format!(
                        "expected {search:?} {hash:?}, got {:?} {:?}",
                        url.search(),
                        url.hash()
                    ))
                }
            }));
            index += 1;
        }
    }
    trials
}

/// urlencoded-parser-data.json: `new URLSearchParams(input)` gives `output`.
pub fn urlencoded_parser() -> Vec<Trial> {
    let mut trials = Vec::new();
    for (index, case) in wpt("urlencoded-parser-data.json").into_iter().enumerate() {
        let input = field(&case, "input").unwrap_or_default().to_owned();
        let what = format!("{:?}", show(&input));
        let key = input.clone();
        trials.push(trial("urlencoded-parser", index, &key, what, move || {
            let expected: Vec<(String, String)> = case["output"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|pair| {
                    let s = |i: usize| pair[i].as_str().unwrap_or_default().to_owned();
                    (s(0), s(1))
                })
                .collect();
            let params = UrlSearchParams::parse(&input);
            let actual: Vec<(String, String)> = params
                .iter()
                .map(|(n, v)| (n.to_owned(), v.to_owned()))
                .collect();
            if actual == expected {
                Ok(())
            } else {
                Err(format!("expected {expected:?}, got {actual:?}"))
            }
        }));
    }
    trials
}
