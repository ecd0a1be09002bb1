//! Validation errors and failures. One table names every validation error of the URL Standard
//! (https://url.spec.whatwg.org/#validation-error-table, July 2026, with IPv4-non-ASCII-input from
//! whatwg/url commit 92b3e16, which the reference implementation has); the builder raises them
//! through one function, always with a span of the original input.

use alloc::boxed::Box;
use core::fmt;
use core::ops::Range;

macro_rules! error_codes {
    ($($variant:ident => $code:literal, $anchor:literal, $description:literal, $help:literal;)*) => {
        /// A validation error type of the URL Standard's table, by its spec name.
        #[non_exhaustive]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum ErrorCode {
            $(
                #[doc = concat!("`", $code, "`: ", $description)]
                $variant,
            )*
        }

        impl ErrorCode {
            /// Every error type, in the order of the spec's table.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant,)*];

            /// The spec's name for the error type, verbatim (a stable code for tools).
            pub fn code(self) -> &'static str {
                match self { $(ErrorCode::$variant => $code,)* }
            }

            /// The error type whose spec name is `code`.
            pub fn from_code(code: &str) -> Option<ErrorCode> {
                match code { $($code => Some(ErrorCode::$variant),)* _ => None }
            }

            /// The spec's one-line description.
            pub fn description(self) -> &'static str {
                match self { $(ErrorCode::$variant => $description,)* }
            }

            /// How to write the URL validly instead.
            pub fn help(self) -> &'static str {
                match self { $(ErrorCode::$variant => $help,)* }
            }

            /// A link to the error type's definition in the spec.
            pub fn spec_url(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => concat!("https://url.spec.whatwg.org/#", $anchor),)*
                }
            }
        }
    };
}

error_codes! {
    DomainToAscii => "domain-to-ASCII", "validation-error-domain-to-ascii",
        "Unicode ToASCII records an error with its strict flags.",
        "Write the host as a valid domain: labels of letters, digits and hyphens (no leading or trailing hyphen, none in the 3rd and 4th positions unless IDNA), each at most 63 bytes.";
    DomainPercentEncoded => "domain-percent-encoded", "domain-percent-encoded",
        "The input's host to be processed as a domain contains a percent-encoded byte.",
        "Write the domain's characters directly instead of percent-encoding them.";
    HostInvalidCodePoint => "host-invalid-code-point", "host-invalid-code-point",
        "An opaque host (in a URL that is not special) contains a forbidden host code point.",
        "Remove or percent-encode the forbidden character in the host.";
    Ipv4EmptyPart => "IPv4-empty-part", "ipv4-empty-part",
        "An IPv4 address ends with a U+002E (.).",
        "Remove the trailing \".\" after the IPv4 address.";
    Ipv4TooFewParts => "IPv4-too-few-parts", "ipv4-too-few-parts",
        "An IPv4 address has fewer than 4 parts.",
        "Write all four parts of the IPv4 address, e.g. 127.0.0.1.";
    Ipv4TooManyParts => "IPv4-too-many-parts", "ipv4-too-many-parts",
        "An IPv4 address has more than 4 parts.",
        "An IPv4 address has exactly four parts.";
    Ipv4NonNumericPart => "IPv4-non-numeric-part", "ipv4-non-numeric-part",
        "An IPv4 address part is not numeric.",
        "Write each IPv4 part as a decimal number from 0 to 255.";
    Ipv4NonDecimalPart => "IPv4-non-decimal-part", "ipv4-non-decimal-part",
        "The IPv4 address contains numbers expressed using hexadecimal or octal digits.",
        "Write each IPv4 part in decimal, without 0x or a leading 0.";
    Ipv4OutOfRangePart => "IPv4-out-of-range-part", "ipv4-out-of-range-part",
        "An IPv4 address part exceeds 255.",
        "Each IPv4 part is a number from 0 to 255.";
    Ipv4NonAsciiInput => "IPv4-non-ASCII-input", "ipv4-non-ascii-input",
        "An IPv4 address is derived from a non-ASCII string through IDNA processing.",
        "Write the IPv4 address with ASCII digits and dots.";
    Ipv6Unclosed => "IPv6-unclosed", "ipv6-unclosed",
        "An IPv6 address is missing the closing U+005D (]).",
        "Close the IPv6 address with \"]\".";
    Ipv6InvalidCompression => "IPv6-invalid-compression", "ipv6-invalid-compression",
        "An IPv6 address begins with improper compression.",
        "Start a compressed IPv6 address with \"::\".";
    Ipv6TooManyPieces => "IPv6-too-many-pieces", "ipv6-too-many-pieces",
        "An IPv6 address contains more than 8 pieces.",
        "An IPv6 address has at most eight pieces.";
    Ipv6MultipleCompression => "IPv6-multiple-compression", "ipv6-multiple-compression",
        "An IPv6 address is compressed in more than one spot.",
        "Use \"::\" at most once in an IPv6 address.";
    Ipv6InvalidCodePoint => "IPv6-invalid-code-point", "ipv6-invalid-code-point",
        "An IPv6 address contains a code point that is neither an ASCII hex digit nor a U+003A (:), or it unexpectedly ends.",
        "Write IPv6 pieces with hex digits separated by \":\".";
    Ipv6TooFewPieces => "IPv6-too-few-pieces", "ipv6-too-few-pieces",
        "An uncompressed IPv6 address contains fewer than 8 pieces.",
        "Write all eight IPv6 pieces, or compress zeros with \"::\".";
    Ipv6PieceLeadingZero => "IPv6-piece-leading-zero", "ipv6-piece-leading-zero",
        "An IPv6 address piece contains a leading U+0030 (0).",
        "Drop the leading zeros of the IPv6 piece.";
    Ipv4InIpv6TooManyPieces => "IPv4-in-IPv6-too-many-pieces", "ipv4-in-ipv6-too-many-pieces",
        "An IPv6 address with IPv4 address syntax: the IPv6 address has more than 6 pieces.",
        "An IPv4 address inside an IPv6 address takes the place of the last two pieces.";
    Ipv4InIpv6InvalidCodePoint => "IPv4-in-IPv6-invalid-code-point", "ipv4-in-ipv6-invalid-code-point",
        "An IPv6 address with IPv4 address syntax: an IPv4 part is empty, contains a non-ASCII digit or a leading 0, or there are too many IPv4 parts.",
        "Write the embedded IPv4 address as four decimal numbers without leading zeros.";
    Ipv4InIpv6OutOfRangePart => "IPv4-in-IPv6-out-of-range-part", "ipv4-in-ipv6-out-of-range-part",
        "An IPv6 address with IPv4 address syntax: an IPv4 part exceeds 255.",
        "Each part of the embedded IPv4 address is a number from 0 to 255.";
    Ipv4InIpv6TooFewParts => "IPv4-in-IPv6-too-few-parts", "ipv4-in-ipv6-too-few-parts",
        "An IPv6 address with IPv4 address syntax: an IPv4 address contains too few parts.",
        "Write all four parts of the embedded IPv4 address.";
    InvalidUrlUnit => "invalid-URL-unit", "invalid-url-unit",
        "A code point is found that is not a URL unit.",
        "Percent-encode the character, and write \"%\" as \"%25\" unless two hex digits follow.";
    SpecialSchemeMissingFollowingSolidus => "special-scheme-missing-following-solidus", "special-scheme-missing-following-solidus",
        "The input's scheme is not followed by \"//\".",
        "Write exactly \"//\" after the scheme.";
    MissingSchemeNonRelativeUrl => "missing-scheme-non-relative-URL", "missing-scheme-non-relative-url",
        "The input is missing a scheme, and no base URL was given or the base URL has an opaque path.",
        "Start the URL with a scheme such as \"https:\", or resolve it against a base URL that can be one.";
    InvalidReverseSolidus => "invalid-reverse-solidus", "invalid-reverse-solidus",
        "The URL has a special scheme and it uses U+005C (\\) instead of U+002F (/).",
        "Write \"/\" instead of \"\\\".";
    InvalidCredentials => "invalid-credentials", "invalid-credentials",
        "The input includes credentials.",
        "Remove the username and password from the URL.";
    HostMissing => "host-missing", "host-missing",
        "The input has a special scheme, but does not contain a host.",
        "Write a host after \"//\".";
    PortOutOfRange => "port-out-of-range", "port-out-of-range",
        "The input's port is too big.",
        "A port is a number from 0 to 65535.";
    PortInvalid => "port-invalid", "port-invalid",
        "The input's port is invalid.",
        "Write the port as decimal digits only.";
    FileInvalidWindowsDriveLetter => "file-invalid-Windows-drive-letter", "file-invalid-windows-drive-letter",
        "The input is a relative-URL string that starts with a Windows drive letter and the base URL's scheme is \"file\".",
        "Start the path with \"/\" before a Windows drive letter, e.g. \"/C:/\".";
    FileInvalidWindowsDriveLetterHost => "file-invalid-Windows-drive-letter-host", "file-invalid-windows-drive-letter-host",
        "A file: URL's host is a Windows drive letter.",
        "Write \"file:///C:/\" rather than \"file://C:/\": a drive letter is not a host.";
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A validation error: its type, and the byte span of the original input where it arises.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ValidationError {
    /// The spec's error type.
    pub code: ErrorCode,
    /// Byte offsets in the original input (before preprocessing); empty at an end of input.
    pub span: Range<usize>,
    /// Whether the parser returned failure at this error.
    pub fatal: bool,
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at {}..{}", self.code, self.span.start, self.span.end)
    }
}

/// Why a parse returned failure.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ParseErrorKind {
    /// The spec returns failure at a step that names this validation error.
    Validation(ErrorCode),
    /// The domain parser's result was empty (https://url.spec.whatwg.org/#concept-domain-to-ascii).
    EmptyDomain,
    /// The domain parser's result contains a
    /// [forbidden domain code point](https://url.spec.whatwg.org/#forbidden-domain-code-point).
    ForbiddenDomainCodePoint,
    /// The base URL failed to parse; the inner error says why.
    InvalidBase(Box<ParseError>),
    /// The grammar returned a tree of a shape the builder does not know (only possible with a
    /// modified grammar); names the production.
    Grammar(&'static str),
    /// The host setter's value is the empty host where the URL includes credentials or has a
    /// port: the host state's "return failure" with a state override, which names no
    /// validation error (`Url::set_host(Some(""))` on `foo://user@host/`).
    EmptyHostWithCredentialsOrPort,
    /// The input, after preprocessing, is longer than [`MAX_INPUT_LEN`](crate::MAX_INPUT_LEN)
    /// bytes (tree offsets are 32-bit, which keeps trees small and parsing fast), or the URL's
    /// serialization would be longer than `u32::MAX` bytes (a URL's offsets are 32-bit, which
    /// keeps it small; percent-encoding and IDNA mapping can make the serialization longer than
    /// the input).
    TooLong,
}

/// The failure of a URL parse: which spec failure occurred, and where in the original input.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    /// Which failure.
    pub kind: ParseErrorKind,
    /// Byte offsets in the original input.
    pub span: Range<usize>,
}

impl ParseError {
    /// The spec error code of the failure, when the spec names one.
    pub fn code(&self) -> Option<ErrorCode> {
        match &self.kind {
            ParseErrorKind::Validation(code) => Some(*code),
            ParseErrorKind::EmptyDomain | ParseErrorKind::ForbiddenDomainCodePoint => {
                Some(ErrorCode::DomainToAscii)
            }
            ParseErrorKind::InvalidBase(inner) => inner.code(),
            ParseErrorKind::EmptyHostWithCredentialsOrPort
            | ParseErrorKind::Grammar(_)
            | ParseErrorKind::TooLong => None,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = (self.span.start, self.span.end);
        match &self.kind {
            ParseErrorKind::Validation(code) => {
                write!(f, "{code} at {}..{}: {}", at.0, at.1, code.description())
            }
            ParseErrorKind::EmptyDomain => {
                write!(f, "the host at {}..{} is an empty domain", at.0, at.1)
            }
            ParseErrorKind::ForbiddenDomainCodePoint => write!(
                f,
                "the host at {}..{} contains a forbidden domain code point",
                at.0, at.1
            ),
            ParseErrorKind::EmptyHostWithCredentialsOrPort => {
                f.write_str("the host cannot be empty: the URL includes credentials or has a port")
            }
            ParseErrorKind::InvalidBase(inner) => write!(f, "invalid base URL: {inner}"),
            ParseErrorKind::Grammar(production) => write!(
                f,
                "the grammar returned an unexpected tree at production `{production}` ({}..{})",
                at.0, at.1
            ),
            ParseErrorKind::TooLong if at.1 > crate::MAX_INPUT_LEN => write!(
                f,
                "the input is {} bytes long; pegurl parses at most {} bytes",
                at.1,
                crate::MAX_INPUT_LEN
            ),
            // An input within the limit whose URL would not be.
            ParseErrorKind::TooLong => f.write_str("the URL would be longer than 4 GiB"),
        }
    }
}

impl core::error::Error for ParseError {}

/// Why a setter left (part of) the URL unchanged; the spec's setters ignore such values.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetterError {
    /// The URL [cannot have a username/password/port](https://url.spec.whatwg.org/#cannot-have-a-username-password-port):
    /// its host is null or empty, or its scheme is "file".
    CannotHaveCredentialsOrPort,
    /// The URL [has an opaque path](https://url.spec.whatwg.org/#url-opaque-path), so it has no
    /// host or path to set.
    OpaquePath,
    /// The scheme state does not allow this change of scheme (special to not special or back,
    /// to "file" with credentials or a port, from "file" with an empty host).
    SchemeChange,
    /// The value is not what the setter takes; the validation error at which the parser returned
    /// failure, when it names one. A host setter's host may have changed before its port failed.
    Invalid(Option<ErrorCode>),
    /// The value, after tabs and newlines are removed, is longer than
    /// [`MAX_INPUT_LEN`](crate::MAX_INPUT_LEN), as a parse's input may not be; or the URL the
    /// setter would make is longer than `u32::MAX` bytes, more than a URL's 32-bit offsets
    /// reach. The URL stays as it was.
    TooLong,
    /// The grammar did not read the value with the setter's rule, or returned a tree of a shape
    /// the builder does not know (only possible with a grammar loaded at run time, say one
    /// written for an older builder; the built-in grammar's setter rules read every value); names
    /// the production, as [`ParseErrorKind::Grammar`] does for a parse. The URL stays as it was.
    Grammar(&'static str),
}

impl core::fmt::Display for SetterError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            SetterError::CannotHaveCredentialsOrPort => {
                f.write_str("the URL cannot have a username, password or port")
            }
            SetterError::OpaquePath => f.write_str("the URL has an opaque path"),
            SetterError::SchemeChange => f.write_str("the scheme cannot change that way"),
            SetterError::Invalid(Some(code)) => write!(f, "the value is invalid: {code}"),
            SetterError::Invalid(None) => f.write_str("the value is invalid"),
            SetterError::TooLong => {
                f.write_str("the value is longer than 1 GiB, or the URL would be longer than 4 GiB")
            }
            SetterError::Grammar(production) => write!(
                f,
                "the grammar returned an unexpected tree at production `{production}`"
            ),
        }
    }
}

impl core::error::Error for SetterError {}

impl From<ParseError> for SetterError {
    fn from(e: ParseError) -> SetterError {
        match e.kind {
            ParseErrorKind::Grammar(production) => SetterError::Grammar(production),
            ParseErrorKind::TooLong => SetterError::TooLong,
            _ => SetterError::Invalid(e.code()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_the_table_is_complete() {
        assert_eq!(ErrorCode::ALL.len(), 31);
        for &code in ErrorCode::ALL {
            assert_eq!(ErrorCode::from_code(code.code()), Some(code));
            assert!(code.spec_url().starts_with("https://url.spec.whatwg.org/#"));
        }
    }
}
