# Signing in and out, and the pages of an error.
sign-in-title = Sign in
sign-in-intro = Sign in with your { $site } account to download titles and keep your reading lists.
sign-in-apps-heading = Signing in from a reading app
sign-in-apps-catalog = Reading apps that read library catalogs (OPDS), such as Thorium Reader, KOReader and Librera, add this library by its catalog’s address:
sign-in-apps-help = When the app asks, sign in with the same user name or email address and password as on this page. If the app says the password is not right, sign in here first to check it; after several wrong tries, the library asks you to wait a little before the next. If your account is locked, or you have forgotten your password, ask your library.
sign-in-username = User name or email address
sign-in-password = Password
sign-in-button = Sign in
sign-in-enter-username = Enter your user name or email address
sign-in-enter-password = Enter your password
sign-in-not-right = The user name or password is not right. Check them and try again.
sign-in-too-many = There have been too many attempts to sign in to this account. Wait a minute, then try again.
sign-in-locked = This account is locked. Contact your library to unlock it.

signed-out-title = Signed out
signed-out-heading = You have signed out
signed-out-status = You are no longer signed in on this browser.
signed-out-sign-in-again = Sign in again

error-not-found = Page not found
error-forbidden = You cannot do this
error-too-many = Too many requests
error-changed = This has changed
error-went-wrong = Something went wrong
error-go-home = Go to the home page
error-go-library-home = Go to the library’s home page

# The token server's pages: an app asks to use a reader's account.
oauth-sign-in-to = Sign in to { $client }
oauth-wants = { $client } wants to use your library account. Sign in to continue.
consent-title = Allow { $client } to use your account?
consent-signed-in-as = You are signed in as { $name }.
consent-if-you-allow = If you allow it, { $client } will be able to:
consent-account = see your account details, such as your name and membership status;
consent-search = search the library’s collection and download titles for you;
consent-keep = keep your reading lists, bookmarks and reading position.
consent-withdraw = You can withdraw this permission at any time by signing out of the app.
consent-allow = Allow
consent-deny = Deny

# The token server's error pages, said in the browser's language.
oauth-error-start = We could not start signing in
oauth-error-no-client = The app did not say who it is (client_id is missing).
oauth-error-unknown-client = The app is not registered with this library.
oauth-error-redirect = The app asked to return to an address it has not registered, so we stopped here to keep your account safe.
oauth-error-form-expired = This form has expired
oauth-error-form-foreign = The form you sent did not come from this sign-in page, so we ignored it.
oauth-error-continue = We could not continue signing in
oauth-error-client-gone = The app is no longer registered with this library.
oauth-error-sign-in-first = Sign in first
oauth-error-sign-in-before = Sign in before you choose whether to allow the app.
oauth-error-account-gone = This account can no longer sign in. Contact your library.
oauth-error-expired = Your sign-in has expired
oauth-error-expired-why = This sign-in is over or took too long. Start again from the app.
oauth-error-our-side = Something went wrong on our side. Please try again in a few minutes.
oauth-error-go-back = Go back to the app you came from and try again. If this keeps happening, contact your library and tell them what this page says.
