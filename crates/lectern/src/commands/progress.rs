//! The progress bar of every long-running command (generate, import, reindex, directory
//! imports): one look, drawn only when stderr is a terminal, so logs and tests see nothing.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressState, ProgressStyle};

/// A bar over `total` things called `unit` ("titles", "files", "organizations").
pub fn bar(total: u64, unit: &'static str) -> ProgressBar {
    if total <= 1 {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    let template = format!(
        "{{bar:40}} {{human_pos}}/{{human_len}} {unit}  {{rate}}  {{elapsed_precise}} elapsed, ETA {{eta}}"
    );
    let style = ProgressStyle::with_template(&template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        // indicatif's own {per_sec} prints four decimals.
        .with_key(
            "rate",
            move |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.0} {unit}/s", state.per_sec());
            },
        );
    bar.set_style(style);
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}
