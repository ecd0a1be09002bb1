//! The URL-level productions: `url`, the three kinds of URL with a scheme, and the relative
//! readings that need a base (https://url.spec.whatwg.org/#url-parsing).

use super::{span, Builder, Node};
use crate::error::{ErrorCode, ParseError};
use crate::grammar::{Production, Productions};
use crate::record::Record;

impl<'i, S: Productions> Builder<'i, '_, '_, S> {
    /// `url`, `url_against_file_base` and `url_against_non_special_base`: a body, then the
    /// query and the fragment.
    pub(super) fn url(&mut self, node: Node<'_>) -> Result<(), ParseError> {
        let within = self.production(&node).unwrap_or(Production::Url);
        let mut children = self.children(node);
        let (kind, body) = children
            .next()
            .ok_or_else(|| self.unexpected(within, span(&node)))??;
        let (mut query, mut fragment) = (None, None);
        for child in children {
            let (p, child) = child?;
            match p {
                Production::Query => query = Some(child),
                Production::Fragment => fragment = Some(child),
                _ => return Err(self.unexpected(within, span(&child))),
            }
        }
        match kind {
            Production::FileUrl => self.file_url(body)?,
            Production::SpecialUrl => self.special_url(body)?,
            Production::NonSpecialUrl => self.non_special_url(body)?,
            Production::RelativeUrl
            | Production::FileHierPart
            | Production::NonSpecialRelativeUrl => {
                self.no_scheme(kind, body, query.is_none() && fragment.is_some())?
            }
            _ => return Err(self.unexpected(within, span(&body))),
        }
        self.end_of_path();
        match query {
            Some(q) => self.query(q),
            None => {
                if let Some(query) = self.base_query.take() {
                    self.copy_base_query(query);
                }
            }
        }
        if let Some(f) = fragment {
            self.fragment(f)?;
        }
        Ok(())
    }

    /// `file_url`: "file:" then the file state.
    fn file_url(&mut self, node: Node<'_>) -> Result<(), ParseError> {
        let mut hier = None;
        for child in self.children(node) {
            let (p, child) = child?;
            match p {
                Production::FileScheme => self.scheme(&child)?,
                Production::FileHierPart => hier = Some(child),
                _ => return Err(self.unexpected(Production::FileUrl, span(&child))),
            }
        }
        let hier = hier.ok_or_else(|| self.unexpected(Production::FileUrl, span(&node)))?;
        // "If remaining does not start with "//", special-scheme-missing-following-solidus
        // validation error." The grammar's `file_slashes` takes two slashes of either kind.
        let two_solidi = hier.children().next().is_some_and(|first| {
            self.production(&first) == Some(Production::FileSlashes) && first.as_str() == "//"
        });
        if !two_solidi {
            // remaining is what follows "file:": the file state's text, as the grammar found it.
            let start = span(&hier).start;
            self.report(
                ErrorCode::SpecialSchemeMissingFollowingSolidus,
                start..start,
            );
        }
        self.file_hier_part(hier)
    }

    /// `special_url`: a special scheme, slashes, an authority and a path.
    fn special_url(&mut self, node: Node<'_>) -> Result<(), ParseError> {
        let whole = node;
        let (mut scheme, mut slashes, mut authority, mut path) = (None, None, None, None);
        for child in self.children(node) {
            let (p, child) = child?;
            match p {
                Production::SpecialScheme => scheme = Some(child),
                Production::SpecialSlashes => slashes = Some(child),
                Production::Authority => authority = Some(child),
                Production::SpecialPath => path = Some(child),
                _ => return Err(self.unexpected(Production::SpecialUrl, span(&child))),
            }
        }
        let (Some(scheme), Some(authority), Some(path)) = (scheme, authority, path) else {
            return Err(self.unexpected(Production::SpecialUrl, span(&whole)));
        };
        // "Otherwise, if url is special, base is non-null, and base's scheme is url's scheme:
        // set state to special relative or authority state." That state reads "//" as the
        // authority's start and anything else as a relative URL.
        let same_scheme = self
            .base
            .is_some_and(|b| b.scheme().eq_ignore_ascii_case(scheme.as_str()));
        let two_slashes = slashes
            .as_ref()
            .is_some_and(|s| s.as_str().starts_with("//"));
        if same_scheme && !two_slashes {
            return self.same_scheme_relative_url(&whole);
        }
        self.scheme(&scheme)?;
        self.special_slashes(slashes.as_ref(), span(&scheme).end + 1);
        self.authority(authority)?;
        self.special_path(path)
    }

    /// `scheme`, `special_scheme` and `file_scheme`: the scheme, lowercased. A URL has one; a
    /// second is a tree the builder does not know.
    fn scheme(&mut self, node: &Node<'_>) -> Result<(), ParseError> {
        if self.out.has_scheme() {
            let within = self.production(node).unwrap_or(Production::Scheme);
            return Err(self.unexpected(within, span(node)));
        }
        self.out.scheme(node.as_str(), self.source.tables());
        Ok(())
    }

    /// `special_slashes`: the special authority slashes and ignore slashes states report every
    /// slash beyond a leading "//", and a missing "//".
    fn special_slashes(&mut self, slashes: Option<&Node<'_>>, at: usize) {
        if !self.wants_errors() {
            return;
        }
        let (text, start) = match slashes {
            Some(s) => (s.as_str(), span(s).start),
            None => ("", at),
        };
        let mut from = 0;
        if text.starts_with("//") {
            from = 2;
        } else {
            // "Otherwise, special-scheme-missing-following-solidus validation error."
            self.report(
                ErrorCode::SpecialSchemeMissingFollowingSolidus,
                start..start,
            );
        }
        // special authority ignore slashes state: "Otherwise, special-scheme-missing-following-
        // solidus validation error."
        for i in from..text.len() {
            let code = ErrorCode::SpecialSchemeMissingFollowingSolidus;
            self.report(code, start + i..start + i + 1);
        }
    }

    /// `non_special_url`: a scheme that is not special, then an authority, a path or an opaque
    /// path.
    fn non_special_url(&mut self, node: Node<'_>) -> Result<(), ParseError> {
        for child in self.children(node) {
            let (p, child) = child?;
            match p {
                Production::Scheme => self.scheme(&child)?,
                Production::NonSpecialAuthority => self.authority(child)?,
                Production::Path => self.path(child)?,
                // "Otherwise, if remaining starts with an U+002F (/), set state to path or
                // authority state": no authority, the path starts here.
                Production::PathAbsolute => self.path(child)?,
                // "Otherwise, set url's path to the empty string and set state to opaque path
                // state."
                Production::OpaquePath => self.opaque_path(child),
                _ => return Err(self.unexpected(Production::NonSpecialUrl, span(&child))),
            }
        }
        Ok(())
    }

    /// The [no scheme state](https://url.spec.whatwg.org/#no-scheme-state), with the body the
    /// entry rule chose by the base's kind: `relative_url`, `file_hier_part` or
    /// `non_special_relative_url`.
    fn no_scheme(
        &mut self,
        kind: Production,
        body: Node<'_>,
        fragment_only: bool,
    ) -> Result<(), ParseError> {
        let at = span(&body).start;
        let base = match self.base {
            // "If base is null, or base has an opaque path and c is not U+0023 (#),
            // missing-scheme-non-relative-URL validation error, return failure."
            None => return Err(self.fail(ErrorCode::MissingSchemeNonRelativeUrl, at..at)),
            Some(base) => base,
        };
        if base.has_opaque_path() {
            if !(body.as_str().is_empty() && fragment_only) {
                return Err(self.fail(ErrorCode::MissingSchemeNonRelativeUrl, at..at));
            }
            // "Otherwise, if base has an opaque path and c is U+0023 (#), set url's scheme to
            // base's scheme, url's path to base's path, url's query to base's query, url's
            // fragment to the empty string, and set state to fragment state."
            self.copy_base(base, false);
            self.out.copy_path(base);
            self.base_query = base.query();
            return Ok(());
        }
        match (base.scheme_kind(), kind) {
            (base_kind, Production::FileHierPart) if base_kind.is_file() => {
                // "Otherwise, if base's scheme is "file", set state to file state and decrease
                // pointer by 1." The file state: "Set url's scheme to "file"."
                self.out.scheme("file", self.source.tables());
                self.file_hier_part(body)?;
            }
            // "Otherwise, set state to relative state and decrease pointer by 1."
            (base_kind, Production::NonSpecialRelativeUrl) if !base_kind.is_special() => {
                self.relative_url(body)?
            }
            (base_kind, Production::RelativeUrl)
                if base_kind.is_special() && !base_kind.is_file() =>
            {
                self.relative_url(body)?
            }
            // A reading the entry rule should not have chosen for this base.
            _ => return Err(self.unexpected(kind, span(&body))),
        }
        Ok(())
    }

    /// `same_scheme_relative_url`: `http:x` against an "http" base, read from the start.
    fn same_scheme_relative_url(&mut self, like: &Node<'_>) -> Result<(), ParseError> {
        let tree = self.reread(Production::SameSchemeRelativeUrl, like)?;
        let node = tree.root();
        for child in self.children(node) {
            let (p, child) = child?;
            match p {
                Production::SpecialScheme => {
                    // special relative or authority state: "Otherwise, special-scheme-missing-
                    // following-solidus validation error, set state to relative state".
                    let at = span(&child).end + 1;
                    self.report(ErrorCode::SpecialSchemeMissingFollowingSolidus, at..at);
                }
                Production::RelativeUrl => self.relative_url(child)?,
                _ => {
                    let within = Production::SameSchemeRelativeUrl;
                    return Err(self.unexpected(within, span(&child)));
                }
            }
        }
        Ok(())
    }

    /// `relative_url` and `non_special_relative_url`: the
    /// [relative state](https://url.spec.whatwg.org/#relative-state) and
    /// [relative slash state](https://url.spec.whatwg.org/#relative-slash-state).
    fn relative_url(&mut self, node: Node<'_>) -> Result<(), ParseError> {
        let within = self.production(&node).unwrap_or(Production::RelativeUrl);
        let base = self
            .base
            .ok_or_else(|| self.unexpected(within, span(&node)))?;
        let mut children = self.children(node).peekable();
        let Some(first) = first_production(children.peek())? else {
            // c is "?", "#" or EOF: "Set url's username to base's username, [...] url's path to
            // a clone of base's path, and url's query to base's query."
            self.copy_base(base, true);
            self.out.copy_path(base);
            self.base_query = base.query();
            return Ok(());
        };
        match first {
            Production::AuthoritySlashes => {
                // "Set url's scheme to base's scheme." Then "//" (or "\\") starts an authority.
                self.copy_base(base, false);
                for child in children {
                    let (p, child) = child?;
                    match p {
                        Production::AuthoritySlashes => self.authority_slashes(&child),
                        Production::Authority | Production::NonSpecialAuthority => {
                            self.authority(child)?
                        }
                        Production::SpecialPath => self.special_path(child)?,
                        _ => return Err(self.unexpected(within, span(&child))),
                    }
                }
            }
            Production::NonSpecialAuthority => {
                self.copy_base(base, false);
                for child in children {
                    let (p, child) = child?;
                    match p {
                        Production::NonSpecialAuthority => self.authority(child)?,
                        Production::Path => self.path(child)?,
                        _ => return Err(self.unexpected(within, span(&child))),
                    }
                }
            }
            Production::SpecialPathAbsolute | Production::PathAbsolute => {
                // relative slash state: "Otherwise, set url's username to base's username, url's
                // password to base's password, url's host to base's host, url's port to base's
                // port, state to path state".
                self.copy_base(base, true);
                for child in children {
                    self.path(child?.1)?;
                }
            }
            Production::SpecialPathRelative | Production::PathRelative => {
                // "Set url's query to null. Shorten url's path. Set state to path state".
                self.copy_base(base, true);
                self.out.copy_path(base);
                self.shorten_path();
                for child in children {
                    self.path(child?.1)?;
                }
            }
            _ => return Err(self.unexpected(within, span(&node))),
        }
        Ok(())
    }

    /// `authority_slashes`: a "\" is an invalid-reverse-solidus (relative state and relative
    /// slash state); slashes after the first two are ignored, each with an error.
    fn authority_slashes(&mut self, node: &Node<'_>) {
        if !self.wants_errors() {
            return;
        }
        let start = span(node).start;
        for (i, b) in node.as_str().bytes().enumerate() {
            let at = start + i..start + i + 1;
            if i >= 2 {
                self.report(ErrorCode::SpecialSchemeMissingFollowingSolidus, at);
            } else if b == b'\\' {
                self.report(ErrorCode::InvalidReverseSolidus, at);
            }
        }
    }

    /// `file_hier_part`: the [file state](https://url.spec.whatwg.org/#file-state), the
    /// [file slash state](https://url.spec.whatwg.org/#file-slash-state) and the
    /// [file host state](https://url.spec.whatwg.org/#file-host-state).
    fn file_hier_part(&mut self, node: Node<'_>) -> Result<(), ParseError> {
        let base = self.base.filter(|b| b.scheme_kind().is_file());
        let mut children = self.children(node).peekable();
        let first = first_production(children.peek())?;
        match first {
            Some(Production::FileSlashes) => {
                for child in children.by_ref() {
                    let (p, child) = child?;
                    match p {
                        Production::FileSlashes => self.file_slashes(&child),
                        Production::FileHost => {
                            self.file_host(child)?;
                            break;
                        }
                        _ => return Err(self.unexpected(Production::FileHierPart, span(&child))),
                    }
                }
                for child in children {
                    self.special_path(child?.1)?;
                }
            }
            Some(kind @ (Production::SpecialPathAbsolute | Production::SpecialPathRelative)) => {
                let Some(path) = children.next() else {
                    return Err(self.unexpected(Production::FileHierPart, span(&node)));
                };
                let (_, path) = path?;
                if kind == Production::SpecialPathAbsolute {
                    self.file_slash_path(path, base)?;
                } else {
                    self.file_relative_path(path, base)?;
                }
            }
            None => match base {
                Some(base) => {
                    // "Set url's host to base's host, url's path to a clone of base's path, and
                    // url's query to base's query."
                    self.out.copy_authority(base);
                    self.out.copy_path(base);
                    self.base_query = base.query();
                }
                None => {
                    // path state with c the EOF code point, "?" or "#": the empty segment.
                    self.write_empty_host();
                    self.push_segment("");
                }
            },
            Some(_) => return Err(self.unexpected(Production::FileHierPart, span(&node))),
        }
        Ok(())
    }

    /// One slash, then a path: the [file slash state](https://url.spec.whatwg.org/#file-slash-state)
    /// when c is not a slash.
    fn file_slash_path(&mut self, path: Node<'_>, base: Option<&Record>) -> Result<(), ParseError> {
        match base {
            // "If base is non-null and base's scheme is "file", then: Set url's host to base's
            // host."
            Some(base) => {
                self.out.copy_authority(base);
                // "If the code point substring from pointer to the end of input does not start
                // with a Windows drive letter and base's path[0] is a normalized Windows drive
                // letter, then append base's path[0] to url's path."
                let rest = path.as_str().get(1..).unwrap_or("");
                let segments = base.path_segments();
                if !starts_with_windows_drive_letter(rest) {
                    if let Some(first) = segments.first() {
                        if is_normalized_windows_drive_letter(first) {
                            self.out.segment(|out| out.push_str(first));
                        }
                    }
                }
            }
            None => self.write_empty_host(),
        }
        self.path(path)
    }

    /// A path with no slash before it: the [file state](https://url.spec.whatwg.org/#file-state)
    /// when c is not a slash, "?", "#" or the end.
    fn file_relative_path(
        &mut self,
        path: Node<'_>,
        base: Option<&Record>,
    ) -> Result<(), ParseError> {
        match base {
            Some(base) => {
                // "Set url's host to base's host, url's path to a clone of base's path".
                self.out.copy_authority(base);
                if !starts_with_windows_drive_letter(path.as_str()) {
                    self.out.copy_path(base);
                    self.shorten_path();
                } else {
                    // "File-invalid-Windows-drive-letter validation error. Set url's path to
                    // « »." (So the base's path is not copied.)
                    let at = span(&path);
                    let code = ErrorCode::FileInvalidWindowsDriveLetter;
                    self.report(code, at.start..at.start + 2);
                }
            }
            None => self.write_empty_host(),
        }
        self.path(path)
    }

    /// `file_slashes`: each "\" in a file URL's slashes is an invalid-reverse-solidus.
    fn file_slashes(&mut self, node: &Node<'_>) {
        if !self.wants_errors() {
            return;
        }
        let start = span(node).start;
        for (i, b) in node.as_str().bytes().enumerate().take(2) {
            if b == b'\\' {
                self.report(ErrorCode::InvalidReverseSolidus, start + i..start + i + 1);
            }
        }
    }
}

/// The production of the first child, or its error.
fn first_production<N>(
    first: Option<&Result<(Production, N), ParseError>>,
) -> Result<Option<Production>, ParseError> {
    match first {
        None => Ok(None),
        Some(Ok((p, _))) => Ok(Some(*p)),
        Some(Err(e)) => Err(e.clone()),
    }
}

/// A [Windows drive letter](https://url.spec.whatwg.org/#windows-drive-letter).
pub(crate) fn is_windows_drive_letter(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && (b[1] == b':' || b[1] == b'|')
}

/// A [normalized Windows drive letter](https://url.spec.whatwg.org/#normalized-windows-drive-letter).
pub(super) fn is_normalized_windows_drive_letter(s: &str) -> bool {
    is_windows_drive_letter(s) && s.as_bytes()[1] == b':'
}

/// https://url.spec.whatwg.org/#start-with-a-windows-drive-letter
pub(super) fn starts_with_windows_drive_letter(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 2
        && b[0].is_ascii_alphabetic()
        && (b[1] == b':' || b[1] == b'|')
        && (b.len() == 2 || matches!(b[2], b'/' | b'\\' | b'?' | b'#'))
}
