//! Problems `pegurl check` reports that are not the URL Standard's validation errors: the HTML
//! Standard's rules for URL-valued attributes (`html-…`), and the input itself (`input-…`,
//! `url-…`). Their codes are prefixed so that no tool mistakes them for the spec's.

use std::ops::Range;

macro_rules! other_codes {
    ($($variant:ident => $code:literal, $fatal:literal, $description:literal, $help:literal, $uri:literal;)*) => {
        /// A problem that is not a URL Standard validation error.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum OtherCode {
            $(
                #[doc = concat!("`", $code, "`: ", $description)]
                $variant,
            )*
        }

        impl OtherCode {
            /// Every code, in the order of this table.
            pub const ALL: &'static [OtherCode] = &[$(OtherCode::$variant,)*];

            /// The stable code.
            pub fn code(self) -> &'static str {
                match self { $(OtherCode::$variant => $code,)* }
            }

            /// Whether the URL cannot be used at all.
            pub fn fatal(self) -> bool {
                match self { $(OtherCode::$variant => $fatal,)* }
            }

            /// One line saying what is wrong.
            pub fn description(self) -> &'static str {
                match self { $(OtherCode::$variant => $description,)* }
            }

            /// How to put it right.
            pub fn help(self) -> &'static str {
                match self { $(OtherCode::$variant => $help,)* }
            }

            /// Where the rule is defined.
            pub fn spec_url(self) -> &'static str {
                match self { $(OtherCode::$variant => $uri,)* }
            }
        }
    };
}

other_codes! {
    HtmlEmptyUrl => "html-empty-url", true,
        "The attribute must hold a valid non-empty URL potentially surrounded by spaces, and it is empty.",
        "Give the attribute a URL, or remove the attribute.",
        "https://html.spec.whatwg.org/multipage/urls-and-fetching.html#valid-non-empty-url-potentially-surrounded-by-spaces";
    HtmlSrcsetEmptyCandidate => "html-srcset-empty-candidate", false,
        "An image candidate string in srcset or imagesrcset has no URL (two commas in a row, or a leading or trailing comma).",
        "Remove the extra comma.",
        "https://html.spec.whatwg.org/multipage/images.html#image-candidate-string";
    HtmlNotAbsolute => "html-url-not-absolute", false,
        "The attribute's tokens must be absolute URLs (itemtype), and this one has no scheme.",
        "Write the whole URL, with its scheme.",
        "https://html.spec.whatwg.org/multipage/microdata.html#attr-itemtype";
    HtmlBaseInvalid => "html-base-href-invalid", false,
        "The <base href> does not parse against the document's URL, so the document's URL stays the base.",
        "Write an absolute URL in <base href>, or give the document's URL with --base.",
        "https://html.spec.whatwg.org/multipage/semantics.html#frozen-base-url";
    InputInvalidUtf8 => "input-invalid-UTF-8", false,
        "This line is not valid UTF-8; its bad bytes were read as U+FFFD.",
        "Save the file as UTF-8, or give a document's encoding with --encoding.",
        "https://encoding.spec.whatwg.org/#utf-8-decode";
    InputInvalidBase => "input-invalid-base", true,
        "The base given for this input is not a URL, so the input cannot be resolved.",
        "Give an absolute URL as the base.",
        "https://url.spec.whatwg.org/#concept-basic-url-parser";
    UrlFailure => "url-parse-failure", true,
        "The URL parser returns failure here for a reason the URL Standard gives no validation error name.",
        "See the message for the reason.",
        "https://url.spec.whatwg.org/#concept-basic-url-parser";
}

/// A problem an input kind found, with its byte span in the URL's input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// What.
    pub code: OtherCode,
    /// Where, in the URL's input.
    pub span: Range<usize>,
}
