//! The way for inputs as written on `url`'s tree: the places of the components of a tree the
//! production functions would write as the input has it. A grammar loaded at run time takes
//! this way (the built-in grammar reads such inputs with `serialized_url` first, see
//! `serialized.rs`); it also takes credentials as written, which `serialized_url` leaves to the
//! production functions. The tests hold the two to the same inputs otherwise.

use core::ops::Range;

use super::host::{byte_kinds, host_kind_as_written};
use super::path::{is_double_dot_segment, is_single_dot_segment, may_be_dot_segment};
use super::serialized::port_as_written;
use super::url::is_windows_drive_letter;
use super::{Builder, Node};
use crate::grammar::{Production, Productions};
use crate::record::{AsWritten, Credentials, HostKind, SchemeKind};
use crate::tables::Set;

impl<S: Productions> Builder<'_, '_, '_, S> {
    /// Whether `url`'s tree is a special URL whose authority starts with credentials: the inputs
    /// as written that this way takes and `serialized_url` does not (a branch for credentials
    /// in that rule, inlined or not, its own entry tried after it, or this way on their tree
    /// made parses slower than the full way saves on them).
    #[cfg(test)]
    pub(super) fn has_credentials(&self, url: &Node<'_>) -> bool {
        let is = |node: &Node<'_>, production| node.production() == Some(production);
        url.children()
            .next()
            .filter(|body| is(body, Production::SpecialUrl))
            .and_then(|body| body.children().find(|c| is(c, Production::Authority)))
            .and_then(|authority| authority.children().next())
            .is_some_and(|first| is(&first, Production::Credentials))
    }

    /// The places of the components of `url`, when the production functions would write each
    /// as the input has it.
    pub(super) fn places_as_written(&self, url: &Node<'_>) -> Option<AsWritten> {
        let mut children = url
            .children()
            .filter(|n| n.production() != Some(Production::Eoi));
        let body = children.next()?;
        let mut places = match body.production()? {
            Production::SpecialUrl => self.special_url_as_written(&body)?,
            Production::FileUrl => self.file_url_as_written(&body)?,
            _ => return None,
        };
        let mut end = places.path.end;
        for child in children {
            let (p, at) = (child.production()?, child.span());
            match p {
                // The query state percent-encodes with the special-query percent-encode set.
                Production::Query if places.query.is_none() && places.fragment.is_none() => {
                    self.follows(end, b'?', &at)?;
                    self.none_encoded_if_written(Set::SpecialQuery, at.clone())?;
                    places.query = Some(at.clone());
                }
                // The fragment state percent-encodes with the fragment percent-encode set.
                Production::Fragment if places.fragment.is_none() => {
                    self.follows(end, b'#', &at)?;
                    self.none_encoded_if_written(Set::Fragment, at.clone())?;
                    places.fragment = Some(at.clone());
                }
                _ => return None,
            }
            end = at.end;
        }
        // The components cover the input.
        (end == self.text.len()).then_some(places)
    }

    /// `special_url` as written: a scheme the scheme state keeps as it is (lowercase, special,
    /// not "file"), exactly "//" (the special authority slashes state writes no other), an
    /// authority of a host and maybe a port, and a path.
    fn special_url_as_written(&self, node: &Node<'_>) -> Option<AsWritten> {
        use Production::{Authority, SpecialPath, SpecialScheme, SpecialSlashes};
        let [scheme, slashes, authority, path] = children_of(
            node,
            [SpecialScheme, SpecialSlashes, Authority, SpecialPath],
        )?;
        if slashes.as_str() != "//" {
            return None;
        }
        let kind = self.scheme_as_written(&scheme)?;
        if kind.is_file() {
            return None;
        }
        self.follows(scheme.span().end, b':', &slashes.span())?;
        let AuthorityAsWritten {
            credentials,
            host,
            host_kind,
            port,
        } = self.authority_as_written(&authority, kind.default_port())?;
        let path = self.special_path_as_written(&path, false)?;
        // One component after the other, with nothing between them the grammar did not match.
        let authority_end = authority.span().end;
        if authority.span().start != slashes.span().end || path.start != authority_end {
            return None;
        }
        Some(AsWritten {
            scheme_kind: kind,
            scheme_end: scheme.span().end,
            credentials,
            host,
            host_kind,
            port,
            path,
            query: None,
            fragment: None,
        })
    }

    /// `file_url` as written: "file", then `file_hier_part`'s reading with "//", a host (empty,
    /// or a domain as written that is neither "localhost" nor a Windows drive letter, which
    /// the file host state writes otherwise), and a path whose first segment is not a Windows
    /// drive letter (the path state may move the host or rewrite the letter there).
    fn file_url_as_written(&self, node: &Node<'_>) -> Option<AsWritten> {
        use Production::{FileHierPart, FileHost, FileScheme, FileSlashes, SpecialPath};
        let [scheme, hier] = children_of(node, [FileScheme, FileHierPart])?;
        let kind = self.scheme_as_written(&scheme)?;
        if !kind.is_file() {
            return None;
        }
        self.follows(scheme.span().end, b':', &hier.span())?;
        let [slashes, host, path] = children_of(&hier, [FileSlashes, FileHost, SpecialPath])?;
        if slashes.as_str() != "//" {
            return None;
        }
        let host_kind = if host.span().is_empty() {
            HostKind::Empty
        } else {
            let text = host.as_str();
            if text == "localhost" || is_windows_drive_letter(text) {
                return None;
            }
            self.domain_as_written(text)?
        };
        let path = self.special_path_as_written(&path, true)?;
        // One component after the other, with nothing between them the grammar did not match.
        let contiguous = hier.span().start == slashes.span().start
            && slashes.span().end == host.span().start
            && host.span().end == path.start;
        if !contiguous {
            return None;
        }
        Some(AsWritten {
            scheme_kind: kind,
            scheme_end: scheme.span().end,
            credentials: None,
            host: host.span(),
            host_kind,
            port: None,
            path,
            query: None,
            fragment: None,
        })
    }

    /// A scheme the scheme state writes as it is: lowercase (so that its name is known from
    /// its bytes), and special in the grammar's scheme table; at the start of the input.
    fn scheme_as_written(&self, scheme: &Node<'_>) -> Option<SchemeKind> {
        self.scheme_at_as_written(scheme.span())
    }

    /// `authority` as written: maybe credentials, a host (and its kind), then maybe a port.
    fn authority_as_written(
        &self,
        node: &Node<'_>,
        default_port: Option<u16>,
    ) -> Option<AuthorityAsWritten> {
        let mut children = node.children().peekable();
        let credentials = match children.peek()?.production()? {
            Production::Credentials => Some(self.credentials_as_written(&children.next()?)?),
            _ => None,
        };
        let host = children.next()?;
        let port = children.next();
        if children.next().is_some() || host.production()? != Production::Host {
            return None;
        }
        let at = host.span();
        let port = match port {
            None if at.end == node.span().end => None,
            Some(port) if port.production()? == Production::Port => {
                self.follows(at.end, b':', &port.span())?;
                if port.span().end != node.span().end {
                    return None;
                }
                Some(port_as_written(port.as_str(), default_port)?)
            }
            _ => return None,
        };
        let host_start = credentials
            .as_ref()
            .map_or(node.span().start, |c| c.whole.end);
        if at.start != host_start {
            return None;
        }
        let host_kind = self.domain_as_written(host.as_str())?;
        Some(AuthorityAsWritten {
            credentials,
            host: at,
            host_kind,
            port,
        })
    }

    /// `credentials` as the serializer writes them: a username, a password after ":", or both,
    /// none empty where written (the serializer writes no empty password, and no "@" without
    /// credentials), with nothing for the userinfo percent-encode set to encode (which holds
    /// "@", so that the "@" that ends them is the authority's only one).
    fn credentials_as_written(&self, node: &Node<'_>) -> Option<Credentials> {
        let whole = node.span();
        let mut children = node.children();
        let username = children.next()?;
        let password = children.next();
        if children.next().is_some() || username.production()? != Production::Username {
            return None;
        }
        let username = username.span();
        self.none_encoded(Set::Userinfo, username.clone())?;
        let password = match password {
            None => username.end..username.end,
            Some(password) if password.production()? == Production::Password => {
                self.follows(username.end, b':', &password.span())?;
                let password = password.span();
                if password.is_empty() {
                    return None;
                }
                self.none_encoded(Set::Userinfo, password.clone())?;
                password
            }
            Some(_) => return None,
        };
        // Something written, from the start, and the "@" right after it.
        if (username.is_empty() && password.is_empty()) || username.start != whole.start {
            return None;
        }
        self.follows(password.end, b'@', &(whole.end..whole.end))?;
        Some(Credentials {
            username,
            password,
            whole,
        })
    }

    /// A host the host parser returns as it is, and its kind: not "[" (an IPv6 address), a
    /// domain of ASCII bytes with no upper case letter, "%" or forbidden domain code point (the
    /// domain parser returns such a domain as it is, and it cannot fail), not empty, and either
    /// not ending in a number or an IPv4 address as the IPv4 serializer writes it (IPv4 parsing
    /// would write any other again, or fail).
    fn domain_as_written(&self, host: &str) -> Option<HostKind> {
        let as_it_is = !host.is_empty()
            && !host.starts_with('[')
            && byte_kinds(host, &self.source.tables().domain_bytes) == 0;
        as_it_is.then(|| host_kind_as_written(self.source, host))?
    }

    /// `special_path` as written: segments opened by "/" (not "\"), none a single-dot or
    /// double-dot segment, none with a code point of the path percent-encode set, and for a
    /// `file` URL a first segment that is not a Windows drive letter. Its span: empty when it
    /// has no segment, which the path start state writes as "/".
    fn special_path_as_written(&self, node: &Node<'_>, file: bool) -> Option<Range<usize>> {
        let whole = node.span();
        // When only the outcome is asked for, nothing is written: no path makes a parse fail.
        if self.outcome_only {
            return Some(whole);
        }
        self.none_encoded(Set::Path, whole.clone())?;
        // The segments cover the path: the last one ends where it does.
        let end = match self.path_steps(node) {
            None => {
                let children = node.children().map(|n| (n.production(), n.span()));
                self.segments_as_written(whole.start, file, children)?
            }
            Some(mut steps) => {
                let children = steps.by_ref().map(|(p, at)| (Some(p), at));
                let end = self.segments_as_written(whole.start, file, children)?;
                (steps.end() == Some(end)).then_some(end)?
            }
        };
        if end != whole.end || (whole.is_empty() && whole.end != self.text.len()) {
            return None;
        }
        Some(whole)
    }

    /// The segments of a special path as written (see [`Builder::special_path_as_written`]),
    /// each a production and its span, from `start` on: where the last one ends, if they are.
    #[inline(always)]
    fn segments_as_written(
        &self,
        start: usize,
        file: bool,
        segments: impl Iterator<Item = (Option<Production>, Range<usize>)>,
    ) -> Option<usize> {
        let bytes = self.text.as_bytes();
        // Where the next segment starts.
        let mut next = start;
        for (production, at) in segments {
            if production? != Production::SpecialPathSegment {
                return None;
            }
            if at.start != next || bytes.get(at.start) != Some(&b'/') {
                return None;
            }
            let first = next == start;
            next = at.end;
            // The content after the "/" (a grammar loaded at run time may match an empty
            // segment: then there is none, and the production functions refuse the tree).
            let content = self.text.get(at.start + 1..at.end)?;
            // Only a segment that starts with "." or "%" may be a dot segment, and only one of
            // two bytes a drive letter.
            let dot = may_be_dot_segment(content)
                && (is_single_dot_segment(content) || is_double_dot_segment(content));
            let drive = file && first && is_windows_drive_letter(content);
            if dot || drive {
                return None;
            }
        }
        Some(next)
    }

    /// Whether `at` starts right after `delimiter`, which is at `end`.
    fn follows(&self, end: usize, delimiter: u8, at: &Range<usize>) -> Option<()> {
        let right_after = at.start == end + 1 && self.text.as_bytes().get(end) == Some(&delimiter);
        right_after.then_some(())
    }

    /// [`Builder::none_encoded`] when the record is written; when only the outcome is asked for,
    /// nothing is written, and no query or fragment makes a parse fail.
    fn none_encoded_if_written(&self, set: Set, at: Range<usize>) -> Option<()> {
        if self.outcome_only {
            return Some(());
        }
        self.none_encoded(set, at)
    }

    /// Whether percent-encoding the text at `at` with `set` leaves it as it is: no byte that
    /// may be part of a code point of the set (every byte beyond ASCII is, in these sets).
    fn none_encoded(&self, set: Set, at: Range<usize>) -> Option<()> {
        let bytes = self.text.as_bytes().get(at)?;
        (self.table(set).first_byte_it_may_hold(bytes) == bytes.len()).then_some(())
    }
}

/// The children of `node`, when they are exactly `productions`, in order (inlined: the loop
/// unrolls for the few children of each call).
#[inline(always)]
fn children_of<'t, const N: usize>(
    node: &Node<'t>,
    productions: [Production; N],
) -> Option<[Node<'t>; N]> {
    let mut children = node.children();
    let mut nodes = [*node; N];
    for (slot, production) in nodes.iter_mut().zip(productions) {
        let child = children.next()?;
        if child.production()? != production {
            return None;
        }
        *slot = child;
    }
    children.next().is_none().then_some(nodes)
}

/// An authority as written ([`Builder::authority_as_written`]): its credentials, if any, its
/// host's place and kind, and its port, unless null.
struct AuthorityAsWritten {
    credentials: Option<Credentials>,
    host: Range<usize>,
    host_kind: HostKind,
    port: Option<u16>,
}
