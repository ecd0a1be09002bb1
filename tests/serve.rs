//! `pegurl serve`: its JSON API, through a server started as a child process on an ephemeral
//! port of 127.0.0.1. Expected results come from the reference data (whatwg-url's hrefs and
//! codes in fixtures/validation/wpt.json) or from the library called directly.
#![cfg(feature = "cli")]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{json, Value};

/// A running `pegurl serve`, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pegurl"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("pegurl serve starts");
        let stdout = child.stdout.take().expect("stdout");
        let (send, receive) = mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = send.send(line);
        });
        let line = receive
            .recv_timeout(Duration::from_secs(30))
            .expect("the server names its address within 30 s");
        let port = line
            .split("127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no port in {line:?}"));
        Server { child, port }
    }

    /// One HTTP/1.0 request (so the reply is never chunked); the status and the body.
    fn request(&self, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
        self.request_to("127.0.0.1", method, path, body)
    }

    /// [`Server::request`] with a chosen `Host` header.
    fn request_to(
        &self,
        host: &str,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> (u16, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connects");
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .expect("timeout set");
        let body = body.unwrap_or("");
        let head = format!(
            "{method} {path} HTTP/1.0\r\nHost: {host}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n",
            body.len()
        );
        stream.write_all(head.as_bytes()).expect("request sent");
        stream.write_all(body.as_bytes()).expect("body sent");
        let mut reply = Vec::new();
        stream.read_to_end(&mut reply).expect("reply read");
        let reply = String::from_utf8(reply).expect("UTF-8 reply");
        let (head, body) = reply.split_once("\r\n\r\n").expect("head and body");
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .expect("status");
        (status, body.to_owned())
    }

    fn json(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let body = body.map(|b| b.to_string());
        let (status, text) = self.request(method, path, body.as_deref());
        let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        (status, value)
    }

    fn parse(&self, input: &str, base: Option<&str>) -> Value {
        let (status, reply) = self.json(
            "POST",
            "/api/parse",
            Some(json!({ "input": input, "base": base })),
        );
        assert_eq!(status, 200, "{reply}");
        reply
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn codes(reply: &Value) -> Vec<String> {
    reply["errors"]
        .as_array()
        .expect("errors")
        .iter()
        .map(|e| e["code"].as_str().expect("code").to_owned())
        .collect()
}

#[test]
fn the_page_and_its_files_are_served() {
    let server = Server::start(&[]);
    let (status, page) = server.request("GET", "/", None);
    assert_eq!(status, 200);
    assert!(page.contains("<script src=\"/viewer.js\">"), "{page}");
    let (status, script) = server.request("GET", "/viewer.js", None);
    assert_eq!(status, 200);
    let (status, style) = server.request("GET", "/viewer.css", None);
    assert_eq!(status, 200);
    // Self-contained: nothing is loaded from elsewhere (the machine may have no network).
    for text in [&page, &script, &style] {
        for external in ["src=\"http", "href=\"http", "url(", "@import"] {
            assert!(!text.contains(external), "{external} in a served file");
        }
    }
    assert_eq!(server.request("GET", "/nope", None).0, 404);
}

/// Every WPT input through the API: href or failure, the codes in order and validity are
/// whatwg-url's; every span's UTF-16 offsets count the same text as its byte offsets.
#[test]
fn parse_agrees_with_the_reference_on_every_wpt_input() {
    let server = Server::start(&[]);
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/validation/wpt.json"
    ))
    .expect("fixture");
    let fixture: Value = serde_json::from_str(&text).expect("JSON");
    let cases = fixture["cases"].as_array().expect("cases");
    assert!(cases.len() > 800);
    let mut wrong = Vec::new();
    for case in cases {
        let input = case["input"].as_str().expect("input");
        let reply = server.parse(input, case["base"].as_str());
        let expected: Vec<String> = case["codes"]
            .as_array()
            .expect("codes")
            .iter()
            .filter_map(|c| c.as_str().map(str::to_owned))
            .collect();
        if reply["href"] != case["href"] || codes(&reply) != expected {
            wrong.push(format!(
                "{input:?}: href {} codes {:?}, expected {} {expected:?}",
                reply["href"],
                codes(&reply),
                case["href"]
            ));
        }
        if reply["valid"] != case["valid"] {
            wrong.push(format!("{input:?}: valid {}", reply["valid"]));
        }
        if case["href"].is_string() && reply["record"]["getters"][0][1] != case["href"] {
            wrong.push(format!("{input:?}: the href getter differs from href"));
        }
        for e in reply["errors"].as_array().into_iter().flatten() {
            let at = |key: &str| e[key].as_u64().expect("offset") as usize;
            let utf16 = |byte: usize| input.get(..byte).map(|s| s.encode_utf16().count());
            if utf16(at("start")) != Some(at("utf16_start"))
                || utf16(at("end")) != Some(at("utf16_end"))
            {
                wrong.push(format!("{input:?}: UTF-16 offsets of {e}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn errors_carry_message_and_spec_link() {
    let server = Server::start(&[]);
    let input = "https://user@example.org\\a b";
    let reply = server.parse(input, None);
    let expected: Vec<(String, std::ops::Range<usize>)> = {
        let mut errors = Vec::new();
        let _ = pegurl::Url::options()
            .validation_errors(&mut errors)
            .parse(input);
        errors
            .iter()
            .map(|e| (e.code.code().to_owned(), e.span.clone()))
            .collect()
    };
    assert_eq!(expected.len(), 3, "credentials, reverse solidus, space");
    let errors = reply["errors"].as_array().expect("errors");
    for ((code, span), e) in expected.iter().zip(errors) {
        assert_eq!(e["code"], json!(code));
        assert_eq!(
            (e["start"].clone(), e["end"].clone()),
            (json!(span.start), json!(span.end))
        );
        let code = pegurl::ErrorCode::from_code(code).expect("a known code");
        assert_eq!(e["message"], json!(code.description()));
        assert_eq!(e["link"], json!(code.spec_url()));
    }
}

/// The rule names a diagram's SVG draws, by their `data-ident` numbers.
fn idents(svg: &str) -> Vec<(u64, String)> {
    svg.split("data-ident=\"")
        .skip(1)
        .filter_map(|piece| {
            let (number, rest) = piece.split_once('"')?;
            let text = rest.split_once("<text")?.1.split_once('>')?.1;
            let name = text.split_once('<')?.0.trim().to_owned();
            Some((number.parse().ok()?, name))
        })
        .collect()
}

/// The names of the nodes a diagram marks as taken, with their numbers.
fn taken(diagram: &Value) -> Vec<(u64, String)> {
    let numbers: Vec<u64> = diagram["taken"]
        .as_array()
        .expect("taken")
        .iter()
        .filter_map(Value::as_u64)
        .collect();
    idents(diagram["svg"].as_str().expect("svg"))
        .into_iter()
        .filter(|(n, _)| numbers.contains(n))
        .collect()
}

fn diagram<'r>(reply: &'r Value, rule: &str) -> &'r Value {
    reply["diagrams"]
        .as_array()
        .expect("diagrams")
        .iter()
        .find(|d| d["rule"] == rule)
        .unwrap_or_else(|| panic!("no diagram of {rule}"))
}

/// The trees are `Url::parse_traced`'s; each diagram marks the rules the parse went on to from
/// it, and not the path not taken.
#[test]
fn trees_and_diagrams_follow_the_trace() {
    let server = Server::start(&[]);
    let reply = server.parse("HTTP://h/p?q#f", None);
    let mut trees = Vec::new();
    let _ = pegurl::Url::options()
        .trace(&mut trees)
        .parse("HTTP://h/p?q#f");
    assert_eq!(reply["trees"][0]["rule"], json!(trees[0].rule));
    assert_eq!(
        reply["trees"][0]["children"][0]["rule"],
        json!("special_url")
    );
    let url: Vec<String> = taken(diagram(&reply, "url"))
        .into_iter()
        .map(|(_, name)| name)
        .collect();
    let children: Vec<&str> = trees[0].children.iter().map(|c| c.rule.as_str()).collect();
    assert_eq!(url, children, "the url rule's children, in order");
    let names: Vec<&str> = reply["diagrams"]
        .as_array()
        .expect("diagrams")
        .iter()
        .filter_map(|d| d["rule"].as_str())
        .collect();
    for rule in ["special_url", "authority", "host", "query", "fragment"] {
        assert!(names.contains(&rule), "{rule} in {names:?}");
    }
}

/// `authority` names `host` in both its branches: only the one of the branch taken is marked.
#[test]
fn diagrams_mark_the_branch_taken() {
    let server = Server::start(&[]);
    let drawn = |input: &str| {
        idents(
            diagram(&server.parse(input, None), "authority")["svg"]
                .as_str()
                .expect("svg"),
        )
    };
    let hosts: Vec<u64> = drawn("http://h/")
        .into_iter()
        .filter(|(_, name)| name == "host")
        .map(|(n, _)| n)
        .collect();
    assert_eq!(hosts.len(), 2, "authority draws host twice");
    let plain = taken(diagram(&server.parse("http://h:1/", None), "authority"));
    let with_credentials = taken(diagram(&server.parse("http://u@h:1/", None), "authority"));
    let names = |t: &[(u64, String)]| t.iter().map(|(_, n)| n.clone()).collect::<Vec<_>>();
    assert_eq!(names(&plain), ["host", "port"]);
    assert_eq!(names(&with_credentials), ["credentials", "host", "port"]);
    let host = |t: &[(u64, String)]| t.iter().find(|(_, n)| n == "host").map(|(i, _)| *i);
    assert_eq!(host(&plain), Some(hosts[0]));
    assert_eq!(host(&with_credentials), Some(hosts[1]));
}

#[test]
fn offsets_count_utf16_for_non_ascii_input() {
    let server = Server::start(&[]);
    let input = "http://\u{1F600}é/ x";
    let reply = server.parse(input, None);
    let space = reply["errors"]
        .as_array()
        .expect("errors")
        .iter()
        .find(|e| e["code"] == "invalid-URL-unit")
        .expect("the space is reported");
    let byte = input.find(' ').expect("space");
    assert_eq!(space["start"], json!(byte));
    assert_eq!(
        space["utf16_start"],
        json!(input[..byte].encode_utf16().count())
    );
}

#[test]
fn bad_requests_are_errors_not_crashes() {
    let server = Server::start(&[]);
    assert_eq!(server.request("POST", "/api/parse", Some("{")).0, 400);
    assert_eq!(server.request("POST", "/api/parse", Some("{}")).0, 400);
    assert_eq!(server.request("POST", "/api/grammar", Some("[1]")).0, 400);
    assert_eq!(server.request("DELETE", "/api/parse", None).0, 404);
    // Only requests addressed to the loopback are answered (no DNS rebinding).
    let local = format!("localhost:{}", server.port);
    assert_eq!(server.request_to(&local, "GET", "/", None).0, 200);
    assert_eq!(server.request_to("example.org", "GET", "/", None).0, 403);
    let rebound = format!("example.org:{}", server.port);
    assert_eq!(
        server
            .request_to(&rebound, "POST", "/api/parse", Some("{}"))
            .0,
        403
    );
    // Still answering.
    assert_eq!(server.parse("http://h/", None)["href"], json!("http://h/"));
}

/// A grammar that does not load is reported and the previous one stays; one that loads is used
/// and comes with its WPT delta, which equals the library's own count of differing cases.
#[test]
fn grammar_edits_from_the_page() {
    let server = Server::start(&[]);
    let (status, reply) = server.json(
        "POST",
        "/api/grammar",
        Some(json!({ "source": "url = { " })),
    );
    assert_eq!(status, 200);
    assert_eq!(reply["ok"], json!(false));
    assert!(!reply["error"].as_str().expect("error").is_empty());
    // Grammars that would overflow pest_meta's recursion are refused, not a crash.
    let long = format!("url = {{ {} }}", vec!["\"x\""; 20_000].join(" ~ "));
    let deep = format!(
        "url = {{ {}\"x\"{} }}",
        "(".repeat(5_000),
        ")".repeat(5_000)
    );
    for source in [long, deep] {
        let (status, reply) =
            server.json("POST", "/api/grammar", Some(json!({ "source": source })));
        assert_eq!((status, &reply["ok"]), (200, &json!(false)), "{reply}");
    }
    assert_eq!(
        server.parse("http://h/a\\b", None)["href"],
        json!("http://h/a/b")
    );

    let edited = pegurl::workbench::BUILTIN_GRAMMAR
        .lines()
        .map(|line| {
            if line.starts_with("special_path_segment =") {
                r##"special_path_segment = @{ "/" ~ (!("/" | "?" | "#") ~ ANY)* }"##
            } else {
                line
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert_ne!(edited, pegurl::workbench::BUILTIN_GRAMMAR);
    let (status, reply) = server.json("POST", "/api/grammar", Some(json!({ "source": edited })));
    assert_eq!(status, 200);
    assert_eq!(reply["ok"], json!(true), "{reply}");
    let grammar = pegurl::workbench::RuntimeGrammar::load(&edited).expect("loads");
    let differ = wpt_cases()
        .iter()
        .filter(|(input, base)| {
            // A base that does not parse fails the input, as `new URL(input, base)` does.
            let with = || pegurl::Url::options().grammar(&grammar);
            let edited = match base.as_deref().map(|b| with().parse(b)) {
                None => with().parse(input).ok(),
                Some(Ok(b)) => with().base_url(Some(&b)).parse(input).ok(),
                Some(Err(_)) => None,
            };
            let builtin = pegurl::quirks::new_url(input, base.as_deref()).ok();
            edited.map(|u| u.href().to_owned()) != builtin.map(|u| u.href().to_owned())
        })
        .count();
    assert!(differ > 0);
    let urltestdata = &reply["wpt"][0];
    assert_eq!(urltestdata["suite"], json!("urltestdata"));
    assert_eq!(
        urltestdata["differences"].as_array().map(Vec::len),
        Some(differ)
    );
    // The page's input is now parsed with the edited grammar.
    let expected = pegurl::Url::options()
        .grammar(&grammar)
        .parse("http://h/a\\b")
        .expect("parses");
    assert_eq!(
        server.parse("http://h/a\\b", None)["href"],
        json!(expected.href())
    );
    assert_eq!(
        server.json("GET", "/api/grammar", None).1["source"],
        json!(edited)
    );
}

/// The inputs and bases of urltestdata.json.
fn wpt_cases() -> Vec<(String, Option<String>)> {
    let data: Value = serde_json::from_str(&pegurl::workbench::wpt::replace_lone_surrogates(
        pegurl::workbench::wpt::URLTESTDATA,
    ))
    .expect("JSON");
    data.as_array()
        .expect("cases")
        .iter()
        .filter_map(|case| {
            let input = case.get("input")?.as_str()?.to_owned();
            let base = case.get("base").and_then(Value::as_str).map(str::to_owned);
            Some((input, base))
        })
        .collect()
}

#[test]
fn starts_with_a_grammar_file_and_refuses_a_broken_one() {
    let dir = std::env::temp_dir().join(format!("pegurl-serve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let broken = dir.join("broken.pest");
    std::fs::write(&broken, "url = {").expect("written");
    let out = Command::new(env!("CARGO_BIN_EXE_pegurl"))
        .args(["serve", "--port", "0", "--grammar"])
        .arg(&broken)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let good = dir.join("good.pest");
    std::fs::write(&good, pegurl::workbench::BUILTIN_GRAMMAR).expect("written");
    let server = Server::start(&["--grammar", good.to_str().expect("UTF-8 path")]);
    let (_, grammar) = server.json("GET", "/api/grammar", None);
    assert_eq!(grammar["name"], json!(good.to_str()));
    assert_eq!(server.parse("http://h/", None)["href"], json!("http://h/"));
    let _ = std::fs::remove_dir_all(&dir);
}
