//! The authorization code flow's steps (RFC 6749 section 4.1, with PKCE): a browser's flow
//! begun for a client, the reader who signed in to it, and their decision, which ends the flow
//! and, when they allow, issues the code the client exchanges at the token service
//! (`crate::tokens`). Each step writes once; the decision ends the flow and issues its code
//! together.

use lectern_domain::Timestamp;
use lectern_domain::account::Account;
use lectern_domain::client::Client;
use lectern_domain::ids::new_id;
use lectern_domain::secret::{new_token, token_hash};
use lectern_store::oauth::{self, Flow, NewToken};
use lectern_store::{StoreError, accounts};

use crate::house::House;

/// How long a browser has to sign in and decide.
pub const FLOW_TTL_SECS: i64 = 15 * 60;
/// How long the client has to exchange a code.
const CODE_TTL_SECS: i64 = 60;

/// What the client asked for, checked by the door that read its request.
pub struct Asked<'a> {
    pub redirect_uri: &'a str,
    pub state: Option<&'a str>,
    pub code_challenge: Option<&'a str>,
}

/// A flow begun: the secret the browser keeps (its cookie) and the flow as kept.
pub struct Begun {
    pub browser_secret: String,
    pub flow: Flow,
}

/// Begins a browser's flow for `client`.
pub async fn begin(house: &House, client: &Client, asked: Asked<'_>) -> Result<Begun, StoreError> {
    let browser_secret = new_token();
    let flow = Flow {
        csrf_token: new_token(),
        api_key: client.api_key.clone(),
        redirect_uri: asked.redirect_uri.to_owned(),
        state: asked.state.map(str::to_owned),
        code_challenge: asked.code_challenge.map(str::to_owned),
        user_account_id: None,
        expires_at: Timestamp::now().plus_seconds(FLOW_TTL_SECS).unix(),
    };
    let mut writer = house.store.writer().await?;
    oauth::insert_flow(&mut writer, &token_hash(&browser_secret), &flow).await?;
    Ok(Begun {
        browser_secret,
        flow,
    })
}

/// The browser's flow while it lasts, found by the hash of the secret the browser keeps.
pub async fn flow(house: &House, flow_hash: &str) -> Result<Option<Flow>, StoreError> {
    oauth::flow(house.store.reads(), flow_hash, Timestamp::now()).await
}

/// The account that signed in to the flow (`flow.user_account_id`), while it may still sign
/// in: a lock since the sign-in ends the flow for it.
pub async fn flow_reader(
    house: &House,
    user_account_id: &str,
) -> Result<Option<Account>, StoreError> {
    Ok(accounts::get(house.store.reads(), user_account_id)
        .await?
        .filter(|a| !a.locked))
}

/// The reader whose credential the door checked signed in to the flow.
pub async fn signed_in(
    house: &House,
    flow_hash: &str,
    account: &Account,
) -> Result<(), StoreError> {
    let mut writer = house.store.writer().await?;
    oauth::set_flow_user(&mut writer, flow_hash, &account.user_account_id).await
}

/// How a flow ended.
pub enum Decided {
    /// Allowed: the code for the client.
    Allowed {
        code: String,
    },
    Denied,
    /// The flow had ended already (decided in another tab, or expired).
    Over,
}

/// The reader's decision on the flow, which ends it; allowed, the code is issued with the end.
pub async fn decide(
    house: &House,
    (flow_hash, flow): (&str, &Flow),
    account: &Account,
    allowed: bool,
) -> Result<Decided, StoreError> {
    let mut tx = house.store.begin().await?;
    if !oauth::delete_flow(&mut tx, flow_hash).await? {
        return Ok(Decided::Over);
    }
    if !allowed {
        tx.commit().await?;
        return Ok(Decided::Denied);
    }
    let code = new_token();
    let code_hash = token_hash(&code);
    let grant_id = new_id();
    let row = NewToken {
        hash: &code_hash,
        grant_id: &grant_id,
        user_account_id: &account.user_account_id,
        api_key: &flow.api_key,
        expires_at: Timestamp::now().plus_seconds(CODE_TTL_SECS),
    };
    oauth::insert_code(
        &mut tx,
        &row,
        &flow.redirect_uri,
        flow.code_challenge.as_deref(),
    )
    .await?;
    tx.commit().await?;
    Ok(Decided::Allowed { code })
}
