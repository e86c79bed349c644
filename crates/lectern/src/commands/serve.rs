use std::net::SocketAddr;

use anyhow::Context;
use lectern_http::conventions::rate_limit::RateLimits;
use lectern_http::{AppState, app, spawn_housekeeping};
use lectern_store::Store;
use tokio::net::TcpListener;

use super::open_store;

/// Called once with the public base URL when the server is listening.
pub type OnReady = Box<dyn FnOnce(&str) + Send>;
use crate::settings::Settings;
use crate::telemetry;

/// Serves until interrupted. `on_ready` runs once the address is bound (the demo prints there).
pub async fn run(settings: &Settings, on_ready: Option<OnReady>) -> anyhow::Result<()> {
    let store = open_store(settings).await?;
    serve_store(settings, store, on_ready).await
}

pub async fn serve_store(
    settings: &Settings,
    store: Store,
    on_ready: Option<OnReady>,
) -> anyhow::Result<()> {
    let listener = TcpListener::bind(settings.listen)
        .await
        .with_context(|| format!("listening on {}", settings.listen))?;
    let bound = listener.local_addr()?;
    let http = settings.http(bound);
    for (kind, why) in http.converters.unavailable_types() {
        tracing::warn!(mime_type = %kind, reason = %why, "documents of this type will be refused");
    }
    let base = http.public_url.as_str().trim_end_matches('/').to_owned();
    let limits = match &settings.redis_url {
        None => RateLimits::local(http.quotas()),
        Some(url) => RateLimits::shared(url, "lectern", http.quotas())
            .await
            .with_context(|| format!("connecting to Redis at {url} for shared rate limits"))?,
    };
    let index = super::reindex::open_index(settings)?;
    let files = super::open_files(settings)?;
    let state =
        AppState::with_limits(store.clone(), http, limits, files.clone()).with_title_index(index);
    super::reindex::prepare(&state, &store, false).await?;
    let follower = state.titles.follow(store.clone());
    let worker = settings
        .worker
        .then(|| lectern_jobs::worker::spawn(store.clone(), files, &base));
    let (metrics, metrics_upkeep) = telemetry::install_metrics()?;
    let housekeeping = spawn_housekeeping(state.clone());
    let shutdown = shutdown_signal().context("installing signal handlers")?;
    tracing::info!(address = %bound, public_url = %base, backend = ?store.backend(), "lectern is serving");
    if let Some(ready) = on_ready {
        ready(&base);
    }
    axum::serve(
        listener,
        axum::ServiceExt::<axum::extract::Request>::into_make_service_with_connect_info::<SocketAddr>(
            app(state, Some(metrics)),
        ),
    )
    .with_graceful_shutdown(shutdown)
    .await
    .context("serving")?;
    housekeeping.abort();
    metrics_upkeep.abort();
    follower.abort();
    if let Some(worker) = worker {
        worker.stop().await;
    }
    store.close().await;
    tracing::info!("lectern stopped");
    Ok(())
}

/// Resolves on SIGTERM or Ctrl-C. The handlers are registered when this is called, not when
/// the future is first polled, so a signal sent as soon as we announce readiness is not lost.
#[cfg(unix)]
fn shutdown_signal() -> anyhow::Result<impl std::future::Future<Output = ()>> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut terminate = signal(SignalKind::terminate())?;
    let mut interrupt = signal(SignalKind::interrupt())?;
    Ok(async move {
        tokio::select! {
            _ = terminate.recv() => {},
            _ = interrupt.recv() => {},
        }
    })
}

#[cfg(not(unix))]
fn shutdown_signal() -> anyhow::Result<impl std::future::Future<Output = ()>> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}
