//! Percent-encode sets (https://url.spec.whatwg.org/#percent-encoded-bytes) and the encoding
//! helpers the builder uses.

use encoding_rs::{EncoderResult, Encoding, UTF_8};
use percent_encoding::{percent_decode, percent_encode, utf8_percent_encode, AsciiSet, CONTROLS};

/// https://url.spec.whatwg.org/#c0-control-percent-encode-set (code points above U+007E are
/// always encoded by `percent-encoding`; U+007F is in `CONTROLS`).
pub(crate) const C0_CONTROL: &AsciiSet = CONTROLS;

/// https://url.spec.whatwg.org/#fragment-percent-encode-set
pub(crate) const FRAGMENT: &AsciiSet =
    &C0_CONTROL.add(b' ').add(b'"').add(b'<').add(b'>').add(b'`');

/// https://url.spec.whatwg.org/#query-percent-encode-set
pub(crate) const QUERY: &AsciiSet = &C0_CONTROL.add(b' ').add(b'"').add(b'#').add(b'<').add(b'>');

/// https://url.spec.whatwg.org/#special-query-percent-encode-set
pub(crate) const SPECIAL_QUERY: &AsciiSet = &QUERY.add(b'\'');

/// https://url.spec.whatwg.org/#path-percent-encode-set
pub(crate) const PATH: &AsciiSet = &QUERY.add(b'?').add(b'^').add(b'`').add(b'{').add(b'}');

/// https://url.spec.whatwg.org/#userinfo-percent-encode-set
pub(crate) const USERINFO: &AsciiSet = &PATH
    .add(b'/')
    .add(b':')
    .add(b';')
    .add(b'=')
    .add(b'@')
    .add(b'[')
    .add(b'\\')
    .add(b']')
    .add(b'|');

/// https://url.spec.whatwg.org/#component-percent-encode-set
pub(crate) const COMPONENT: &AsciiSet = &USERINFO.add(b'$').add(b'%').add(b'&').add(b'+').add(b',');

/// https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set
pub(crate) const FORM: &AsciiSet = &COMPONENT.add(b'!').add(b'\'').add(b'(').add(b')').add(b'~');

/// [Percent-encode after encoding](https://url.spec.whatwg.org/#string-percent-encode-after-encoding):
/// `input` encoded with `encoding`, bytes in `set` (and all non-ASCII) percent-encoded, a space
/// as "+" when `space_as_plus`, and a code point the encoding cannot map as "%26%23", its
/// decimal value, "%3B".
pub(crate) fn encode_after_encoding(
    out: &mut String,
    encoding: &'static Encoding,
    input: &str,
    set: &'static AsciiSet,
    space_as_plus: bool,
) {
    // "Set encoding to the result of getting an output encoding from encoding."
    let encoding = encoding.output_encoding();
    if encoding == UTF_8 {
        push_encoded(out, input.as_bytes(), set, space_as_plus);
        return;
    }
    let mut encoder = encoding.new_encoder();
    let mut buffer = [0u8; 1024];
    let mut rest = input;
    loop {
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(rest, &mut buffer, true);
        push_encoded(out, &buffer[..written], set, space_as_plus);
        rest = &rest[read..];
        match result {
            EncoderResult::InputEmpty => break,
            EncoderResult::OutputFull => {}
            // "If potentialError is non-null, then append "%26%23", followed by the shortest
            // sequence of ASCII digits representing potentialError in base ten, followed by
            // "%3B", to output."
            EncoderResult::Unmappable(c) => {
                out.push_str("%26%23");
                out.push_str(&u32::from(c).to_string());
                out.push_str("%3B");
            }
        }
    }
}

/// Appends bytes, percent-encoding those in `set` and all non-ASCII ones; a space as "+" when
/// `space_as_plus`.
fn push_encoded(out: &mut String, bytes: &[u8], set: &'static AsciiSet, space_as_plus: bool) {
    if space_as_plus {
        for (i, run) in bytes.split(|&b| b == b' ').enumerate() {
            if i > 0 {
                out.push('+');
            }
            out.extend(percent_encode(run, set));
        }
    } else {
        out.extend(percent_encode(bytes, set));
    }
}

/// Appends `text` to `out`, UTF-8 percent-encoding every code point in `set`
/// (https://url.spec.whatwg.org/#string-utf-8-percent-encode). `set` is the C0 control, path,
/// query, special-query or fragment percent-encode set; [`encode_userinfo_into`] does userinfo.
pub(crate) fn encode_into(out: &mut String, text: &str, set: &'static AsciiSet) {
    encode_with(out, text, set, &PLAIN);
}

/// [`encode_into`] with the userinfo percent-encode set.
pub(crate) fn encode_userinfo_into(out: &mut String, text: &str) {
    encode_with(out, text, USERINFO, &USERINFO_PLAIN);
}

/// Appends `text` encoded with `set`, whose every byte `plain` marks `set` does not encode.
fn encode_with(out: &mut String, text: &str, set: &'static AsciiSet, plain: &[bool; 256]) {
    // The usual text is all plain bytes: copied at once.
    let prefix = text
        .bytes()
        .position(|b| !plain[usize::from(b)])
        .unwrap_or(text.len());
    // `plain` must be right for `set`: the prefix encodes to itself.
    debug_assert!(
        percent_encode(&text.as_bytes()[..prefix], set).collect::<String>() == text[..prefix]
    );
    out.push_str(&text[..prefix]);
    if prefix == text.len() {
        return;
    }
    for chunk in utf8_percent_encode(&text[prefix..], set) {
        out.push_str(chunk);
    }
}

/// The bytes that none of the C0 control, fragment, query, special-query and path
/// percent-encode sets contains: printable ASCII but space, `"#'<>?^`{}`.
static PLAIN: [bool; 256] = plain_except(b" \"#'<>?^`{}");

/// The bytes that the userinfo percent-encode set does not contain.
static USERINFO_PLAIN: [bool; 256] = plain_except(b" \"#<>?^`{}/:;=@[\\]|");

/// Printable ASCII (U+0021 to U+007E) but the bytes of `except`, as a table.
const fn plain_except(except: &[u8]) -> [bool; 256] {
    let mut table = [false; 256];
    let mut b = 0x21;
    while b < 0x7f {
        table[b] = true;
        b += 1;
    }
    let mut i = 0;
    while i < except.len() {
        table[except[i] as usize] = false;
        i += 1;
    }
    table
}

/// Appends `n` in decimal (what `to_string` writes, without formatting machinery or allocation).
pub(crate) fn push_decimal(out: &mut String, n: u32) {
    let mut digits = [0u8; 10];
    let mut at = digits.len();
    let mut n = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[at..] {
        out.push(char::from(d));
    }
}

/// https://url.spec.whatwg.org/#string-percent-decode, as bytes.
pub(crate) fn decode(text: &str) -> Vec<u8> {
    percent_decode(text.as_bytes()).collect()
}

/// Whether `text` holds a [percent-encoded byte](https://url.spec.whatwg.org/#percent-encoded-byte).
pub(crate) fn has_percent_encoded_byte(text: &str) -> bool {
    text.as_bytes()
        .windows(3)
        .any(|w| w[0] == b'%' && w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_encode_what_the_spec_lists() {
        let mut out = String::new();
        encode_into(&mut out, "a b\"#<>`?^{}%é\x7f", PATH);
        assert_eq!(out, "a%20b%22%23%3C%3E%60%3F%5E%7B%7D%%C3%A9%7F");
        out.clear();
        encode_into(&mut out, "'`", SPECIAL_QUERY);
        assert_eq!(out, "%27`");
        out.clear();
        encode_userinfo_into(&mut out, "a:b@c/[|]");
        assert_eq!(out, "a%3Ab%40c%2F%5B%7C%5D");
    }

    #[test]
    fn plain_bytes_are_exactly_those_the_sets_leave() {
        let leaves = |set: &'static AsciiSet, b: u8| {
            percent_encode(&[b], set).collect::<String>() == char::from(b).to_string()
        };
        for b in 0..=255u8 {
            let all = [C0_CONTROL, FRAGMENT, QUERY, SPECIAL_QUERY, PATH];
            assert_eq!(
                PLAIN[usize::from(b)],
                all.iter().all(|set| leaves(set, b)),
                "{b:#x}"
            );
            assert_eq!(
                USERINFO_PLAIN[usize::from(b)],
                leaves(USERINFO, b),
                "{b:#x}"
            );
        }
    }

    #[test]
    fn decimals_are_written_as_to_string_writes_them() {
        for n in [0, 7, 10, 255, 65535, 4_294_967_295] {
            let mut out = String::from("x");
            push_decimal(&mut out, n);
            assert_eq!(out, format!("x{n}"));
        }
    }

    #[test]
    fn decodes_and_finds_encoded_bytes() {
        assert_eq!(decode("a%41%zz%"), b"aA%zz%");
        assert!(has_percent_encoded_byte("ex%41"));
        assert!(!has_percent_encoded_byte("ex%4g%"));
    }
}
