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

/// How often recorded histogram samples are folded into their summaries.
const METRICS_UPKEEP: std::time::Duration = std::time::Duration::from_secs(5);

/// Records metrics for Prometheus and returns how to render them for `/metrics`, with the task
/// that keeps the recorder's memory bounded. A recorder installed this way keeps every histogram
/// sample until upkeep drains it; without the task a node that nobody scrapes grew by tens of
/// megabytes in a ten-minute load run (`docs/benchmarks.md`, "Mixed load").
pub fn install_metrics()
-> anyhow::Result<(lectern_http::MetricsRender, tokio::task::JoinHandle<()>)> {
    let handle = metrics_exporter_prometheus::PrometheusBuilder::new().install_recorder()?;
    let upkeep = {
        let handle = handle.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(METRICS_UPKEEP);
            loop {
                tick.tick().await;
                handle.run_upkeep();
            }
        })
    };
    Ok((std::sync::Arc::new(move || handle.render()), upkeep))
}
