//! Progress reporting for long imports: a bar on a terminal, nothing otherwise.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Told how far an import has got. Shared across an async import, hence `Sync`.
pub trait Progress: Send + Sync {
    /// A new phase of `total` steps begins.
    fn start(&self, phase: &str, total: u64);
    fn advance(&self, steps: u64);
    fn finish(&self);
}

/// Reports nothing (tests, non-interactive callers).
#[derive(Debug, Default, Clone, Copy)]
pub struct NoProgress;

impl Progress for NoProgress {
    fn start(&self, _phase: &str, _total: u64) {}
    fn advance(&self, _steps: u64) {}
    fn finish(&self) {}
}

/// An indicatif bar on stderr, drawn only when stderr is a terminal so that logs and CI
/// output stay clean.
#[derive(Debug)]
pub struct TerminalProgress {
    bar: ProgressBar,
}

impl TerminalProgress {
    pub fn new() -> Self {
        let target = if std::io::stderr().is_terminal() {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        let bar = ProgressBar::with_draw_target(None, target);
        if let Ok(style) =
            ProgressStyle::with_template("{msg:>12} [{bar:40}] {pos}/{len} ({eta} left)")
        {
            bar.set_style(style.progress_chars("=> "));
        }
        Self { bar }
    }

    /// Whether anything will be drawn.
    pub fn is_visible(&self) -> bool {
        !self.bar.is_hidden()
    }
}

impl Default for TerminalProgress {
    fn default() -> Self {
        Self::new()
    }
}

impl Progress for TerminalProgress {
    fn start(&self, phase: &str, total: u64) {
        self.bar.reset();
        self.bar.set_length(total);
        self.bar.set_message(phase.to_owned());
    }

    fn advance(&self, steps: u64) {
        self.bar.inc(steps);
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
