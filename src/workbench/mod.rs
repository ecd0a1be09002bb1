//! The grammar workbench, for people who change the grammar and want to see what follows: the
//! [`Production`]s of `grammar/url.pest`, the trees a parse matched ([`Tree`], from
//! [`ParseOptions::trace`](crate::ParseOptions::trace)), the two compiled parsers of the grammar
//! ([`Engine`]), grammars loaded at run time (`RuntimeGrammar`, feature `vm`), and the WPT data
//! the workbench's reports are measured on ([`wpt`]). Parsing URLs needs none of it.

pub mod wpt;

pub use crate::grammar::{Engine, Production, Tree, MAX_TREE_DEPTH};
#[cfg(feature = "vm")]
#[cfg_attr(docsrs, doc(cfg(feature = "vm")))]
pub use crate::grammar_size::check as check_grammar_bounds;
#[cfg(feature = "vm")]
#[cfg_attr(docsrs, doc(cfg(feature = "vm")))]
pub use crate::runtime::{RuntimeGrammar, BUILTIN_GRAMMAR};
#[cfg(feature = "vm")]
#[cfg_attr(docsrs, doc(cfg(feature = "vm")))]
pub use crate::runtime_valid::{RuntimeWritingGrammar, BUILTIN_WRITING_GRAMMAR};

#[cfg(feature = "vm")]
#[cfg_attr(docsrs, doc(cfg(feature = "vm")))]
pub mod consistency;
#[cfg(feature = "vm")]
#[cfg_attr(docsrs, doc(cfg(feature = "vm")))]
pub mod generate;
