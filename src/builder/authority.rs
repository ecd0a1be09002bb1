//! `authority`, `credentials` and `port`, special and not: the
//! [authority state](https://url.spec.whatwg.org/#authority-state), the
//! [host state](https://url.spec.whatwg.org/#host-state) and the
//! [port state](https://url.spec.whatwg.org/#port-state).

use super::{span, Builder, Node};
use crate::error::{ErrorCode, ParseError};
use crate::grammar::{Production, Productions};
use crate::percent;
use crate::tables::Set;

impl<'i, S: Productions> Builder<'i, '_, '_, S> {
    /// `authority` and `non_special_authority`: credentials, host and port, written after "//".
    pub(super) fn authority(&mut self, node: Node<'_>) -> Result<(), ParseError> {
        let within = self.production(&node).unwrap_or(Production::Authority);
        let whole = span(&node);
        let (mut credentials, mut host, mut port) = (None, None, None);
        for child in self.children(node) {
            let (p, child) = child?;
            match p {
                Production::Credentials | Production::NonSpecialCredentials => {
                    credentials = Some(child)
                }
                Production::Host | Production::OpaqueHost => host = Some(child),
                Production::Port | Production::NonSpecialPort => port = Some(child),
                _ => return Err(self.unexpected(within, span(&child))),
            }
        }
        let host = host.ok_or_else(|| self.unexpected(within, whole.clone()))?;
        self.out.start_authority();
        let had_credentials = credentials.is_some();
        if let Some(credentials) = credentials {
            self.credentials(credentials)?;
        }
        let host_span = span(&host);
        if host_span.is_empty() {
            // authority state: "If atSignSeen is true and buffer is the empty string, host-missing
            // validation error, return failure." (buffer holds host and port.)
            if had_credentials && port.is_none() {
                return Err(self.fail(ErrorCode::HostMissing, host_span));
            }
            // host state, c is ":": "If buffer is the empty string, host-missing validation
            // error, return failure."
            if port.is_some() {
                return Err(self.fail(ErrorCode::HostMissing, host_span));
            }
            // "If url is special and buffer is the empty string, host-missing validation error,
            // return failure."
            if self.special() {
                return Err(self.fail(ErrorCode::HostMissing, whole.start..whole.start));
            }
        }
        self.host(host, !self.special())?;
        if let Some(port) = port {
            self.port(port)?;
        }
        self.out.end_authority();
        Ok(())
    }

    /// `credentials` and `non_special_credentials`: "Invalid-credentials validation error", then
    /// username and password UTF-8 percent-encoded with the userinfo percent-encode set. An "@"
    /// before the last is kept as "%40", and every ":" after the first is encoded.
    fn credentials(&mut self, node: Node<'_>) -> Result<(), ParseError> {
        let within = self.production(&node).unwrap_or(Production::Credentials);
        // The grammar ends credentials with the authority's last "@".
        let whole = span(&node);
        if !node.as_str().ends_with('@') {
            return Err(self.unexpected(within, span(&node)));
        }
        let last_at = whole.end - 1;
        let (mut username, mut password) = ("", None);
        for child in self.children(node) {
            let (p, child) = child?;
            match p {
                Production::Username | Production::NonSpecialUsername => {
                    username = child.as_str();
                }
                Production::Password | Production::NonSpecialPassword => {
                    password = Some(child.as_str());
                }
                _ => return Err(self.unexpected(within, span(&child))),
            }
            // authority state: "If c is U+0040 (@), then: Invalid-credentials validation error."
            // An "@" before the last is content of the username or password leaf (it becomes
            // "%40"); each is met, and reported, in order.
            if self.wants_errors() {
                let start = span(&child).start;
                for (i, _) in child.as_str().match_indices('@') {
                    self.report(ErrorCode::InvalidCredentials, start + i..start + i + 1);
                }
            }
        }
        self.report(ErrorCode::InvalidCredentials, last_at..last_at + 1);
        let set = self.table(Set::Userinfo);
        self.out
            .username(|out| percent::encode_into(out, username, set));
        if let Some(password) = password {
            self.out
                .password(|out| percent::encode_into(out, password, set));
        }
        Ok(())
    }

    /// `port` and `non_special_port`: ASCII digits, at most 65535; the scheme's default port
    /// becomes null.
    fn port(&mut self, node: Node<'_>) -> Result<(), ParseError> {
        let text = node.as_str();
        let at = span(&node);
        // "Otherwise, port-invalid validation error, return failure."
        if let Some(bad) = text.bytes().position(|b| !b.is_ascii_digit()) {
            let from = at.start + bad;
            return Err(self.fail(ErrorCode::PortInvalid, from..at.end));
        }
        // "If buffer is not the empty string".
        if text.is_empty() {
            return Ok(());
        }
        // "If port is not a 16-bit unsigned integer, port-out-of-range validation error, return
        // failure."
        let value = port_number(text);
        let Some(port) = value else {
            return Err(self.fail(ErrorCode::PortOutOfRange, at));
        };
        // "Set url's port to null, if port is url's scheme's default port; otherwise to port."
        if self.out.scheme_kind().default_port() != Some(port) {
            self.out.port(port);
        }
        Ok(())
    }
}

/// "The mathematical integer value that is represented by buffer in radix-10", when it is a
/// 16-bit unsigned integer (`digits` are the ASCII digits a port rule matched, any number of
/// leading zeros; a byte that is not a digit, which a grammar loaded at run time may let into
/// its port rule, gives None).
pub(crate) fn port_number(digits: &str) -> Option<u16> {
    digits.bytes().try_fold(0u16, |n, b| {
        let digit = b.checked_sub(b'0').filter(|d| *d < 10)?;
        n.checked_mul(10)?.checked_add(u16::from(digit))
    })
}

#[cfg(test)]
mod tests {
    use super::port_number;

    /// Digits give their value up to 65535; anything else, as a grammar loaded at run time may
    /// let into its port rule (the bytes around "0" to "9" too), gives None, never a panic.
    #[test]
    fn port_number_reads_digits_and_refuses_anything_else() {
        assert_eq!(port_number("80"), Some(80));
        assert_eq!(port_number("00065535"), Some(65535));
        assert_eq!(port_number("65536"), None);
        for text in ["8a", "/", ":", "a_b.1", "1 2", "９"] {
            assert_eq!(port_number(text), None, "{text:?}");
        }
    }
}
