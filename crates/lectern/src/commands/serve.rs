use anyhow::Context;
use lectern_http::{AppState, app, spawn_housekeeping};
use lectern_store::Store;
use tokio::net::TcpListener;

use super::open_store;
use crate::settings::Settings;
use crate::telemetry;

/// Serves until interrupted. `on_ready` runs once the address is bound (the demo prints there).
pub async fn run(settings: &Settings, on_ready: Option<Box<dyn FnOnce(&str) + Send>>) -> anyhow::Result<()> {
    let store = open_store(settings).await?;
    serve_store(settings, store, on_ready).await
}

pub async fn serve_store(settings: &Settings, store: Store, on_ready: Option<Box<dyn FnOnce(&str) + Send>>) -> anyhow::Result<()> {
    let listener = TcpListener::bind(settings.listen).await.with_context(|| format!("listening on {}", settings.listen))?;
    let bound = listener.local_addr()?;
    let http = settings.http(bound);
    let base = http.public_url.as_str().trim_end_matches('/').to_owned();
    let state = AppState::new(store.clone(), http);
    let metrics = telemetry::install_metrics()?;
    let housekeeping = spawn_housekeeping(state.clone());
    tracing::info!(address = %bound, public_url = %base, backend = ?store.backend(), "lectern is serving");
    if let Some(ready) = on_ready {
        ready(&base);
    }
    axum::serve(listener, app(state, Some(metrics)))
        .with_graceful_shutdown(shutdown_signal())
        .await
        .context("serving")?;
    housekeeping.abort();
    store.close().await;
    tracing::info!("lectern stopped");
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}
