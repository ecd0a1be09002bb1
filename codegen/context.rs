//! Where the generated code runs ([`Context`]) and which rules make tokens ([`Tokens`]): what
//! decides, when the parser is written, whether a rule pushes a token and whether going back
//! from a sequence touches the tokens at all.

use pest_meta::ast::RuleType;

/// Which rules make tokens in the parser written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tokens {
    /// Those pest_derive's parser of the grammar makes: the same tree, token for token.
    AsPest,
    /// Only the outermost `@` rules, the leaves a builder reads whole: the rules that hold them
    /// and `EOI` make none, so a builder that reads leaves only is not handed tokens it skips.
    /// The leaves are those of pest_derive's tree, in the same order.
    Leaves,
}

/// Where a rule runs, which decides whether it makes a token; known when the parser is written,
/// so each rule gets a function for each place it is called from and the parser never asks at
/// run time. pest_derive pushes a token for a rule unless inside a look-ahead or inside an `@`
/// rule; a `$` or `!` rule makes tokens again inside an `@` rule (not inside a look-ahead).
///
/// For a parser that explains, the context also says whether pest's atomicity there is an `@`
/// rule's, where pest records no attempt: `Atomic` and `AtomicLookahead` are, `Tokens` and
/// `Lookahead` are not. `@` makes it so, `$` and `!` undo it, in a look-ahead too; with
/// [`Tokens::Leaves`] a `$` or `!` rule inside an `@` rule runs in `Lookahead` (no tokens, not
/// atomic). A parser that does not explain never has `AtomicLookahead`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Context {
    /// Rules make tokens.
    Tokens,
    /// Inside an `@` rule: only `$` and `!` rules make tokens (and their inner rules).
    Atomic,
    /// Inside a look-ahead: no rule makes tokens.
    Lookahead,
    /// Inside a look-ahead inside an `@` rule, in a parser that explains: no rule makes tokens
    /// and none is recorded.
    AtomicLookahead,
    /// An outline run (`run_outline`): rules make tokens as in `Tokens`, but an outlined rule
    /// (see `Generator::outlined`) makes its own token and runs its body as a look-ahead's,
    /// making none inside it.
    Outline,
}

impl Context {
    /// Whether a rule of type `ty` makes a token here, and the context of its body; `explains`
    /// when the parser explains, so that the body's context says its atomicity too.
    pub(crate) fn enter(self, ty: RuleType, tokens: Tokens, explains: bool) -> (bool, Context) {
        // An outline is `Tokens` that stays an outline where `Tokens` would go on.
        let outline = self == Context::Outline;
        let this = if outline { Context::Tokens } else { self };
        let (token, inner) = match (this, ty, tokens) {
            (Context::Tokens, RuleType::Atomic, _) => (true, Context::Atomic),
            (context, _, Tokens::Leaves) => (false, context),
            (Context::Lookahead | Context::AtomicLookahead, _, _) => (false, self),
            (context, RuleType::Silent, _) => (false, context),
            (Context::Tokens, RuleType::Normal, _) => (true, Context::Tokens),
            (Context::Atomic, RuleType::Atomic | RuleType::Normal, _) => (false, Context::Atomic),
            (_, RuleType::CompoundAtomic | RuleType::NonAtomic, _) => (true, Context::Tokens),
            // Never reached (`this` is not an outline); for the match to be whole.
            (Context::Outline, _, _) => (true, Context::Tokens),
        };
        let inner = match inner {
            Context::Tokens if outline => Context::Outline,
            other => other,
        };
        if !explains {
            return (token, inner);
        }
        let atomic = match ty {
            RuleType::Atomic => true,
            RuleType::CompoundAtomic | RuleType::NonAtomic => false,
            RuleType::Normal | RuleType::Silent => self.atomic(),
        };
        let inner = match (inner, atomic) {
            (Context::Lookahead | Context::AtomicLookahead, true) => Context::AtomicLookahead,
            (Context::Lookahead | Context::AtomicLookahead | Context::Atomic, false) => {
                Context::Lookahead
            }
            (context, _) => context,
        };
        (token, inner)
    }

    /// The context of a look-ahead's body.
    pub(crate) fn lookahead(self, explains: bool) -> Context {
        if explains && self.atomic() {
            Context::AtomicLookahead
        } else {
            Context::Lookahead
        }
    }

    /// Whether pest's atomicity here is an `@` rule's (only meant for a parser that explains).
    pub(crate) fn atomic(self) -> bool {
        matches!(self, Context::Atomic | Context::AtomicLookahead)
    }

    /// Whether pest records a rule of type `ty` that ends here: not a silent rule, and not where
    /// the atomicity is an `@` rule's, which for a `$` or `!` rule is its own.
    pub(crate) fn records(self, ty: RuleType) -> bool {
        match ty {
            RuleType::Silent => false,
            RuleType::CompoundAtomic | RuleType::NonAtomic => true,
            RuleType::Normal | RuleType::Atomic => !self.atomic(),
        }
    }

    /// Whether no rule makes a token here, nor in anything it calls: inside a look-ahead, or
    /// inside an `@` rule of a parser that makes tokens for `@` rules only. Going back from a
    /// sequence here is going back to a position. (Telling it for each sequence from the rules
    /// it calls, also in `Tokens`, made more sequences go back by position alone and the RFC
    /// 3986 parser 6% more instructions: not kept.)
    pub(crate) fn makes_no_tokens(self, tokens: Tokens) -> bool {
        match self {
            Context::Lookahead | Context::AtomicLookahead => true,
            Context::Atomic => tokens == Tokens::Leaves,
            Context::Tokens | Context::Outline => false,
        }
    }

    /// The suffix of the function of a rule in this context.
    pub(crate) fn suffix(self) -> &'static str {
        match self {
            Context::Tokens => "",
            Context::Atomic => "_in_atomic",
            Context::Lookahead => "_in_lookahead",
            Context::AtomicLookahead => "_in_atomic_lookahead",
            Context::Outline => "_outline",
        }
    }
}
