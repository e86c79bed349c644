# The administrators' pages: client keys, sites, popular lists, categories and BISAC codes.

## Client keys
staff-client-named = { $name } (site { $site })
staff-client-trusted = trusted
staff-client-privileged = privileged
staff-client-with-secret = with a secret
staff-client-disabled = disabled
staff-client-sites-own = the site's own
staff-client-rate = { $count ->
    [one] { $count } request a minute
   *[other] { $count } requests a minute
}
staff-client-made = The client key { $key } was made.
staff-client-secret-once = Its secret, shown only now: copy it and keep it safe.
staff-client-make-heading = Make a client key
staff-client-name-hint = The application, as staff know it.
staff-client-key-optional = Key (optional)
staff-client-key-hint = At least 8 characters, no spaces; leave it empty for a random one.
staff-client-site = Site
staff-client-redirects-optional = Redirect URIs (optional)
staff-client-redirects-hint = One a line: where the sign-in form may send the reader back to.
staff-client-redirects = Redirect URIs
staff-client-flag-trusted = Trusted: may sign readers in with their password
staff-client-flag-privileged = Privileged: may manage memberships (the library's own applications)
staff-client-flag-disabled = Disabled: every request with it is refused
staff-client-with-secret-box = With a secret (a confidential application on a server)
staff-client-rate-optional = Requests a minute (optional)
staff-client-rate-label = Requests a minute
staff-client-rate-hint = Leave it empty for the server's share of each key.
staff-client-rate-wrong = Enter a number of requests a minute, or leave it empty for the server's.
staff-client-make = Make the key
staff-client-name-missing = Enter the key's name
staff-client-title = Client key { $key }
staff-client-done-changed = The key was changed.
staff-client-new-secret-once = A new secret, shown only now: copy it and keep it safe. The old one no longer works.
staff-client-first-party = This is the site's own key, public and made with the site; it changes with the site only.
staff-client-change = Change the key
staff-client-secret = Secret
staff-client-secret-replaces = A new secret replaces the one the application has: give it the new one at once.
staff-client-make-secret = Make a new secret

## Sites
staff-site-made = The site { $id } was made, with its catalog's and web pages' own keys.
staff-site-is-global = global
staff-site-make-heading = Make a site
staff-site-id-hint = Letters, digits, - and _; it is in the site's addresses and cannot change.
staff-site-name-hint = The library's name, as readers see it.
staff-site-language = Language of its pages
staff-site-language-hint = What the pages are shown in when neither the reader nor their browser names a language they are written in.
staff-site-global = Global: its titles are the collection other sites may include
staff-site-make = Make the site
staff-site-title = Site { $id }
staff-site-saved = The site was saved.
staff-site-change = Change the site
staff-site-save = Save the site

## Popular lists
staff-list-made = The popular list { $id } was made. Open it to add its titles.
staff-lists-none = This site has no popular lists yet.
staff-list-make-heading = Make a popular list
staff-list-id-hint = Such as staff-picks; readers' apps ask for the list by it.
staff-list-description-hint = What the list is, as readers see it.
staff-list-make = Make the list
staff-list-title = Popular list { $id }
staff-list-titles = Its titles, in order
staff-list-no-titles = No titles yet.
staff-list-up = Move up
staff-list-down = Move down
staff-list-off = Take off
staff-list-add-by-id = Add a title by its identifier
staff-list-add-by-id-hint = The identifier in the title's address, such as demo-walden; it goes at the end.
staff-list-add = Add the title
staff-list-description = Its description
staff-list-save-description = Save the description
staff-list-done-described = The description was saved.
staff-list-done-added = The title was added at the end of the list.
staff-list-done-moved = The title was moved.
staff-list-done-off = The title was taken off the list.

## Categories and BISAC codes
staff-category-saved = The category was saved.
staff-categories-none = There are no categories yet.
staff-category-no-description = No description
staff-category-form = Add a category, or describe one
staff-category-name-hint = A name that is there already keeps its titles and takes the new description.
staff-category-description = Description (optional)
staff-category-save = Save the category
staff-bisac = BISAC codes
staff-bisac-saved = The BISAC code was saved.
staff-bisac-starts-with = Starts with
staff-bisac-find-by = Find by
staff-bisac-by-code = The start of the code
staff-bisac-by-description = The start of the description
staff-bisac-find = Find codes
staff-bisac-found = { $count ->
    [one] { $count } BISAC code found.
   *[other] { $count } BISAC codes found.
}
staff-bisac-more = More BISAC codes
staff-bisac-form = Add a BISAC code, or describe one
staff-bisac-code = Code
staff-bisac-code-hint = Three letters and six digits, such as FIC000000.
staff-bisac-description-hint = As BISAC words it, such as FICTION / General.
staff-bisac-save = Save the code
