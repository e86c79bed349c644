use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;

use crate::settings::LogFormat;

/// Structured logs to stderr; `RUST_LOG` narrows or widens them (default `info`).
pub fn init_logging(format: LogFormat) {
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        // Colour codes only for a person at a terminal, never into a file or a collector.
        .with_ansi(std::io::stderr().is_terminal());
    match format {
        LogFormat::Json => builder.json().flatten_event(true).init(),
        LogFormat::Text => builder.init(),
    }
}

/// Records metrics for Prometheus and returns how to render them for `/metrics`.
pub fn install_metrics() -> anyhow::Result<lectern_http::MetricsRender> {
    let handle = metrics_exporter_prometheus::PrometheusBuilder::new().install_recorder()?;
    Ok(std::sync::Arc::new(move || handle.render()))
}
