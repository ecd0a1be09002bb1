//! The entry rule is chosen by the base's kind before parsing: one reading of the input for
//! every base, except `http:x` against a base with the same special scheme, whose scheme must
//! be read before the builder knows it is the base's.

use pegurl::Url;

/// The names of the entry rules the parser ran for `input` against `base`, in order.
fn readings(input: &str, base: Option<&str>) -> Vec<String> {
    let base = base.map(|b| Url::parse(b).expect("the base parses"));
    let mut trees = Vec::new();
    let url = Url::options()
        .base_url(base.as_ref())
        .trace(&mut trees)
        .parse(input);
    assert!(url.is_ok(), "{input:?} against {base:?}: {url:?}");
    trees.into_iter().map(|tree| tree.rule).collect()
}

#[test]
fn no_base_and_special_bases_read_the_url_rule_once() {
    assert_eq!(readings("http://h/p", None), ["url"]);
    assert_eq!(readings("../x?q", Some("https://h/a/b")), ["url"]);
    assert_eq!(readings("\\\\other/p", Some("ws://h/")), ["url"]);
}

#[test]
fn a_file_base_reads_the_file_state_once() {
    assert_eq!(
        readings("C|/x", Some("file:///D:/y")),
        ["url_against_file_base"]
    );
    assert_eq!(
        readings("?q", Some("file://host/p")),
        ["url_against_file_base"]
    );
}

#[test]
fn a_base_that_is_not_special_reads_its_relative_state_once() {
    assert_eq!(
        readings("a\\b", Some("non-spec:/x/y")),
        ["url_against_non_special_base"]
    );
    assert_eq!(
        readings("#f", Some("x:opaque")),
        ["url_against_non_special_base"]
    );
}

#[test]
fn only_a_special_scheme_like_the_bases_is_read_again() {
    assert_eq!(
        readings("http:x", Some("http://h/a/b")),
        ["url", "same_scheme_relative_url"]
    );
    // Another scheme, or two slashes, is an absolute URL: one reading.
    assert_eq!(readings("https:x", Some("http://h/a/b")), ["url"]);
    assert_eq!(readings("http://x", Some("http://h/a/b")), ["url"]);
}

#[test]
fn the_chosen_reading_gives_the_spec_result() {
    let join = |input: &str, base: &str| {
        pegurl::quirks::new_url(input, Some(base))
            .map(|u| u.href().to_owned())
            .unwrap_or_default()
    };
    assert_eq!(join("C|/x", "file:///D:/y"), "file:///C:/x");
    assert_eq!(join("a\\b", "non-spec:/x/y"), "non-spec:/x/a\\b");
    assert_eq!(join("#f", "x:opaque"), "x:opaque#f");
    assert_eq!(join("http:x", "http://h/a/b"), "http://h/a/x");
}
