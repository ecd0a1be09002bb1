// A program written against the `url` crate's common API, included twice by tests/migration.rs:
// once after `use url::...`, once after `use pegurl::...`, nothing else changed. It returns what
// it computed, labelled, so that the two runs can be compared.

/// Runs the program and returns (label, result) pairs.
pub fn run() -> Vec<(&'static str, String)> {
    let mut out: Vec<(&'static str, String)> = Vec::new();
    let mut show = |label: &'static str, value: String| out.push((label, value));

    // Parsing, and what a parse failure looks like.
    let base = Url::parse("https://user:secret@example.com:8443/docs/guide.html?lang=en#intro")
        .expect("the base parses");
    show("as_str", base.as_str().to_owned());
    show("failure", Url::parse("https://exa mple.com").is_err().to_string());
    let from_str: Result<Url, ParseError> = "https://example.com/".parse();
    show("from_str", from_str.map(String::from).unwrap_or_default());
    show("try_from", Url::try_from("http://a/b").map(|u| u.to_string()).unwrap_or_default());

    // Components.
    show("scheme", base.scheme().to_owned());
    show("username", base.username().to_owned());
    show("password", format!("{:?}", base.password()));
    show("host_str", format!("{:?}", base.host_str()));
    show("domain", format!("{:?}", base.domain()));
    show("port", format!("{:?}", base.port()));
    show("port_or_known_default", format!("{:?}", base.port_or_known_default()));
    show("path", base.path().to_owned());
    let segments: Vec<&str> = base.path_segments().map(|s| s.collect()).unwrap_or_default();
    show("path_segments", format!("{segments:?}"));
    show("query", format!("{:?}", base.query()));
    show("fragment", format!("{:?}", base.fragment()));
    let host = match base.host() {
        Some(Host::Domain(d)) => format!("domain {d}"),
        Some(Host::Ipv4(a)) => format!("ipv4 {a}"),
        Some(Host::Ipv6(a)) => format!("ipv6 {a}"),
        _ => "none".to_owned(),
    };
    show("host", host);
    show("origin", base.origin().ascii_serialization());
    show("cannot_be_a_base", Url::parse("mailto:x@y").map(|u| u.cannot_be_a_base().to_string()).unwrap_or_default());
    let pairs: Vec<(String, String)> = base.query_pairs().into_owned().collect();
    show("query_pairs", format!("{pairs:?}"));

    // Joining, options, relative references, slicing.
    show("join", base.join("../api/index.html?v=2").map(String::from).unwrap_or_default());
    let options = Url::options().base_url(Some(&base));
    show("options", options.parse("/root").map(String::from).unwrap_or_default());
    let target = base.join("tutorial.html").expect("joins");
    show("make_relative", format!("{:?}", base.make_relative(&target)));
    show("slice", base[..Position::AfterPath].to_owned());
    show("slice_host_port", base[Position::BeforeHost..Position::AfterPort].to_owned());

    // Setters.
    let mut url = base.clone();
    let _ = url.set_scheme("http");
    let _ = url.set_username("admin");
    let _ = url.set_password(None);
    let _ = url.set_host(Some("api.example.org"));
    let _ = url.set_port(Some(8080));
    url.set_path("/v1/items");
    url.set_query(Some("page=2"));
    url.set_fragment(None);
    show("setters", url.to_string());
    url.query_pairs_mut().append_pair("sort", "name asc").append_key_only("debug");
    show("query_pairs_mut", url.to_string());
    if let Ok(mut segments) = url.path_segments_mut() {
        segments.pop().push("item 42");
    }
    show("path_segments_mut", url.to_string());
    let with_params = Url::parse_with_params("https://example.com/search", &[("q", "rust url")]);
    show("parse_with_params", with_params.map(String::from).unwrap_or_default());

    // form_urlencoded.
    let body: String = form_urlencoded::Serializer::new(String::new())
        .append_pair("name", "Zoë & co")
        .finish();
    show("form_serialize", body.clone());
    let decoded: Vec<(String, String)> = form_urlencoded::parse(body.as_bytes()).into_owned().collect();
    show("form_parse", format!("{decoded:?}"));
    let encoded: String = form_urlencoded::byte_serialize(b"a/b c").collect();
    show("byte_serialize", encoded);

    // Ordering, hashing, conversion.
    let mut list = vec![Url::parse("https://b.example/").expect("parses"), base.clone()];
    list.sort();
    show("ord", list.iter().map(|u| u.as_str()).collect::<Vec<_>>().join(" "));
    let set: std::collections::HashSet<Url> = list.into_iter().collect();
    show("hash", set.len().to_string());
    let text: &str = base.as_ref();
    show("as_ref", text.to_owned());
    let owned: String = base.into();
    show("into_string", owned);

    // Corners where the crates differ (listed in tests/migration.rs).
    show("file_host", format!("{:?}", Url::parse("file:///etc/hosts").map(|u| u.host_str().map(str::to_owned))));
    show("opaque_domain", format!("{:?}", Url::parse("ssh://git@Example.org/r").map(|u| u.domain().map(str::to_owned))));
    out
}
