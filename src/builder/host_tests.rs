//! The host parser's tests: the ends-in-a-number checker, IPv4 addresses taken as written, the
//! forbidden code points.

use super::*;

fn ends(domain: &str) -> bool {
    domain_ends_in_a_number(&Generated, domain).expect("the built-in ipv4 rule matches")
}

#[test]
fn ends_in_a_number_as_the_spec_examples_say() {
    assert!(ends("1.2.3.4"));
    assert!(ends("a.0x"));
    assert!(ends("a.09."));
    assert!(ends("08"));
    assert!(!ends("a.b"));
    assert!(!ends("a.0xg"));
    assert!(!ends("1.2.."));
    assert!(!ends(""));
    assert!(!ends("."));
    assert!(!ends("example.de"));
}

/// The checker in the spec's words, on the string itself: split on ".", the last part
/// (less an empty one after a "."), all digits or an IPv4 number (hex after "0x", octal
/// after "0", or decimal).
fn ends_by_the_spec(input: &str) -> bool {
    let mut parts: Vec<&str> = input.split('.').collect();
    if parts.last() == Some(&"") {
        if parts.len() == 1 {
            return false;
        }
        parts.pop();
    }
    let last = parts.last().copied().unwrap_or("");
    if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    // The IPv4 number parser: "0x" or "0X" removed for radix 16, else a leading "0" of
    // two or more code points removed for radix 8.
    let hex = last.strip_prefix("0x").or_else(|| last.strip_prefix("0X"));
    let octal = last.strip_prefix('0').filter(|_| last.len() > 1);
    let (digits, radix) = match (hex, octal) {
        (Some(digits), _) => (digits, 16),
        (None, Some(digits)) => (digits, 8),
        (None, None) => (last, 10),
    };
    !(radix == 10 && digits.is_empty()) && digits.chars().all(|c| c.is_digit(radix))
}

/// The checker on the grammar's parts answers as the spec's words do, on every string of
/// up to four characters that matter to it (and one that is not ASCII).
#[test]
fn ends_in_a_number_is_the_spec_checker_on_every_short_string() {
    let alphabet = [".", "0", "1", "8", "a", "f", "g", "x", "X", "\u{e9}"];
    let strings = every_string(&alphabet, 4);
    for s in &strings {
        assert_eq!(ends(s), ends_by_the_spec(s), "{s:?}");
    }
    assert_eq!(strings.len(), 10 + 100 + 1_000 + 10_000);
}

/// Every string of one to `longest` of the `alphabet`'s pieces, shortest first.
fn every_string(alphabet: &[&str], longest: usize) -> Vec<String> {
    let mut all = Vec::new();
    let mut strings = vec![String::new()];
    for _ in 0..longest {
        strings = strings
            .iter()
            .flat_map(|s| alphabet.iter().map(move |c| format!("{s}{c}")))
            .collect();
        all.extend(strings.iter().cloned());
    }
    all
}

/// The bytes at a domain's end never tell "not a number" of one that ends in a number, on
/// every string of up to five characters that matter to them (66,429); and they do tell it of
/// a domain that ends in a word of hex letters.
#[test]
fn may_end_in_a_number_never_misses_a_number() {
    let alphabet = [".", "0", "1", "a", "f", "B", "F", "x", "X"];
    let strings = every_string(&alphabet, 5);
    for s in strings.iter().filter(|s| ends_by_the_spec(s)) {
        assert!(may_end_in_a_number(s.as_bytes()), "{s:?}");
    }
    assert_eq!(strings.len(), 9 + 81 + 729 + 6_561 + 59_049);
    for no in [
        "example.de",
        "xn--bcher-kva.cafe",
        "a.bad",
        "0.cafe",
        "0xa.b",
        "x.fade",
        "0y.ab",
    ] {
        assert!(!may_end_in_a_number(no.as_bytes()), "{no}");
    }
    for may in [
        "a.0xde", "0XaF", "a.0x", "a.1", "a.", "0x1f", "a.9f.0x0", "a.00xa",
    ] {
        assert!(may_end_in_a_number(may.as_bytes()), "{may}");
    }
}

/// An IPv4 part the serializer writes as it is: one to three digits, no leading zero, at most
/// 255.
#[test]
fn octets_as_written_have_no_leading_zero_and_fit_in_a_byte() {
    let cases: [(&str, Option<u8>); 13] = [
        ("", None),
        ("0", Some(0)),
        ("00", None),
        ("01", None),
        ("010", None),
        ("9", Some(9)),
        ("10", Some(10)),
        ("199", Some(199)),
        ("255", Some(255)),
        ("256", None),
        ("1000", None),
        ("1a", None),
        ("a", None),
    ];
    for (digits, octet) in cases {
        assert_eq!(octet_as_written(digits.as_bytes()), octet, "{digits:?}");
    }
}

/// A domain is taken as an IPv4 address as written exactly when it is four numbers of
/// at most 255 in decimal with no leading zero joined by "." (what the standard library
/// reads as an address and writes back as it was), on every domain of three to five parts
/// from numbers around the edges, other parts, and a last "." or not.
#[test]
fn ipv4_as_written_is_dotted_decimal_as_the_serializer_writes_it() {
    let parts = [
        "0", "1", "00", "01", "9", "10", "99", "100", "199", "200", "249", "250", "255", "256",
        "999", "1000", "0x1", "a", "",
    ];
    let mut domains = Vec::new();
    for a in parts {
        for b in parts {
            for c in parts {
                for d in parts {
                    domains.push(format!("{a}.{b}.{c}.{d}"));
                }
                domains.push(format!("{a}.{b}.{c}"));
                domains.push(format!("{a}.{b}.{c}.1.2"));
                domains.push(format!("{a}.{b}.{c}.1."));
            }
        }
    }
    let mut addresses = 0;
    for domain in &domains {
        let expected = domain
            .parse::<core::net::Ipv4Addr>()
            .is_ok_and(|address| address.to_string() == *domain);
        let kind = host_kind_as_written(&Generated, domain);
        assert_eq!(kind == Some(HostKind::Ipv4), expected, "{domain:?}");
        // Any other domain that ends in a number is not taken as written.
        let ends = domain_ends_in_a_number(&Generated, domain) == Some(true);
        assert_eq!(kind.is_none(), ends && !expected, "{domain:?}");
        addresses += usize::from(expected);
    }
    assert_eq!(addresses, 11 * 11 * 11 * 11);
}

#[test]
fn forbidden_code_points() {
    let (host, domain) = (
        crate::tables::BUILTIN.set(crate::tables::Set::ForbiddenHost),
        crate::tables::BUILTIN.set(crate::tables::Set::ForbiddenDomain),
    );
    assert!(domain.contains('%'));
    assert!(domain.contains('\x7f'));
    assert!(!host.contains('%'));
    let kinds = crate::tables::BUILTIN.domain_bytes;
    assert_eq!(kinds[usize::from(b'%')], FORBIDDEN | PERCENT);
    assert_eq!(kinds[usize::from(b'A')], UPPER);
}
