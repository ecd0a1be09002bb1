//! [`ParseOptions`]: the one way to parse with anything beyond the input, in the `url` crate's
//! shape (`Url::options().base_url(..).parse(..)`), with pegurl's own options beside it.

use alloc::borrow::Cow;
use alloc::vec::Vec;

use encoding_rs::{Encoding, UTF_8};

use crate::builder;
use crate::error::{ParseError, ValidationError};
use crate::generated::Generated;
#[cfg(feature = "reference")]
use crate::grammar::Compiled;
use crate::grammar::{Engine, Productions, Tree};
#[cfg(feature = "vm")]
use crate::runtime::RuntimeGrammar;

use super::Url;

/// The name the `url` crate gives the value its violation callback receives. In pegurl it is a
/// [`ValidationError`]: the spec's error type and its span in the input; its
/// [`description`](ValidationError::description) is the spec's sentence, as `url`'s is.
pub type SyntaxViolation = ValidationError;

impl ValidationError {
    /// The spec's one-line description of the error type (what the `url` crate's
    /// `SyntaxViolation::description` gives).
    pub fn description(&self) -> &'static str {
        self.code.description()
    }
}

/// How to parse: a base URL, the document's encoding, where validation errors go, and which
/// grammar runs. Made by [`Url::options`]; [`ParseOptions::parse`] runs it.
///
/// ```
/// use pegurl::Url;
/// let base = Url::parse("https://example.org/a/b")?;
/// let mut errors = Vec::new();
/// let url = Url::options()
///     .base_url(Some(&base))
///     .validation_errors(&mut errors)
///     .parse("../c d")?;
/// assert_eq!(url.as_str(), "https://example.org/c%20d");
/// assert_eq!(errors[0].code, pegurl::ErrorCode::InvalidUrlUnit);
/// # Ok::<(), pegurl::ParseError>(())
/// ```
///
/// Unlike the `url` crate's, these options are neither `Copy` nor `Clone`: they may hold the
/// `&mut Vec` that collects errors or trees. Build them again for each input.
#[must_use]
pub struct ParseOptions<'a> {
    base_url: Option<&'a Url>,
    encoding: &'static Encoding,
    violation_callback: Option<&'a dyn Fn(SyntaxViolation)>,
    errors: Option<&'a mut Vec<ValidationError>>,
    trace: Option<&'a mut Vec<Tree>>,
    /// Which compiled parser runs, when no grammar loaded at run time does.
    engine: Engine,
    #[cfg(feature = "vm")]
    runtime: Option<&'a RuntimeGrammar>,
}

impl<'a> ParseOptions<'a> {
    /// The defaults: no base, UTF-8, nobody listening, the generated parser.
    pub(crate) fn new() -> Self {
        ParseOptions {
            base_url: None,
            encoding: UTF_8,
            violation_callback: None,
            errors: None,
            trace: None,
            engine: Engine::Generated,
            #[cfg(feature = "vm")]
            runtime: None,
        }
    }

    /// Parses relative inputs against `base` (None: no base, as [`Url::parse`]).
    pub fn base_url(mut self, base: Option<&'a Url>) -> Self {
        self.base_url = base;
        self
    }

    /// The [encoding](https://url.spec.whatwg.org/#concept-basic-url-parser) of the document
    /// the URL comes from (None: UTF-8). The query of a special URL (not ws/wss) is
    /// percent-encoded after encoding it in that encoding, as HTML does for documents in legacy
    /// encodings.
    ///
    /// This is the spec's parameter, an [`encoding_rs::Encoding`]; the `url` crate's
    /// `encoding_override` takes a closure instead, so code passing one needs this change.
    ///
    /// ```
    /// use pegurl::encoding_rs::WINDOWS_1252;
    /// let url = pegurl::Url::options().encoding_override(Some(WINDOWS_1252)).parse("http://h/é?é")?;
    /// assert_eq!(url.as_str(), "http://h/%C3%A9?%E9");
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn encoding_override(mut self, encoding: Option<&'static Encoding>) -> Self {
        self.encoding = encoding.unwrap_or(UTF_8);
        self
    }

    /// Calls `callback` with each validation error as the parser meets it.
    ///
    /// ```
    /// use std::cell::RefCell;
    /// let seen = RefCell::new(Vec::new());
    /// let callback = |v: pegurl::SyntaxViolation| seen.borrow_mut().push(v.description());
    /// let url = pegurl::Url::options()
    ///     .syntax_violation_callback(Some(&callback))
    ///     .parse("https:////example.com///")?;
    /// assert_eq!(url.as_str(), "https://example.com///");
    /// assert_eq!(seen.borrow()[0], "The input's scheme is not followed by \"//\".");
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn syntax_violation_callback(
        mut self,
        callback: Option<&'a dyn Fn(SyntaxViolation)>,
    ) -> Self {
        self.violation_callback = callback;
        self
    }

    /// Appends every validation error, in the order the parser meets them and with its span
    /// in the input, to `errors`, whether or not the parse fails.
    pub fn validation_errors(mut self, errors: &'a mut Vec<ValidationError>) -> Self {
        self.errors = Some(errors);
        self
    }

    /// Appends the tree of every production the grammar matched to `trees`: the `url` rule's,
    /// then any rule the builder ran again because the base called for another reading (see
    /// `grammar/url.pest`).
    ///
    /// ```
    /// let mut trees = Vec::new();
    /// let url = pegurl::Url::options().trace(&mut trees).parse("http://h/p?q")?;
    /// assert_eq!(url.as_str(), "http://h/p?q");
    /// assert_eq!(trees[0].rule, "url");
    /// assert_eq!(trees[0].children[0].rule, "special_url");
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn trace(mut self, trees: &'a mut Vec<Tree>) -> Self {
        self.trace = Some(trees);
        self
    }

    /// Which compiled parser of `grammar/url.pest` runs (the generated one by default).
    pub fn engine(mut self, engine: Engine) -> Self {
        self.engine = engine;
        self
    }

    /// Parses with a grammar loaded at run time instead of the built-in one.
    #[cfg(feature = "vm")]
    #[cfg_attr(docsrs, doc(cfg(feature = "vm")))]
    pub fn grammar(mut self, grammar: &'a RuntimeGrammar) -> Self {
        self.runtime = Some(grammar);
        self
    }

    /// Parses `input` with these options.
    // Inlined always, so that the options are never read back from memory: the caller writes
    // them a word at a time, and a callee that took `self` there read two of those words with
    // one 16-byte load, which the processor cannot forward from its store buffer (a stall of
    // some dozen cycles a parse). The builder's `parse` takes them a field at a time.
    #[inline(always)]
    pub fn parse(self, input: &str) -> Result<Url, ParseError> {
        #[cfg(feature = "vm")]
        if let Some(grammar) = self.runtime {
            return self.run(&grammar.source(), input, Url::parse_with);
        }
        match self.engine {
            #[cfg(feature = "reference")]
            Engine::PestDerive => self.run(&Compiled, input, Url::parse_with),
            _ => self.run(&Generated, input, Url::parse_with),
        }
    }

    /// Whether `input` parses with these options: `self.parse(input).is_ok()`, for less work
    /// when nobody listens for validation errors or trees (then no URL is kept, and the path,
    /// query and fragment, which never make a parse fail, are not written). With a listener, or
    /// a grammar loaded at run time (whose trees the builder checks everywhere), it is a whole
    /// parse.
    ///
    /// ```
    /// use pegurl::Url;
    /// let base = Url::parse("https://example.org/a/b")?;
    /// assert!(Url::options().base_url(Some(&base)).can_parse("../c d"));
    /// assert!(!Url::options().can_parse("../c d"));
    /// assert!(!Url::options().base_url(Some(&base)).can_parse("http://a:99999/"));
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn can_parse(self, input: &str) -> bool {
        if self.wants_whole_parse() {
            return self.parse(input).is_ok();
        }
        match self.engine {
            #[cfg(feature = "reference")]
            Engine::PestDerive => self.run(&Compiled, input, builder::check),
            _ => self.run(&Generated, input, builder::check),
        }
        .is_ok()
    }

    /// The [hostname getter](https://url.spec.whatwg.org/#dom-url-hostname)'s value of
    /// `self.parse(input)`, or its failure, for less work when nobody listens for validation
    /// errors or trees (as [`ParseOptions::can_parse`]: no URL is kept, and the path, query and
    /// fragment are not written). The host is borrowed from `input` when `input` holds it as the
    /// URL serializes it (most URLs); "" when the URL has no host. With a listener, or a
    /// grammar loaded at run time, it is a whole parse.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use pegurl::Url;
    /// let host = Url::options().hostname("https://example.org/a b?q#f")?;
    /// assert!(matches!(host, Cow::Borrowed("example.org")));
    /// assert_eq!(Url::options().hostname("HTTPS://EXAMPLE.org:8080/")?, "example.org");
    /// assert_eq!(Url::options().hostname("http://[::1]/")?, "[::1]");
    /// assert_eq!(Url::options().hostname("mailto:a@b")?, "");
    /// assert!(Url::options().hostname("https://exa mple.org/").is_err());
    /// # Ok::<(), pegurl::ParseError>(())
    /// ```
    pub fn hostname<'i>(self, input: &'i str) -> Result<Cow<'i, str>, ParseError> {
        if self.wants_whole_parse() {
            return self
                .parse(input)
                .map(|url| Cow::Owned(url.hostname().into()));
        }
        let host = match self.engine {
            #[cfg(feature = "reference")]
            Engine::PestDerive => self.run(&Compiled, input, builder::check_host),
            _ => self.run(&Generated, input, builder::check_host),
        };
        Ok(host?.unwrap_or(Cow::Borrowed("")))
    }

    /// Whether these options need a whole parse for [`ParseOptions::can_parse`] and
    /// [`ParseOptions::hostname`]: someone listens for validation errors or trees (which the
    /// check would miss), or the grammar is loaded at run time (whose trees the builder checks
    /// everywhere).
    fn wants_whole_parse(&self) -> bool {
        let listening =
            self.violation_callback.is_some() || self.errors.is_some() || self.trace.is_some();
        #[cfg(feature = "vm")]
        let listening = listening || self.runtime.is_some();
        listening
    }

    /// Runs `build` (the builder's [`builder::parse`] or [`builder::check`]) on a preprocessed
    /// input with a source of productions and these options: the one place that calls the
    /// builder for a parse.
    #[inline]
    pub(crate) fn run<'i, S: Productions, R>(
        self,
        source: &S,
        input: &'i str,
        build: impl FnOnce(&S, &'i str, builder::Request<'_, '_>) -> R,
    ) -> R {
        let ParseOptions {
            base_url,
            encoding,
            violation_callback,
            errors,
            trace,
            ..
        } = self;
        let base = base_url.map(|b| &b.record);
        // The listener is chosen once, not at each error: the callback itself when it is the
        // only one listening.
        let (mut both, mut push, mut callback_only);
        let mut listener: Option<builder::Listener<'_>> = match (errors, violation_callback) {
            (Some(errors), Some(callback)) => {
                both = move |e: ValidationError| {
                    callback(e.clone());
                    errors.push(e);
                };
                Some(&mut both)
            }
            (Some(errors), None) => {
                push = |e| errors.push(e);
                Some(&mut push)
            }
            (None, Some(callback)) => {
                callback_only = callback;
                Some(&mut callback_only)
            }
            (None, None) => None,
        };
        let sink: builder::Sink<'_> = listener.as_mut();
        let request = builder::Request {
            base,
            errors: sink,
            encoding,
            trace,
        };
        build(source, input, request)
    }
}

impl core::fmt::Debug for ParseOptions<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ParseOptions")
            .field("base_url", &self.base_url)
            .field("encoding", &self.encoding.name())
            .field("violation_callback", &self.violation_callback.is_some())
            .field("validation_errors", &self.errors.is_some())
            .field("trace", &self.trace.is_some())
            .field("engine", &self.engine)
            .finish()
    }
}
