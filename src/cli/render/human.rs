//! rustc-style diagnostics: the input, a caret under each span, the code, message, help and
//! spec link; colour only on a terminal.

use std::io::{self, Write};

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

use super::{message, Render};
use crate::cli::check::Checked;

/// The human renderer.
pub struct Human {
    renderer: Renderer,
}

impl Human {
    /// A renderer, styled when `colour`.
    pub fn new(colour: bool) -> Human {
        let renderer = if colour {
            Renderer::styled()
        } else {
            Renderer::plain()
        };
        Human { renderer }
    }
}

impl Render for Human {
    fn begin(&mut self, _: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn report(&mut self, out: &mut dyn Write, checked: &Checked<'_>) -> io::Result<()> {
        let line = checked.file.map_or(1, |(_, line)| line);
        let path = checked.file.map_or(checked.origin, |(path, _)| path);
        for error in checked.errors {
            let level = if error.fatal {
                Level::ERROR
            } else {
                Level::WARNING
            };
            let report = [
                level
                    .primary_title(message(error))
                    .id(error.code.code())
                    .element(
                        Snippet::source(checked.input)
                            .line_start(line)
                            .path(path)
                            .annotation(AnnotationKind::Primary.span(error.span.clone())),
                    ),
                Group::with_title(Level::HELP.secondary_title(error.code.help())),
                Group::with_title(
                    Level::NOTE.secondary_title(format!("see {}", error.code.spec_url())),
                ),
            ];
            writeln!(out, "{}\n", self.renderer.render(&report))?;
        }
        if let Err(failure) = checked.url {
            if failure.code().is_none() || !checked.errors.iter().any(|e| e.fatal) {
                let report = [Level::ERROR.primary_title(format!("{failure}")).element(
                    Snippet::source(checked.input)
                        .line_start(line)
                        .path(path)
                        .annotation(AnnotationKind::Primary.span(failure.span.clone())),
                )];
                writeln!(out, "{}\n", self.renderer.render(&report))?;
            }
        }
        // The writing grammar and the parser should agree; a gap interests spec editors
        // (whatwg/url#704).
        match (checked.writing, checked.clean()) {
            (Err(invalid), true) => writeln!(
                out,
                "note: {path}:{line}: the parser reports no validation error, but the writing \
                 grammar says this is not a valid URL string: {invalid}\n"
            )?,
            (Ok(()), false) if checked.url.is_ok() => writeln!(
                out,
                "note: {path}:{line}: the writing grammar says this is a valid URL string, but \
                 the parser reports validation errors\n"
            )?,
            _ => {}
        }
        Ok(())
    }

    fn end(&mut self, out: &mut dyn Write, checked: usize, with_errors: usize) -> io::Result<()> {
        let noun = if checked == 1 { "input" } else { "inputs" };
        writeln!(
            out,
            "checked {checked} {noun}: {} valid, {with_errors} with validation errors or failures",
            checked - with_errors
        )
    }
}
