# What the API and the pages say when they refuse, find nothing, or collide with what is
# stored. The English is the rules' own; a placeable holds an identifier as it was sent.

## Nothing of that name
absent-title = There is no title '{ $id }'
absent-periodical = There is no periodical '{ $id }'
absent-edition = There is no edition '{ $edition }' of '{ $periodical }'
absent-site = There is no site '{ $id }'
absent-organization = There is no organization '{ $id }'
absent-account = There is no account '{ $id }'
absent-reading-list = There is no reading list '{ $id }'
absent-popular-list = There is no popular list '{ $id }'
absent-client-key = There is no client key '{ $id }'
absent-page = There is no such page
absent-book-file = The book's file is no longer here
absent-artifact = The title '{ $id }' has no { $format } artifact
absent-book-at-recording-link = This link opened a recording to hear, not a book to read
absent-recording-at-book-link = This link opened a book to read, not a recording to hear
absent-withdrawn = This title or edition was withdrawn; its files are no longer served
absent-my-agreement = You have signed no agreement
absent-agreement = The account has no agreement '{ $id }'
absent-sync-key = You have no sync key
absent-my-subscription = You have no subscription in force
absent-subscription = The account has no subscription '{ $id }'
absent-member-for-you = There is no member '{ $id }' for you
absent-assignment = Title '{ $id }' is not assigned to this member
absent-account-organization = This account is in no organization
absent-user-name = No such user name
absent-user-name-account = No account has the user name '{ $name }'
absent-submission = There is no submission '{ $id }' under review
absent-org-sponsor = Your organization has no sponsor '{ $id }'
absent-org-member = Your organization has no member '{ $id }'
absent-recording = The library's recording of title '{ $id }' is no longer here
absent-track = The recording's track is no longer here
absent-catalog = There is no catalog here
absent-disability = The account has no '{ $kind }' disability on file
absent-partner-drive = No partner drive is connected
absent-narration-in-progress = The narration is still being made
absent-bookmark = You have no bookmark at that location of '{ $id }' in { $format }
absent-highlight = You have no highlight at that location of '{ $id }' in { $format }
absent-title-for-list = There is no live title '{ $id }' the list's owner may see
absent-title-on-list = Title '{ $id }' is not on this list
absent-document = You have no document '{ $id }'
absent-authority-request = There is no such request; check the number in the e-mail
absent-book-part = The book has no file '{ $path }'
absent-file = There is no such file
absent-download-file = The file is no longer here; ask for the download again
absent-category = There is no category '{ $name }'
absent-bisac = There is no BISAC subject '{ $code }'
absent-language = There is no language '{ $code }': languages are ISO 639-2 codes such as 'eng'
absent-catalog-named = There is no catalog '{ $id }' here
absent-narration-file = The narration has no file '{ $name }'
absent-print-page = This book has no print page { $page }
absent-part-in-file = The book's part is missing from its file
absent-track-number = The recording has no track { $number }
absent-part-number = The book has no part { $number }
absent-any-library = This server has no library yet
absent-position = You have no reading position in '{ $id }' in { $format }
absent-partner-drive-set-up = No partner drive is set up for this library
absent-partner-drive-connected = You have not connected a partner drive; send the drive's code
absent-partner-drive-token = The partner drive's token expired and cannot be renewed; connect again
absent-resource = There is no resource '{ $id }'
absent-route = There is no resource at { $path }
absent-format = There is no format '{ $format }'
absent-library = There is no library '{ $id }' here
absent-library-here = There is no library here

## Refused by the rules
refused-org-adds-no-members = Your organization is not authorized to add members; ask the library
refused-epub-not-here-yet = The EPUB 3 of title '{ $id }' is not here yet; it can be read online when it is
refused-no-epub = Title '{ $id }' has no EPUB 3, so it cannot be read online; download one of its formats
refused-document-failed = Document '{ $id }' could not be made accessible, so it cannot be read
refused-document-in-progress = Document '{ $id }' is still being made accessible; open it again in a few seconds
refused-part-too-large = { $name } is too large to be read online; download the book
refused-edit-names-nothing = Send at least one of the parameters: { $params }
refused-school-kept-by-org = Your organization keeps your school and grade; ask your sponsor to change them
refused-only-org-members-go-individual = Only organization members become individual members
refused-download-for = You may not download for '{ $member }': sponsors download for members of their organization, membership assistants for accounts of their site
refused-account-locked = This account is locked; contact your library
refused-referrals-privileged = Referrals are recorded by the library's own applications (client keys with membership privileges)
refused-administrators-only = Only administrators manage the library's client keys and sites
refused-account-elsewhere = Membership assistants create accounts on their own site
refused-no-password = This account has no password to change
refused-password-wrong = The current password is not right
refused-accounts-privileged = Accounts are created through the library's own applications (client keys with membership privileges)
refused-signed-in-already = You are signed in to an account already; sign out to create another
refused-assigned-to-org-members = Titles are assigned to organization members
refused-primary-contact-changes = Only the organization's primary contact changes it
refused-primary-contact-hands-over = Only the primary contact hands the role to another sponsor
refused-directory-import = Membership assistants import the reference directory
refused-organizations-elsewhere = Membership assistants find the organizations of their own site
refused-organization-elsewhere = Membership assistants create organizations on their own site
refused-accounts-elsewhere = Membership assistants find the accounts of their own site
refused-changes-administrators = Only administrators read the record of changes
# $what is what was tried, in English ("create accounts"): a language other than English
# says the refusal without it.
refused-privileged-clients = Only the library's own applications (client keys with membership privileges) may { $what }
refused-proof-elsewhere = Membership assistants review the proof of their own site
refused-sponsors-only = Only an organization's sponsors manage it
refused-organization-gone = Your organization is gone
refused-recording-not-ready = The library's recording of title '{ $id }' cannot be heard yet.
refused-recording-not-arrived = The library's recording of title '{ $id }' cannot be heard yet. Its file has not arrived at the library yet.
refused-recording-in-production = The library's recording of title '{ $id }' cannot be heard yet. It is being produced and is not ready yet.
refused-recording-withdrawn = The library's recording of title '{ $id }' cannot be heard yet. It has been withdrawn and is no longer lent.
refused-recording-failed = The library's recording of title '{ $id }' cannot be heard yet. It could not be produced.
# $why is the player's account of the recording, in English: a language other than English
# says the refusal without it.
refused-recording-unreadable = The library's recording of title '{ $id }' cannot be heard online ({ $why }); download it in DAISY audio
# $cause is the speech synthesizer's account, in English: a language other than English says
# the refusal without it.
refused-narration-failed = The narration of title '{ $id }' could not be made: { $cause }
refused-narration-own-document = The library narrates its own titles; a document of your own is read aloud by your browser's voices
refused-narration-recorded = Title '{ $id }' is narrated in the library's own recording, which is not made from its EPUB: listen to it from the title's page
refused-not-narrated = Title '{ $id }' is not narrated: speech is not made for it
refused-org-list = Lists shared with an organization (access=org) are for its members and sponsors
refused-not-your-member = { $param }: '{ $id }' is not an organization member you manage
refused-authorities-privileged = Competent authorities answer through the library's own applications (client keys with membership privileges)
refused-staff-pages = These pages are for the library's membership assistants, collection assistants and administrators
refused-staff-pages-elsewhere = These are the staff pages of { $site }; yours are at /{ $yours }/staff
refused-membership-privileged = Membership management is limited to client keys with membership privileges
# $what is what was tried, in English ("create accounts"): a language other than English
# says the refusal without it.
refused-membership-role = Only membership assistants and administrators may { $what }
refused-administrator-account = Only administrators may manage an administrator's account
refused-own-list-subscription = You cannot subscribe to your own list
refused-private-list-subscription = A private list cannot be subscribed to
refused-list-change = Only the list's owner, or a sponsor or membership assistant with rights over them, may change this list
# $what is what was tried, in English ("edit titles"): a language other than English says the
# refusal without it.
refused-collection-role = Only collection assistants and administrators may { $what }
refused-reading-link = This reading link is not valid; open the book again
refused-reading-link-expired = This reading link has expired; open the book again
refused-file-link = This file link is not valid; ask for the download again
refused-file-link-expired = This file link has expired; ask for the download again
refused-not-for-member = This title is not available to the member you are downloading for
refused-partner-drive-privileged = Partner drives are connected through the library's own applications (client keys with membership privileges)
refused-key-disabled = This api_key has been disabled
refused-form-expired = This form has expired or did not come from this site. Go back, reload the page and send it again.

## Too many for now
too-many-narrations = { $count } narrations are already being prepared for you; ask again when one is ready
too-many-packages = { $count } packages are already being prepared for you; ask again when one is ready
too-many-guests = Many guests of this application are waiting for packages; ask again in a minute, or sign in
too-many-sign-ins = Too many failed sign-ins; retry later
too-many-for-user = Too many requests for this user; retry later

## At odds with what is stored
conflict-promotion-used-up = The promotion code was used up meanwhile
conflict-credits-spent = The account's credits were spent meanwhile; try again
conflict-partner-identity = This partner identity has an account here already: sign in with it
conflict-submission-decided = This submission was decided already
conflict-site-key-changes = A site's own key (its OPDS catalog's, its web pages') changes with the site only
conflict-site-key-secret = A site's own key is public and has no secret
conflict-title-removed = The title '{ $id }' was removed from the collection; only a titleStatus edit restores it
conflict-request-answered = This request was answered already
conflict-staff-in-organization = This account is staff's: only readers and sponsors belong to organizations; staff and volunteers do not
conflict-primary-contact = This account is the primary contact of { $organization }; name another primary contact first
why-site-id-taken = a site has this identifier already; choose another
why-client-key-taken = this key exists already; choose another, or leave it empty for a random one
why-popular-list-id-taken = a popular list has this identifier already; choose another
why-product-identifier-of = '{ $identifier }' is the product identifier of the title '{ $title }'
why-user-name-taken = this user name belongs to another account
why-highlight-there = you have a highlight at that location already; change it with PUT
why-product-identifier-taken = another title of this site has this product identifier
why-series-id-taken = another periodical has this identifier
why-edition-id-taken = another edition has this identifier

## A file the importer or the packager could not take: the file's own problem, as a clause; a
## zip reader's or an XML parser's words ($why) stay as they said them
epub-not-zip = not a zip archive, so not an EPUB: { $why }
epub-zip-entry = zip entry { $entry } cannot be read: { $why }
epub-no-container = META-INF/container.xml is missing, so this is not an EPUB
epub-no-rootfile = META-INF/container.xml names no package document (no rootfile with a full-path)
epub-no-package = the package document { $path } named by META-INF/container.xml is not in the archive
epub-not-epub3 = package version "{ $version }" is not EPUB 3: only EPUB 3.x publications are accepted
epub-not-xml = { $file } is not well-formed XML: { $why }
epub-no-metadata = the package document has no { $element }
epub-unstampable = the package document cannot be stamped: { $why }
epub-bad-timestamp = the notice's issued_at "{ $value }" is not a YYYY-MM-DDThh:mm:ssZ timestamp
import-same-book = the same book as { $first } (service id { $id }), skipped
import-not-read = reading the upload: { $why }
import-not-stored = copying into the file store: { $why }

## A line of an uploaded CSV file (the reference organizations' directory); the CSV reader's own
## words ($why of csv-line-unread) stay as it said them
csv-line = line { $line }: { $why }
csv-line-unread = line { $line }: { $why }
csv-empty = the file is empty: its first line must be a header naming the columns { $columns }
csv-no-header = line 1 must be a header row; it lacks the { $count ->
        [one] column
       *[other] columns
    } { $missing } (it reads: { $reads })
why-state-other-country = '{ $state }' names another country than '{ $country }'
why-subdivision = must be a subdivision code such as CA or US-CA

## The partner drive's answers Lectern could not use ($what is the drive's own, as it gave it)
drive-unreachable = The partner drive did not answer; try again later
drive-unreadable = The partner drive answered something unreadable: { $what }
drive-files-url = The partner drive's files URL cannot name a file
drive-answered = The partner drive answered { $what }
drive-broke-off = The partner drive broke off: { $what }

## The partner's identity keys, which a token is checked against
partner-keys-unreachable = the partner's keys could not be fetched: { $why }
