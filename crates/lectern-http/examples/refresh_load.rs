//! Load generator for the refresh grant. Refresh tokens rotate (each use returns a new one, and
//! presenting a spent one revokes the whole grant), so requests cannot be replayed the way wrk
//! replays them: each worker signs in once with the password grant, then, for the duration,
//! redeems the refresh token it was last given and keeps the one that comes back.
//!
//! Usage: `refresh_load BASE_URL WORKERS SECONDS`, for example
//! `refresh_load http://127.0.0.1:18081 16 10`. Sends traffic to BASE_URL only.
//!
//! Prints the tokens issued in the timed window (sign-ins are not counted and happen before it),
//! the errors (any response other than 200, or a 200 without a refresh token), the tokens per
//! second, and a last line `RESULT tokens=N errors=N seconds=S tokens_per_second=X` for scripts.
//! Exits 1 when there was any error.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::Barrier;

const CLIENT_KEY: &str = "demo-reader-app";
const USER: &str = "reader@demo.lectern";
const PASSWORD: &str = "demo-pass-1";
/// Error bodies kept per kind of error, to show what went wrong.
const SAMPLES: usize = 3;

#[derive(Default)]
struct Tally {
    issued: u64,
    /// Keyed by "HTTP 429", "transport", "no refresh_token in the body", ...
    errors: BTreeMap<String, u64>,
    samples: BTreeMap<String, Vec<String>>,
}

impl Tally {
    fn error(&mut self, kind: String, detail: String) {
        *self.errors.entry(kind.clone()).or_default() += 1;
        let kept = self.samples.entry(kind).or_default();
        if kept.len() < SAMPLES {
            kept.push(detail);
        }
    }

    fn merge(&mut self, other: Tally) {
        self.issued += other.issued;
        for (k, n) in other.errors {
            *self.errors.entry(k).or_default() += n;
        }
        for (k, v) in other.samples {
            let kept = self.samples.entry(k).or_default();
            kept.extend(v.into_iter().take(SAMPLES.saturating_sub(kept.len())));
        }
    }

    fn error_count(&self) -> u64 {
        self.errors.values().sum()
    }
}

/// One token request; `Ok(refresh token)` on a 200 carrying one, else `Err((kind, detail))`.
async fn token_request(
    http: &reqwest::Client,
    url: &str,
    form: &[(&str, &str)],
) -> Result<String, (String, String)> {
    let response = http
        .post(url)
        .basic_auth(CLIENT_KEY, Some(""))
        .form(form)
        .send()
        .await
        .map_err(|e| ("transport".to_owned(), e.to_string()))?;
    let status = response.status();
    let body = response
        .text()
        .await
        .map_err(|e| ("transport (reading the body)".to_owned(), e.to_string()))?;
    if status != reqwest::StatusCode::OK {
        return Err((format!("HTTP {}", status.as_u16()), body));
    }
    serde_json::from_str::<serde_json::Value>(&body)
        .ok()
        .and_then(|v| v.get("refresh_token")?.as_str().map(str::to_owned))
        .ok_or_else(|| ("200 without a refresh_token".to_owned(), body))
}

async fn sign_in(http: &reqwest::Client, url: &str) -> Result<String, (String, String)> {
    token_request(
        http,
        url,
        &[
            ("grant_type", "password"),
            ("username", USER),
            ("password", PASSWORD),
        ],
    )
    .await
}

async fn worker(
    http: reqwest::Client,
    url: Arc<str>,
    start: Arc<Barrier>,
    duration: Duration,
) -> Tally {
    let mut tally = Tally::default();
    let mut refresh = match sign_in(&http, &url).await {
        Ok(t) => Some(t),
        Err((kind, detail)) => {
            tally.error(format!("sign-in: {kind}"), detail);
            None
        }
    };
    start.wait().await;
    let deadline = Instant::now() + duration;
    while Instant::now() < deadline {
        let Some(token) = refresh.take() else {
            // The chain broke (an error, or no sign-in): sign in again, outside the count.
            match sign_in(&http, &url).await {
                Ok(t) => refresh = Some(t),
                Err((kind, detail)) => {
                    tally.error(format!("sign-in: {kind}"), detail);
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
            continue;
        };
        let form = [
            ("grant_type", "refresh_token"),
            ("refresh_token", token.as_str()),
        ];
        match token_request(&http, &url, &form).await {
            Ok(next) => {
                tally.issued += 1;
                refresh = Some(next);
            }
            Err((kind, detail)) => tally.error(kind, detail),
        }
    }
    tally
}

fn usage() -> ! {
    eprintln!("usage: refresh_load BASE_URL WORKERS SECONDS");
    std::process::exit(2)
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [base, workers, seconds] = args.as_slice() else {
        usage()
    };
    let (Ok(workers), Ok(seconds)) = (workers.parse::<usize>(), seconds.parse::<f64>()) else {
        usage()
    };
    if workers == 0 || !seconds.is_finite() || seconds <= 0.0 {
        usage()
    }
    let url: Arc<str> = format!("{}/oauth/token", base.trim_end_matches('/')).into();
    let http = match reqwest::Client::builder()
        .pool_max_idle_per_host(workers)
        .timeout(Duration::from_secs(30))
        .build()
    {
        Ok(c) => c,
        Err(e) => {
            eprintln!("refresh_load: cannot build the HTTP client: {e}");
            std::process::exit(2)
        }
    };
    let duration = Duration::from_secs_f64(seconds);
    // Everyone signs in first; the clock starts when the last sign-in is done.
    let start = Arc::new(Barrier::new(workers + 1));
    let tasks: Vec<_> = (0..workers)
        .map(|_| tokio::spawn(worker(http.clone(), url.clone(), start.clone(), duration)))
        .collect();
    start.wait().await;
    let began = Instant::now();
    let mut total = Tally::default();
    for task in tasks {
        match task.await {
            Ok(t) => total.merge(t),
            Err(e) => total.error("worker panicked".to_owned(), e.to_string()),
        }
    }
    let elapsed = began.elapsed().as_secs_f64();
    let errors = total.error_count();
    let rate = total.issued as f64 / elapsed;
    println!("workers:           {workers}");
    println!("seconds:           {elapsed:.2}");
    println!("tokens issued:     {}", total.issued);
    println!("errors:            {errors}");
    for (kind, n) in &total.errors {
        println!("  {kind}: {n}");
        for sample in total.samples.get(kind).into_iter().flatten() {
            let short: String = sample.chars().take(300).collect();
            println!("    e.g. {short}");
        }
    }
    println!("tokens per second: {rate:.1}");
    println!(
        "RESULT tokens={} errors={errors} seconds={elapsed:.3} tokens_per_second={rate:.1}",
        total.issued
    );
    if errors > 0 {
        std::process::exit(1)
    }
}
