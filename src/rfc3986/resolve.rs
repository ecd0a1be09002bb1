//! Reference resolution, https://www.rfc-editor.org/rfc/rfc3986#section-5.2: the strict
//! algorithm of section 5.2.2, merging paths (5.2.3) and removing dot segments (5.2.4).

use alloc::borrow::Cow;
use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::String;
use core::fmt;

use super::{Authority, Components, Reference};

/// Why a reference cannot be resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ResolveError {
    /// The base has no scheme: "a base URI must conform to the `<absolute-URI>` syntax rule"
    /// (https://www.rfc-editor.org/rfc/rfc3986#section-5.2.1).
    BaseNotAbsolute,
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::BaseNotAbsolute => f.write_str("the base URI has no scheme"),
        }
    }
}

impl core::error::Error for ResolveError {}

/// https://www.rfc-editor.org/rfc/rfc3986#section-5.2.2, "Transform References", the strict
/// reading (a scheme in the reference is kept, so "http:g" stays "http:g"). The base's fragment
/// is not used (section 5.1: a base is stripped of its fragment).
///
/// ```
/// use pegurl::rfc3986::{parse, resolve};
///
/// let base = parse("http://a/b/c/d;p?q").unwrap();
/// let resolved = |r| resolve(&base, &parse(r).unwrap()).unwrap().to_string();
/// assert_eq!(resolved("g;x?y#s"), "http://a/b/c/g;x?y#s");
/// assert_eq!(resolved("../../../g"), "http://a/g");
/// assert_eq!(resolved("http:g"), "http:g");
/// ```
pub fn resolve<'a>(
    base: &Reference<'a>,
    reference: &Reference<'a>,
) -> Result<Reference<'a>, ResolveError> {
    transform(&base.components(), &reference.components()).map(|t| t.recompose())
}

/// [`resolve`] on components: the target's, written by [`Components::recompose`].
pub(super) fn transform<'a>(
    base: &Components<'a>,
    reference: &Components<'a>,
) -> Result<Components<'a>, ResolveError> {
    let Some(base_scheme) = &base.scheme else {
        return Err(ResolveError::BaseNotAbsolute);
    };
    let r = reference;
    let mut t = Components::default();
    // if defined(R.scheme) then
    if r.scheme.is_some() {
        // T.scheme = R.scheme; T.authority = R.authority;
        // T.path = remove_dot_segments(R.path); T.query = R.query;
        t.scheme = r.scheme.clone();
        t.authority = r.authority.clone();
        t.path = removed(&r.path);
        t.query = r.query.clone();
    } else {
        // if defined(R.authority) then
        if r.authority.is_some() {
            // T.authority = R.authority; T.path = remove_dot_segments(R.path); T.query = R.query;
            t.authority = r.authority.clone();
            t.path = removed(&r.path);
            t.query = r.query.clone();
        } else {
            // if (R.path == "") then
            if r.path.is_empty() {
                // T.path = Base.path;
                t.path = base.path.clone();
                // if defined(R.query) then T.query = R.query; else T.query = Base.query;
                t.query = r.query.clone().or_else(|| base.query.clone());
            } else {
                // if (R.path starts-with "/") then T.path = remove_dot_segments(R.path);
                if r.path.starts_with('/') {
                    t.path = removed(&r.path);
                } else {
                    // T.path = merge(Base.path, R.path); T.path = remove_dot_segments(T.path);
                    t.path = Cow::Owned(remove_dot_segments(&merge(base, &r.path)));
                }
                // T.query = R.query;
                t.query = r.query.clone();
            }
            // T.authority = Base.authority;
            t.authority = base.authority.clone();
        }
        // T.scheme = Base.scheme;
        t.scheme = Some(base_scheme.clone());
    }
    // T.fragment = R.fragment;
    t.fragment = r.fragment.clone();
    Ok(t)
}

/// `remove_dot_segments(path)`, borrowing the path when it has no dot segment to remove.
pub(super) fn removed<'a>(path: &Cow<'a, str>) -> Cow<'a, str> {
    if has_dot_segment(path) {
        Cow::Owned(remove_dot_segments(path))
    } else {
        path.clone()
    }
}

/// Whether a path has a "." or ".." segment.
fn has_dot_segment(path: &str) -> bool {
    path.split('/')
        .any(|segment| segment == "." || segment == "..")
}

/// https://www.rfc-editor.org/rfc/rfc3986#section-5.2.3, "Merge Paths".
pub(super) fn merge(base: &Components<'_>, path: &str) -> String {
    match base.authority {
        // If the base URI has a defined authority component and an empty path, then return a
        // string consisting of "/" concatenated with the reference's path;
        Some(Authority { .. }) if base.path.is_empty() => format!("/{path}"),
        // otherwise, return a string consisting of the reference's path component appended to
        // all but the last segment of the base URI's path (i.e., excluding any characters after
        // the right-most "/" in the base URI path, or excluding the entire base URI path if it
        // does not contain any "/" characters).
        _ => match base.path.rfind('/') {
            Some(slash) => {
                let directory = base.path.get(..=slash).unwrap_or_default();
                format!("{directory}{path}")
            }
            None => path.to_owned(),
        },
    }
}

/// https://www.rfc-editor.org/rfc/rfc3986#section-5.2.4, "Remove Dot Segments": the RFC's loop
/// over the input buffer, in time linear in the path's length (each step consumes what it looks
/// at, and removing the output's last segment scans only that segment).
///
/// ```
/// use pegurl::rfc3986::remove_dot_segments;
///
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// ```
pub fn remove_dot_segments(path: &str) -> String {
    remove_dot_segments_counting(path).0
}

/// [`remove_dot_segments`], and whether a ".." had no segment left to remove (the path tried to
/// leave its root).
pub(super) fn remove_dot_segments_counting(path: &str) -> (String, bool) {
    // 1. The input buffer is initialized with the now-appended path components and the output
    // buffer is initialized to the empty string.
    let mut input = path;
    let mut output = String::with_capacity(path.len());
    let mut above_root = false;
    // 2. While the input buffer is not empty, loop as follows:
    while !input.is_empty() {
        if let Some(rest) = input
            .strip_prefix("../")
            .or_else(|| input.strip_prefix("./"))
        {
            // A. If the input buffer begins with a prefix of "../" or "./", then remove that
            // prefix from the input buffer; otherwise,
            input = rest;
        } else if input.starts_with("/./") {
            // B. if the input buffer begins with a prefix of "/./" or "/.", where "." is a
            // complete path segment, then replace that prefix with "/" in the input buffer;
            input = input.get(2..).unwrap_or("/");
        } else if input == "/." {
            input = "/";
        } else if input.starts_with("/../") || input == "/.." {
            // C. if the input buffer begins with a prefix of "/../" or "/..", where ".." is a
            // complete path segment, then replace that prefix with "/" in the input buffer and
            // remove the last segment and its preceding "/" (if any) from the output buffer;
            input = input.get(3..).filter(|r| !r.is_empty()).unwrap_or("/");
            match output.rfind('/') {
                Some(slash) => output.truncate(slash),
                None if output.is_empty() => above_root = true,
                None => output.clear(),
            }
        } else if input == "." || input == ".." {
            // D. if the input buffer consists only of "." or "..", then remove that from the
            // input buffer;
            above_root |= input == ".." && output.is_empty();
            input = "";
        } else {
            // E. move the first path segment in the input buffer to the end of the output
            // buffer, including the initial "/" character (if any) and any subsequent characters
            // up to, but not including, the next "/" character or the end of the input buffer.
            let start = usize::from(input.starts_with('/'));
            let end = input
                .get(start..)
                .and_then(|rest| rest.find('/'))
                .map_or(input.len(), |i| i + start);
            let (segment, rest) = input.split_at(end);
            output.push_str(segment);
            input = rest;
        }
    }
    // 3. Finally, the output buffer is returned as the result of remove_dot_segments.
    (output, above_root)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_double_dot_at_the_root_is_counted() {
        assert_eq!(
            remove_dot_segments_counting("/a/../../b"),
            ("/b".to_owned(), true)
        );
        assert_eq!(
            remove_dot_segments_counting("/a/../b"),
            ("/b".to_owned(), false)
        );
        assert_eq!(remove_dot_segments_counting("/.."), ("/".to_owned(), true));
        assert_eq!(remove_dot_segments_counting(".."), (String::new(), true));
        assert_eq!(
            remove_dot_segments_counting("a/.."),
            ("/".to_owned(), false)
        );
    }

    #[test]
    fn removing_dot_segments_is_linear() {
        // 200,000 segments, half of them "..": one pass.
        let path = "/a/..".repeat(100_000) + "/b";
        assert_eq!(remove_dot_segments(&path), "/b");
        let deep = "/a".repeat(100_000) + &"/..".repeat(100_000);
        assert_eq!(remove_dot_segments(&deep), "/");
    }
}
