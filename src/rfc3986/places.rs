//! The builder of a parsed reference as the generated parser's token sink: each component's rule
//! hands it its span as the rule starts and ends ([`Out`]), and it keeps the span in the place of
//! that component, so that when the parse ends the reference's [`Layout`] is there, read from no
//! list. A failed alternative takes back the components it started.

use core::ops::Range;

use super::parse::{unexpected, SyntaxError};
use super::reference::{At, HostKind, Layout};
use super::Reference;
use crate::generated::rfc3986_rules as r;
use crate::tokens::{Out, Token};

/// Which of a reference's components a node is: its place in [`Places`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Scheme,
    Userinfo,
    Host,
    Port,
    Path,
    Query,
    Fragment,
    /// A node no production of a URI-reference makes.
    Other,
}

/// How many slots there are: one for each component, and one for a node that is none.
const SLOT_COUNT: usize = Slot::Other as usize + 1;

/// The component each rule's node is, and the kind of host for a host's node, by rule number.
type Slots = [(Slot, Option<HostKind>); r::RULE_NAMES.len()];

/// [`Slots`] for `grammar/rfc3986.pest`: the productions of a URI-reference's components. (A
/// table, not a `match`: the nodes of one reference after another would make an indirect jump
/// that the processor cannot predict.)
const SLOTS: Slots = {
    let components: [(&[u16], Slot, Option<HostKind>); 10] = [
        // `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (section 3.1).
        (&[r::SCHEME], Slot::Scheme, None),
        // `authority = [ userinfo "@" ] host [ ":" port ]` (section 3.2): `userinfo` (section
        // 3.2.1), `host` (3.2.2), whose kind is the production of its node (an IP-literal's
        // without brackets), and `port` (3.2.3).
        (&[r::USERINFO, r::IUSERINFO], Slot::Userinfo, None),
        (&[r::IPV6ADDRESS], Slot::Host, Some(HostKind::Ipv6)),
        (&[r::IPVFUTURE], Slot::Host, Some(HostKind::IpvFuture)),
        (&[r::IPV4ADDRESS], Slot::Host, Some(HostKind::Ipv4)),
        (
            &[r::REG_NAME, r::IREG_NAME],
            Slot::Host,
            Some(HostKind::RegName),
        ),
        (&[r::PORT], Slot::Port, None),
        // The path (section 3.3): whichever kind, it is the path.
        (
            &[
                r::PATH_ABEMPTY,
                r::PATH_ABSOLUTE,
                r::PATH_NOSCHEME,
                r::PATH_ROOTLESS,
                r::PATH_EMPTY,
                r::IPATH_ABEMPTY,
                r::IPATH_ABSOLUTE,
                r::IPATH_NOSCHEME,
                r::IPATH_ROOTLESS,
                r::IPATH_EMPTY,
            ],
            Slot::Path,
            None,
        ),
        // `query` (section 3.4) and `fragment` (section 3.5).
        (&[r::QUERY, r::IQUERY], Slot::Query, None),
        (&[r::FRAGMENT, r::IFRAGMENT], Slot::Fragment, None),
    ];
    let mut slots: Slots = [(Slot::Other, None); r::RULE_NAMES.len()];
    let mut c = 0;
    while c < components.len() {
        let (rules, slot, kind) = components[c];
        let mut i = 0;
        while i < rules.len() {
            slots[rules[i] as usize] = (slot, kind);
            i += 1;
        }
        c += 1;
    }
    slots
};

/// The slot of `rule`'s node.
#[inline(always)]
fn slot_of(rule: u16) -> (Slot, Option<HostKind>) {
    SLOTS
        .get(usize::from(rule))
        .copied()
        .unwrap_or((Slot::Other, None))
}

/// Where each component of the reference being parsed is, by [`Slot`], and the components
/// started, in order, so that a failed alternative can take them back. A parse holds at most
/// one component of each kind at once (the grammar's components never nest or repeat); one
/// that would start a second of a kind marks the places as overflowed, and the caller then
/// gives them the tokens of a parse into a list, one by one, with [`Places::put`].
pub(super) struct Places {
    /// The place of each slot's component, [`At::NONE`] while it has none.
    at: [At; SLOT_COUNT],
    host_kind: Option<HostKind>,
    /// The rule of the last node that is no component, if any.
    other_rule: u16,
    /// The slots of the components started, in order (at most one of each).
    started: [Slot; SLOT_COUNT],
    len: usize,
    overflowed: bool,
}

impl Places {
    /// No component yet.
    #[inline(always)]
    pub(super) fn new() -> Places {
        Places {
            at: [At::NONE; SLOT_COUNT],
            host_kind: None,
            other_rule: 0,
            started: [Slot::Other; SLOT_COUNT],
            len: 0,
            overflowed: false,
        }
    }

    /// Whether a parse held more components than the places keep track of (its places are
    /// then not to be read).
    pub(super) fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// The node of `rule` at `span`, whole.
    pub(super) fn put(&mut self, rule: u16, span: Range<usize>) {
        let (slot, kind) = slot_of(rule);
        self.at[slot as usize] = At::of(span);
        self.note(slot, kind, rule);
    }

    /// Keeps the kind of a host, and the rule of a node that is no component.
    #[inline(always)]
    fn note(&mut self, slot: Slot, kind: Option<HostKind>, rule: u16) {
        if slot == Slot::Host {
            self.host_kind = kind;
        } else if slot == Slot::Other {
            self.other_rule = rule;
        }
    }
}

impl Out for Places {
    #[inline(always)]
    fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    fn push(&mut self, token: Token) {
        let (slot, kind) = slot_of(token.rule);
        // A component started while one of its kind is still held (which this grammar never
        // does) could not be taken back alone: that parse is read from a list instead. (So
        // `started` never fills: a start past it is always a second of some kind.)
        self.overflowed |= self.at[slot as usize].is_some();
        match self.started.get_mut(self.len) {
            Some(started) => {
                *started = slot;
                self.len += 1;
            }
            None => self.overflowed = true,
        }
        self.at[slot as usize] = At::starting_at(token.start);
        self.note(slot, kind, token.rule);
    }

    #[inline(always)]
    fn close(&mut self, index: usize, end: u32, _next: u32) {
        if let Some(&slot) = self.started.get(index) {
            let at = &mut self.at[slot as usize];
            *at = at.ending_at(end);
        }
    }

    #[inline(always)]
    fn truncate(&mut self, len: usize) {
        let end = self.len.min(SLOT_COUNT);
        for &slot in self.started.get(len..end).unwrap_or_default() {
            self.at[slot as usize] = At::NONE;
        }
        self.len = self.len.min(len);
    }
}

/// `URI-reference = URI / relative-ref` (https://www.rfc-editor.org/rfc/rfc3986#section-4.1), and
/// `IRI-reference = IRI / irelative-ref`: the reference `places` found in `input`.
///
/// Every component is an `@` rule of the grammar, read whole, and the parser hands the builder
/// those only (build.rs compiles the grammar with `Tokens::Leaves`): the productions that hold
/// them (`URI`, `hier-part`, `authority`, `host`, `IP-literal`, ...) say nothing their children
/// do not. [`SLOTS`] says which component each production is: a component is the span of its
/// node, and a component undefined in the input has no node and stays undefined. The reference
/// is the input with those places. User information, a host and a port are found only in an
/// authority, so an authority is there when they are; a node the grammar does not make (or an
/// authority without a host) is an error naming the production, not a panic.
#[inline(always)]
pub(super) fn uri_reference<'i>(
    input: &'i str,
    places: &Places,
    entry: &'static str,
) -> Result<Reference<'i>, SyntaxError> {
    let [scheme, userinfo, host, port, path, query, fragment, other] = places.at;
    if let Some(span) = other.span() {
        return Err(unexpected(entry, places.other_rule, span, "URI-reference"));
    }
    let host_kind = places.host_kind.filter(|_| host.is_some());
    if host_kind.is_none() {
        // User information and a port come only in an authority, which has a host.
        for (rule, at) in [(r::USERINFO, userinfo), (r::PORT, port)] {
            if let Some(span) = at.span() {
                return Err(unexpected(entry, rule, span, "host"));
            }
        }
    }
    let layout = Layout {
        scheme,
        userinfo,
        host,
        host_kind,
        port,
        // The path is always there (`path-empty` at least).
        path: if path.is_some() {
            path
        } else {
            Layout::default().path
        },
        query,
        fragment,
    };
    Ok(Reference::borrowed(input, layout))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generated::{parse_rfc3986, parse_rfc3986_into};

    /// The places from the parse, and from the tokens of the same parse into a list.
    fn both(entry: u16, input: &str) -> Option<(Places, Places)> {
        let mut handed = Places::new();
        let matched = parse_rfc3986_into(entry, input, &mut handed);
        let tree = parse_rfc3986(entry, input);
        assert_eq!(matched, tree.is_some(), "{input:?}");
        let mut listed = Places::new();
        for (rule, span) in tree?.spans() {
            listed.put(rule, span);
        }
        Some((handed, listed))
    }

    /// The places the parser hands over, alternatives taken back included, are those of its
    /// tokens listed, for every WPT input read as a URI-reference and as an IRI-reference.
    #[test]
    fn handed_places_are_the_listed_ones_on_every_wpt_input() {
        let mut read = 0;
        for input in crate::workbench::wpt::urltestdata_inputs() {
            let input = input.as_str();
            for (entry, name) in [
                (r::URI_REFERENCE, "URI-reference"),
                (r::IRI_REFERENCE, "IRI-reference"),
            ] {
                let Some((handed, listed)) = both(entry, input) else {
                    continue;
                };
                read += 1;
                assert!(!handed.overflowed(), "{input:?}");
                assert_eq!(
                    uri_reference(input, &handed, name),
                    uri_reference(input, &listed, name),
                    "{input:?}"
                );
            }
        }
        assert!(read > 500, "{read}");
    }

    fn token(rule: u16, start: u32) -> Token {
        Token {
            production: None,
            rule,
            start,
            end: start,
            next: 0,
        }
    }

    /// Taking back a component clears its place; a second component of a kind while one is
    /// held overflows.
    #[test]
    fn taken_back_components_are_undefined_and_too_many_overflow() {
        let mut places = Places::new();
        places.push(token(r::SCHEME, 0));
        places.close(0, 4, 1);
        places.truncate(0);
        places.push(token(r::PATH_NOSCHEME, 0));
        places.close(0, 6, 1);
        let reference = uri_reference("http:x", &places, "URI-reference").unwrap();
        assert_eq!((reference.scheme(), reference.path()), (None, "http:x"));
        assert!(!places.overflowed());
        places.push(token(r::PATH_ABEMPTY, 6));
        assert!(places.overflowed());
        let mut places = Places::new();
        places.push(token(r::URI_REFERENCE, 0));
        assert!(!places.overflowed());
        places.push(token(r::IRI_REFERENCE, 0));
        assert!(places.overflowed());
        // A node that is no component is an error naming it.
        let mut places = Places::new();
        places.put(r::URI_REFERENCE, 0..1);
        let e = uri_reference("a", &places, "URI-reference").unwrap_err();
        assert!(e.expected[0].contains("uri_reference"), "{e}");
    }
}
