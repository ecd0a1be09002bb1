//! A program written against the `url` crate compiles against pegurl with only its import
//! changed, and computes the same, but for the differences listed here (each one is the
//! standard's behaviour; see `docs/migrating-from-url.md`), which run inverted.

mod with_url {
    use url::{form_urlencoded, Host, ParseError, Position, Url};
    include!("migration/program.rs");
}

mod with_pegurl {
    use pegurl::{form_urlencoded, Host, ParseError, Position, Url};
    include!("migration/program.rs");
}

/// Results that differ, and why: the standard's model, which pegurl keeps.
const DIFFERENCES: &[(&str, &str)] = &[
    (
        "file_host",
        "the empty host of file:/// is a host, \"\" (url: None)",
    ),
    (
        "opaque_domain",
        "the host of a URL that is not special is an opaque host, not a domain",
    ),
];

#[test]
fn the_url_program_runs_on_pegurl_with_the_same_results_but_the_listed_differences() {
    let theirs = with_url::run();
    let ours = with_pegurl::run();
    assert_eq!(theirs.len(), ours.len());
    let mut wrong = Vec::new();
    for ((label, a), (_, b)) in theirs.iter().zip(&ours) {
        match DIFFERENCES.iter().find(|(l, _)| l == label) {
            None if a != b => wrong.push(format!("{label}: url {a:?}, pegurl {b:?}")),
            Some((_, why)) if a == b => {
                wrong.push(format!("{label} is listed ({why}) but both give {a:?}"))
            }
            _ => {}
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(
        theirs.len() > 30,
        "the program computed {} results",
        theirs.len()
    );
}
