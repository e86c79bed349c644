//! What a node remembers from the store that a request may write (tokens and their accounts)
//! must not outlive a write made on the same node: once a request that may have written is
//! answered, each such cache starts a new generation, so the next read goes to the store. Other
//! nodes' writes reach a node through each cache's own bound (a TTL). Title records are not
//! among them: no request writes a title, and they follow the change feed (`title_index`).
//!
//! Routes marked with [`reader_data_only`] are the exception: their writes change only the
//! caller's own reading data, which no cache holds. Marking is opt-in, so a new area's writes
//! start a generation until shown not to need one.

use std::sync::Arc;

use axum::http::Method;
use axum::response::Response;
use utoipa_axum::router::OpenApiRouter;

use super::ttl_cache::Forget;

/// The caches a write on this node may make stale.
pub type StaleAfterWrites = Arc<[Arc<dyn Forget>]>;

/// Starts a new generation of each cache once a request that may have written has been
/// answered (`response`): its write is committed by then, so a read after it goes to the store.
pub fn after_answer(caches: &StaleAfterWrites, method: &Method, response: &Response) {
    if !method.is_safe() && response.extensions().get::<ReaderDataOnly>().is_none() {
        for cache in caches.iter() {
            cache.forget_all();
        }
    }
}

/// On the answer of a route whose writes change only the caller's own reading data.
#[derive(Clone, Copy)]
struct ReaderDataOnly;

/// Marks routes whose writes change only the caller's own reading data (bookmarks, highlights,
/// lists, reading events): no token, no account or anything one is derived from, no title.
/// Most of a reader's writes are these; when each of them emptied the token cache, it was
/// almost never hit under a mixed load.
pub fn reader_data_only<S>(routes: OpenApiRouter<S>) -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
{
    routes.route_layer(axum::middleware::map_response(
        |mut response: Response| async move {
            response.extensions_mut().insert(ReaderDataOnly);
            response
        },
    ))
}

#[cfg(test)]
mod tests {
    use axum::Router;
    use axum::body::Body;
    use axum::extract::Request;
    use axum::http::Method;
    use axum::routing::{get, post};
    use tower::{Layer, ServiceExt};

    use super::*;
    use crate::conventions::edge::EdgeLayer;
    use crate::conventions::token_cache::TokenCache;

    fn app(tokens: &Arc<TokenCache>) -> Router {
        let (marked, _) =
            reader_data_only(OpenApiRouter::new().route("/v2/myBookmarks", post(|| async {})))
                .split_for_parts();
        let caches: StaleAfterWrites = Arc::new([tokens.clone() as Arc<dyn Forget>]);
        let routes = Router::new()
            .route("/v2/myAccount", get(|| async {}).put(|| async {}))
            .merge(marked);
        Router::new().fallback_service(EdgeLayer::new(caches, false).layer(routes))
    }

    /// The generation after one request.
    async fn after(method: Method, path: &str) -> u64 {
        let tokens = Arc::new(crate::conventions::token_cache::new_token_cache());
        let request = Request::builder().method(method).uri(path);
        app(&tokens)
            .oneshot(request.body(Body::empty()).unwrap())
            .await
            .unwrap();
        tokens.generation()
    }

    #[tokio::test]
    async fn only_writes_beyond_a_readers_own_data_start_a_generation() {
        assert_eq!(after(Method::GET, "/v2/myAccount").await, 0);
        assert_eq!(after(Method::PUT, "/v2/myAccount").await, 1);
        assert_eq!(after(Method::POST, "/v2/myBookmarks").await, 0);
        // A write no route answers may still be a write to whoever answers it later.
        assert_eq!(after(Method::POST, "/v2/elsewhere").await, 1);
    }
}
