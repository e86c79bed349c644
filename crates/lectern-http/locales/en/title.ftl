# A title's page: what it is, how to have it, the reader's reading in it.
title-cover = Cover of { $title }
title-download = Download
title-cannot-download = You cannot download this title now:
title-sign-in-to-download = Sign in to download titles with your library account.
title-choose-format = Choose a format
title-counts-as-download = Opening it counts as one download, once a month.
title-read-online = Read online
title-listen-online = Listen online
title-formats-unavailable = Formats you cannot download
title-unavailable = { $format }: { $why }
title-your-reading = Your reading
title-where-you-are = Where you are
title-your-members = Your members
title-assign = Assign this title to members, and see who may download it
title-reading-lists = Reading lists
title-added-to = Added to { $list }.
title-no-lists = You have no reading lists to add this title to.
title-make-list = Make a reading list
title-add-to = Add this title to
title-add-to-list = Add to list
title-no-accessibility = No format of this title can be downloaded yet, so there is nothing to say about its accessibility.

fact-translated-by = Translated by
fact-edited-by = Edited by
fact-publisher = Publisher
fact-copyright = Copyright
fact-edition = Edition
fact-language = Language
fact-categories = Categories
fact-series = Series
fact-series-number = { $series }, number { $number }
fact-reading-age = Reading age
fact-ages-between = { $from } to { $to } years
fact-ages-from = { $from } years and over
fact-ages-to = up to { $to } years
fact-pages = Pages
fact-isbn = ISBN
fact-content-warnings = Content warnings

warning-contentWarning = content that may upset
warning-sex = sexual content
warning-violence = violence
warning-drugs = drugs
warning-language = strong language
warning-intolerance = intolerance
warning-adult = adult content
warning-unrated = not rated

format-in-a-zip = { $format }, its volumes in a zip
not-ready-file-not-arrived = Its file has not arrived at the library yet.
not-ready-in-production = It is being produced and is not ready yet.
not-ready-withdrawn = It has been withdrawn and is no longer lent.
not-ready-failed = It could not be produced.
made-braille = made from the EPUB for your braille settings when you ask
made-speech = read aloud by a synthetic voice, made when you ask
made-from-epub = made from the EPUB when you ask

online-read-or-recording = Or read it here, in your browser, with nothing to download, or listen to the library’s recording of it, heading by heading and page by page.
online-read-or-narration = Or read it here, in your browser, with nothing to download, or listen to it read by the library’s synthetic voice as you follow the text.
online-read = Or read it here, in your browser, with nothing to download.
online-recording = Or listen to the library’s recording of it here, in your browser, heading by heading and page by page, with nothing to download.

not-made-speech = Lectern cannot read this title aloud: its speech synthesizer, eSpeak NG, has no voice for { $language }.
not-made-braille = Lectern cannot make braille of this title: it has no braille tables for { $language }.

mark-bookmark-deleted = The bookmark has been deleted.
mark-highlight-deleted = The highlight has been deleted.
mark-bookmarks = Bookmarks
mark-highlights = Highlights
mark-delete = Delete
mark-delete-bookmark = the bookmark { $words }
mark-delete-highlight = the highlight { $words }
mark-position = { $format }: { $place } (on { $date })
mark-bookmark = { $format }: { $place }, made { $date }
mark-no-text = (no text kept)
mark-highlight = “{ $text }”
mark-highlight-noted = “{ $text }”, noted: { $note }
mark-through = { $percent }% through
mark-at-position = at position { $position }
mark-at = at { $place }

# Why a reader may not download a title, or should know something first.
alert-title-not-live = This title is not available for download.
alert-sign-in-required = Sign in to download this title: only public-domain and Creative Commons titles may be downloaded without an account.
alert-country-restricted = This title may be read only in some countries; sign in so that we know yours.
alert-not-a-member = Only members download titles for themselves; sponsors download for their members.
alert-adult-content = This title has adult content, which this account does not allow.
alert-country-not-yours = This title may not be read in your country.
alert-agreement-missing = Sign the membership agreement to download titles.
alert-subscription-expired = The subscription has expired; renew it to download titles.
alert-subscription-missing = A subscription is needed to download titles.
alert-proof-of-disability-pending = The proof of disability has been received and is being checked.
alert-proof-of-disability-missing = A proof of disability is needed to download titles.
alert-organization-suspended = Your organization’s membership is suspended; its members cannot download titles.
alert-assigned-titles-only = Your organization lets you download only the titles assigned to you.
alert-nimac-restricted = This title is restricted to students with an education plan, through their school.
alert-monthly-quota-reached = The allowance of { $quota } downloads this month has been used.
alert-monthly-quota-low =
    { $left ->
        [one] { $left } of the { $quota } downloads this month is left.
       *[other] { $left } of the { $quota } downloads this month are left.
    }
alert-subscription-quota-reached = The allowance of { $quota } downloads of this subscription has been used.
alert-subscription-quota-low =
    { $left ->
        [one] { $left } of the { $quota } downloads of this subscription is left.
       *[other] { $left } of the { $quota } downloads of this subscription are left.
    }

# A copy of a title being prepared for download.
download-ready-title = Ready: { $title }, { $format }
download-preparing-title = Being prepared: { $title }, { $format }
download-not-asked-title = Not asked for yet: { $title }, { $format }
download-heading = Your copy of { $title }
download-ready = Your { $format } copy is ready.
download-link = Download the { $format } file
download-preparing = Your { $format } copy is being prepared. This usually takes less than a minute.
download-not-asked = You have not asked for a { $format } copy yet. Asking for one counts as a download.
download-check-again = Check again
download-ask = Ask for the { $format } copy
download-back = Back to { $title }

# My books: what was assigned to the reader and what they downloaded.
books-title = My books
books-assigned = Assigned to me
books-nothing-assigned = Nothing has been assigned to you.
books-downloads = My downloads
books-no-downloads = You have not downloaded anything yet.
books-find-title = Find a title
books-earlier = Earlier downloads
books-download-detail = { $format }, { $date }; { $status }
books-status-ready = ready
books-status-read-online = read online
books-status-preparing = being prepared
books-assigned-by-downloaded = Assigned by { $name }; downloaded { $date }
books-assigned-by-not-downloaded = Assigned by { $name }; not downloaded yet
books-downloaded = Downloaded { $date }
books-not-downloaded = Not downloaded yet
