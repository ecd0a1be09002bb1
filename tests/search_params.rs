//! The WPT `urlsearchparams-*.any.js` and `url-searchparams.any.js` behaviours
//! (web-platform-tests/wpt, folder `url/`), ported: one Rust test per WPT test. Tests of
//! JavaScript-only matters (prototypes, DOMException, Symbol.iterator, type coercion of null and
//! numbers) have no Rust counterpart and are left out.

use pegurl::{Url, UrlSearchParams};

fn pairs(params: &UrlSearchParams) -> Vec<(String, String)> {
    params
        .iter()
        .map(|(n, v)| (n.to_owned(), v.to_owned()))
        .collect()
}

fn owned(expected: &[(&str, &str)]) -> Vec<(String, String)> {
    expected
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect()
}

// ----- urlsearchparams-sort.any.js ----------------------------------------------------------

/// "Parse and sort" and "URL parse and sort" for one input.
fn sort_case(input: &str, expected: &[(&str, &str)]) {
    let mut params = UrlSearchParams::parse(input);
    params.sort();
    assert_eq!(pairs(&params), owned(expected), "parse and sort {input:?}");

    let mut url = pegurl::quirks::new_url(&format!("?{input}"), Some("https://example/")).unwrap();
    url.search_params_mut().sort();
    let params = UrlSearchParams::parse(url.search());
    assert_eq!(
        pairs(&params),
        owned(expected),
        "URL parse and sort {input:?}"
    );
}

#[test]
fn sort_repeated_names_stay_in_order() {
    sort_case(
        "z=b&a=b&z=a&a=a",
        &[("a", "b"), ("a", "a"), ("z", "b"), ("z", "a")],
    );
}

#[test]
fn sort_replacement_characters() {
    sort_case(
        "\u{FFFD}=x&\u{FFFC}&\u{FFFD}=a",
        &[("\u{FFFC}", ""), ("\u{FFFD}", "x"), ("\u{FFFD}", "a")],
    );
}

#[test]
fn sort_by_code_units_not_code_points() {
    sort_case("ﬃ&🌈", &[("🌈", ""), ("ﬃ", "")]);
}

#[test]
fn sort_does_not_normalize() {
    sort_case(
        "é&e\u{FFFD}&e\u{0301}",
        &[("e\u{0301}", ""), ("e\u{FFFD}", ""), ("é", "")],
    );
}

#[test]
fn sort_is_stable() {
    sort_case(
        "z=z&a=a&z=y&a=b&z=x&a=c&z=w&a=d&z=v&a=e&z=u&a=f&z=t&a=g",
        &[
            ("a", "a"),
            ("a", "b"),
            ("a", "c"),
            ("a", "d"),
            ("a", "e"),
            ("a", "f"),
            ("a", "g"),
            ("z", "z"),
            ("z", "y"),
            ("z", "x"),
            ("z", "w"),
            ("z", "v"),
            ("z", "u"),
            ("z", "t"),
        ],
    );
}

#[test]
fn sort_prefixes_first() {
    sort_case(
        "bbb&bb&aaa&aa=x&aa=y",
        &[
            ("aa", "x"),
            ("aa", "y"),
            ("aaa", ""),
            ("bb", ""),
            ("bbb", ""),
        ],
    );
}

#[test]
fn sort_empty_names_first() {
    sort_case(
        "z=z&=f&=t&=x",
        &[("", "f"), ("", "t"), ("", "x"), ("z", "z")],
    );
}

#[test]
fn sort_astral_names() {
    sort_case("a🌈&a💩", &[("a🌈", ""), ("a💩", "")]);
}

#[test]
fn sorting_non_existent_params_removes_question_mark() {
    let mut url = Url::parse("http://example.com/?").unwrap();
    url.search_params_mut().sort();
    assert_eq!(url.href(), "http://example.com/");
    assert_eq!(url.search(), "");
}

// ----- urlsearchparams-stringifier.any.js ---------------------------------------------------

#[test]
fn serialize_space() {
    let mut params = UrlSearchParams::new();
    params.append("a", "b c");
    assert_eq!(params.to_string(), "a=b+c");
    params.delete("a", None);
    params.append("a b", "c");
    assert_eq!(params.to_string(), "a+b=c");
}

#[test]
fn serialize_empty_value() {
    let mut params = UrlSearchParams::new();
    params.append("a", "");
    assert_eq!(params.to_string(), "a=");
    params.append("a", "");
    assert_eq!(params.to_string(), "a=&a=");
    params.append("", "b");
    assert_eq!(params.to_string(), "a=&a=&=b");
    params.append("", "");
    assert_eq!(params.to_string(), "a=&a=&=b&=");
    params.append("", "");
    assert_eq!(params.to_string(), "a=&a=&=b&=&=");
}

#[test]
fn serialize_empty_name() {
    let mut params = UrlSearchParams::new();
    params.append("", "b");
    assert_eq!(params.to_string(), "=b");
    params.append("", "b");
    assert_eq!(params.to_string(), "=b&=b");
}

#[test]
fn serialize_empty_name_and_value() {
    let mut params = UrlSearchParams::new();
    params.append("", "");
    assert_eq!(params.to_string(), "=");
    params.append("", "");
    assert_eq!(params.to_string(), "=&=");
}

#[test]
fn serialize_special_characters() {
    let cases = [
        ("b+c", "a=b%2Bc"),
        ("=", "a=%3D"),
        ("&", "a=%26"),
        ("*-._", "a=*-._"),
        ("b%c", "a=b%25c"),
        ("b\0c", "a=b%00c"),
        ("b\u{1F4A9}c", "a=b%F0%9F%92%A9c"),
    ];
    for (value, expected) in cases {
        let mut params = UrlSearchParams::new();
        params.append("a", value);
        assert_eq!(params.to_string(), expected, "{value:?}");
    }
    let mut params = UrlSearchParams::new();
    params.append("a+b", "c");
    params.append("=", "a");
    params.append("&", "a");
    params.append("*-._", "c");
    params.append("a%b", "c");
    params.append("a\0b", "c");
    params.append("a\u{1F4A9}b", "c");
    assert_eq!(
        params.to_string(),
        "a%2Bb=c&%3D=a&%26=a&*-._=c&a%25b=c&a%00b=c&a%F0%9F%92%A9b=c"
    );
    assert_eq!(
        UrlSearchParams::parse("id=0&value=%").to_string(),
        "id=0&value=%25"
    );
}

#[test]
fn to_string_round_trips() {
    let cases = [
        ("a=b&c=d&&e&&", "a=b&c=d&e="),
        ("a = b &a=b&c=d%20", "a+=+b+&a=b&c=d+"),
        ("a=&a=b", "a=&a=b"),
        ("b=%2sf%2a", "b=%252sf*"),
        ("b=%2%2af%2a", "b=%252*f*"),
        ("b=%%2a", "b=%25*"),
    ];
    for (input, expected) in cases {
        assert_eq!(
            UrlSearchParams::parse(input).to_string(),
            expected,
            "{input:?}"
        );
    }
}

#[test]
fn search_params_connected_to_url() {
    let mut url = Url::parse("http://www.example.com/?a=b,c").unwrap();
    assert_eq!(url.href(), "http://www.example.com/?a=b,c");
    assert_eq!(url.search_params().to_string(), "a=b%2Cc");
    // Reading through the live object changes nothing.
    assert_eq!(url.search_params_mut().get("a"), Some("b,c"));
    assert_eq!(url.href(), "http://www.example.com/?a=b,c");
    url.search_params_mut().append("x", "y");
    assert_eq!(url.href(), "http://www.example.com/?a=b%2Cc&x=y");
    assert_eq!(url.search_params().to_string(), "a=b%2Cc&x=y");
}

#[test]
fn no_newline_normalization() {
    let mut url = Url::parse("http://www.example.com/").unwrap();
    {
        let mut params = url.search_params_mut();
        params.append("a\nb", "c\rd");
        params.append("e\n\rf", "g\r\nh");
    }
    assert_eq!(
        url.search_params().to_string(),
        "a%0Ab=c%0Dd&e%0A%0Df=g%0D%0Ah"
    );
}

// ----- urlsearchparams-delete.any.js --------------------------------------------------------

#[test]
fn delete_basics() {
    let mut params = UrlSearchParams::parse("a=b&c=d");
    params.delete("a", None);
    assert_eq!(params.to_string(), "c=d");
    let mut params = UrlSearchParams::parse("a=a&b=b&a=a&c=c");
    params.delete("a", None);
    assert_eq!(params.to_string(), "b=b&c=c");
    let mut params = UrlSearchParams::parse("a=a&=&b=b&c=c");
    params.delete("", None);
    assert_eq!(params.to_string(), "a=a&b=b&c=c");
}

#[test]
fn delete_appended_multiple() {
    let mut params = UrlSearchParams::new();
    params.append("first", "1");
    assert!(params.has("first", None));
    assert_eq!(params.get("first"), Some("1"));
    params.delete("first", None);
    assert!(!params.has("first", None));
    params.append("first", "1");
    params.append("first", "10");
    params.delete("first", None);
    assert!(!params.has("first", None));
}

#[test]
fn delete_with_value() {
    let mut params = UrlSearchParams::parse("a=1&a=2&a=1&b=1");
    params.delete("a", Some("1"));
    assert_eq!(params.to_string(), "a=2&b=1");
}

#[test]
fn deleting_all_params_removes_question_mark() {
    let mut url = Url::parse("http://example.com/?param1&param2").unwrap();
    url.search_params_mut().delete("param1", None);
    url.search_params_mut().delete("param2", None);
    assert_eq!(url.href(), "http://example.com/");
    assert_eq!(url.search(), "");
}

#[test]
fn removing_non_existent_param_removes_question_mark() {
    let mut url = Url::parse("http://example.com/?").unwrap();
    url.search_params_mut().delete("param1", None);
    assert_eq!(url.href(), "http://example.com/");
    assert_eq!(url.search(), "");
}

// ----- urlsearchparams-constructor.any.js ---------------------------------------------------

#[test]
fn basic_construction() {
    assert_eq!(UrlSearchParams::new().to_string(), "");
    assert_eq!(UrlSearchParams::parse("").to_string(), "");
    let params = UrlSearchParams::parse("a=b");
    assert_eq!(params.to_string(), "a=b");
    let copy: UrlSearchParams = params.iter().collect();
    assert_eq!(copy.to_string(), "a=b");
}

#[test]
fn constructor_removes_leading_question_mark() {
    assert_eq!(UrlSearchParams::parse("?a=b").to_string(), "a=b");
}

#[test]
fn constructor_string() {
    let params = UrlSearchParams::parse("&a&&& &&&&&a+b=& c&m%c3%b8%c3%b8");
    assert!(params.has("a", None));
    assert!(params.has("a b", None));
    assert!(params.has(" ", None));
    assert!(!params.has("c", None));
    assert!(params.has(" c", None));
    assert!(params.has("møø", None));
    let params = UrlSearchParams::parse("id=0&value=%");
    assert_eq!(
        (params.get("id"), params.get("value")),
        (Some("0"), Some("%"))
    );
    assert_eq!(UrlSearchParams::parse("b=%2sf%2a").get("b"), Some("%2sf*"));
    assert_eq!(
        UrlSearchParams::parse("b=%2%2af%2a").get("b"),
        Some("%2*f*")
    );
    assert_eq!(UrlSearchParams::parse("b=%%2a").get("b"), Some("%*"));
}

#[test]
fn constructor_copies_pairs() {
    let mut seed = UrlSearchParams::parse("a=b&c=d");
    let mut params: UrlSearchParams = seed.iter().collect();
    assert_eq!((params.get("a"), params.get("c")), (Some("b"), Some("d")));
    assert!(!params.has("d", None));
    seed.append("e", "f");
    assert!(!params.has("e", None));
    params.append("g", "h");
    assert!(!seed.has("g", None));
}

#[test]
fn parse_plus_space_and_escapes() {
    let cases = [
        ("a=b+c", "a", "b c"),
        ("a+b=c", "a b", "c"),
        ("a=b c", "a", "b c"),
        ("a b=c", "a b", "c"),
        ("a=b%20c", "a", "b c"),
        ("a%20b=c", "a b", "c"),
        ("a=b\0c", "a", "b\0c"),
        ("a\0b=c", "a\0b", "c"),
        ("a=b%00c", "a", "b\0c"),
        ("a%00b=c", "a\0b", "c"),
        ("a=b\u{2384}", "a", "b\u{2384}"),
        ("a\u{2384}b=c", "a\u{2384}b", "c"),
        ("a=b%e2%8e%84", "a", "b\u{2384}"),
        ("a%e2%8e%84b=c", "a\u{2384}b", "c"),
        ("a=b\u{1F4A9}c", "a", "b\u{1F4A9}c"),
        ("a\u{1F4A9}b=c", "a\u{1F4A9}b", "c"),
        ("a=b%f0%9f%92%a9c", "a", "b\u{1F4A9}c"),
        ("a%f0%9f%92%a9b=c", "a\u{1F4A9}b", "c"),
    ];
    for (input, name, value) in cases {
        assert_eq!(
            UrlSearchParams::parse(input).get(name),
            Some(value),
            "{input:?}"
        );
    }
}

#[test]
fn parse_encoded_plus() {
    let mut params = UrlSearchParams::new();
    params.set("query", "+15555555555");
    let reparsed = UrlSearchParams::parse(&params.to_string());
    assert_eq!(params.to_string(), "query=%2B15555555555");
    assert_eq!(params.get("query"), Some("+15555555555"));
    assert_eq!(reparsed.get("query"), Some("+15555555555"));
}

#[test]
fn construct_with_pairs() {
    let empty: UrlSearchParams = Vec::<(&str, &str)>::new().into_iter().collect();
    assert_eq!(empty.size(), 0);
    let params: UrlSearchParams = [("a", "b"), ("c", "d")].into_iter().collect();
    assert_eq!((params.get("a"), params.get("c")), (Some("b"), Some("d")));
    let params: UrlSearchParams = [("+", "%C2")].into_iter().collect();
    assert_eq!(pairs(&params), owned(&[("+", "%C2")]));
    let params: UrlSearchParams = [("c", "x"), ("a", "?")].into_iter().collect();
    assert_eq!(pairs(&params), owned(&[("c", "x"), ("a", "?")]));
    let params: UrlSearchParams = [("a\0b", "42"), ("d\u{1234}", "foo")].into_iter().collect();
    assert_eq!(
        pairs(&params),
        owned(&[("a\0b", "42"), ("d\u{1234}", "foo")])
    );
}

// ----- urlsearchparams-has/set/size/get/getall/append ---------------------------------------

#[test]
fn has_basics_and_after_delete() {
    let params = UrlSearchParams::parse("a=b&c=d");
    assert!(params.has("a", None) && params.has("c", None) && !params.has("e", None));
    assert!(UrlSearchParams::parse("a=b&c=d&a=e").has("a", None));
    assert!(UrlSearchParams::parse("=b&c=d").has("", None));
    let mut params = UrlSearchParams::parse("a=b&c=d&&");
    params.append("first", "1");
    params.append("first", "2");
    assert!(params.has("first", None) && !params.has("d", None));
    assert!(params.has("first", Some("2")) && !params.has("first", Some("3")));
    params.delete("first", None);
    assert!(!params.has("first", None));
}

#[test]
fn set_basics() {
    let mut params = UrlSearchParams::parse("a=b&c=d");
    params.set("a", "B");
    assert_eq!(params.to_string(), "a=B&c=d");
    let mut params = UrlSearchParams::parse("a=b&c=d&a=e");
    params.set("a", "B");
    assert_eq!(params.to_string(), "a=B&c=d");
    params.set("e", "f");
    assert_eq!(params.to_string(), "a=B&c=d&e=f");
    let mut params = UrlSearchParams::parse("a=1&a=2&a=3");
    assert_eq!(params.get("a"), Some("1"));
    params.set("first", "4");
    assert_eq!(params.to_string(), "a=1&a=2&a=3&first=4");
    params.set("a", "4");
    assert_eq!(params.get("a"), Some("4"));
    assert_eq!(params.to_string(), "a=4&first=4");
}

#[test]
fn get_and_get_all() {
    let params = UrlSearchParams::parse("a=b&c=d&a=e&=x");
    assert_eq!(params.get("a"), Some("b"));
    assert_eq!(params.get("z"), None);
    assert_eq!(params.get(""), Some("x"));
    assert_eq!(params.get_all("a"), ["b", "e"]);
    assert!(params.get_all("z").is_empty());
}

#[test]
fn size_tracks_changes() {
    let mut params = UrlSearchParams::parse("a=1&b=2&a=3");
    assert_eq!(params.size(), 3);
    params.delete("a", None);
    assert_eq!(params.size(), 1);
    params.append("b", "4");
    assert_eq!(params.size(), 2);
    let mut url = Url::parse("http://localhost/query?a=1&b=2&a=3").unwrap();
    assert_eq!(url.search_params().size(), 3);
    url.search_params_mut().delete("a", None);
    assert_eq!(url.search_params().size(), 1);
    url.search_params_mut().append("b", "4");
    assert_eq!(url.search_params().size(), 2);
    pegurl::quirks::set_search(&mut url, "?").unwrap();
    assert_eq!(url.search_params().size(), 0);
}

// ----- url-searchparams.any.js --------------------------------------------------------------

#[test]
fn url_search_params_updating_and_clearing() {
    let mut url = Url::parse("http://example.org/?a=b").unwrap();
    assert_eq!(url.search_params().to_string(), "a=b");
    url.search_params_mut().set("a", "b");
    assert_eq!(url.search(), "?a=b");
    pegurl::quirks::set_search(&mut url, "").unwrap();
    assert_eq!(url.search_params().to_string(), "");
    assert_eq!(url.search(), "");
}

#[test]
fn url_search_and_search_params_propagate() {
    let mut url = Url::parse("http://example.org/file?a=b&c=d").unwrap();
    assert_eq!(url.search_params().to_string(), "a=b&c=d");
    pegurl::quirks::set_search(&mut url, "e=f&g=h").unwrap();
    assert_eq!(url.search(), "?e=f&g=h");
    pegurl::quirks::set_search(&mut url, "?e=f&g=h").unwrap();
    assert_eq!(url.search_params().to_string(), "e=f&g=h");
    url.search_params_mut().append("i", " j ");
    assert_eq!(url.search(), "?e=f&g=h&i=+j+");
    assert_eq!(url.search_params().get("i"), Some(" j "));
    url.search_params_mut().set("e", "updated");
    assert_eq!(url.search(), "?e=updated&g=h&i=+j+");
    let mut url2 = Url::parse("http://example.org/file??a=b&c=d").unwrap();
    assert_eq!(url2.search(), "??a=b&c=d");
    assert_eq!(url2.search_params().to_string(), "%3Fa=b&c=d");
    pegurl::quirks::set_href(&mut url2, "http://example.org/file??a=b").unwrap();
    assert_eq!(url2.search(), "??a=b");
    assert_eq!(url2.search_params().to_string(), "%3Fa=b");
}
