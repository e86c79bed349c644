# The staff's pages: their home, and the memberships' pages (accounts, their records, the proof of disability to review, organizations).
staff-title = Staff
staff-memberships = Memberships
staff-find-account = Find an account
staff-add-account = Add an account
staff-proof-to-review = Proof of disability to review
staff-waiting = { $count ->
    [0] none waiting
    [one] { $count } waiting
   *[other] { $count } waiting
}
staff-find-organization = Find an organization
staff-add-organization = Add an organization
staff-import-directory = Import the directory of organizations
staff-administration = Administration
staff-clients = Client keys
staff-task-clients = { $link }: the applications that call the library, a new one with its secret, a key changed or given a new secret
staff-sites = Sites
staff-task-sites = { $link }: the libraries this server runs, a new one, a site renamed or made global
staff-popular-lists = Popular lists
staff-task-lists = { $link }: the lists readers see on the home page and in their apps, a new one, its titles added, ordered and taken off
staff-categories = Categories and BISAC codes
staff-task-categories = { $link }: the subjects readers browse by, one added or described
staff-collection = Collection
staff-catalog = The catalog
staff-task-catalog = { $link }: every title, in every status; change a title's details, withdraw or restore it
staff-import = Add titles from EPUB files
staff-task-import = { $link }: one or many EPUB 3 books, each a title with its own metadata
staff-periodicals = Periodicals
staff-task-periodicals = { $link }: newspapers, magazines and journals; a new one, its details, its editions added or withdrawn
staff-semicolon = ;
staff-first-page = First page
staff-next-page = Next page
staff-choose = Choose
staff-yes = Yes
staff-no = No
staff-none = None
staff-no-preference = No preference
staff-save-changes = Save the changes
staff-no-user-name = no user name
staff-locked = locked
staff-role = Role
staff-role-any = Any role
staff-role-keep = Keep the roles it has
staff-role-individualMember = Individual member
staff-role-organizationMember = Member of an organization
staff-role-organizationSponsor = Sponsor of an organization
staff-role-collectionAssistant = Collection assistant
staff-role-membershipAssistant = Membership assistant
staff-role-administrator = Administrator
staff-role-volunteer = Volunteer
staff-role-trustedVolunteer = Trusted volunteer
staff-role-not-offered = Choose one of the roles offered
staff-proof-active = proof of disability active
staff-proof-submitted = proof of disability submitted
staff-proof-missing = proof of disability missing
staff-proof-status-active = active
staff-proof-status-submitted = submitted
staff-proof-status-missing = missing
staff-subscription-active = active
staff-subscription-expired = expired
staff-subscription-missing = missing

## Finding an account
staff-accounts = Accounts
staff-accounts-keyword = Name, user name or e-mail address
staff-accounts-keyword-hint = The start of any of them; several words narrow the search.
staff-accounts-organization = Organization identifier (optional)
staff-accounts-find = Find accounts
staff-accounts-found = { $count ->
    [0] No accounts found.
    [one] { $count } account found.
   *[other] { $count } accounts found.
}
staff-accounts-more = More accounts

## An account, and a new one
staff-account-add = Add the account
staff-account-first-name = First name
staff-account-last-name = Last name
staff-account-email = E-mail address
staff-account-email-hint = Also the user name the person signs in with.
staff-account-phone = Phone number (optional)
staff-account-address1 = Address line 1 (optional)
staff-account-address2 = Address line 2 (optional)
staff-account-city = Town or city (optional)
staff-account-state = State, province or county (optional)
staff-account-postal-code = Postal code (optional)
staff-account-country = Country
staff-account-country-hint = Its two-letter code, such as US, GB or CA.
staff-account-birth = Date of birth
staff-account-birth-hint = As year, month and day: 1990-04-01. Needed for an individual member.
staff-account-language = Language (optional)
staff-account-language-hint = Its three-letter code, such as eng or spa.
staff-account-guardian-first-name = Guardian's first name (optional)
staff-account-guardian-last-name = Guardian's last name (optional)
staff-account-guardian-hint = For a minor.
staff-account-password = Password (optional)
staff-account-password-hint = 8 to 32 characters, with a letter and a number. Leave it empty to set one later.
staff-account-adult = May find titles for adults
staff-account-first-name-missing = Enter the first name
staff-account-last-name-missing = Enter the last name
staff-account-email-missing = Enter the e-mail address
staff-account-country-missing = Enter the country's two-letter code
staff-account-password-missing = Enter the new password
staff-account-no-organization = There is no such organization on this site.
staff-account-organization-missing = Enter the organization's identifier
staff-account-done-created = The account was added.
staff-account-done-changed = The account was changed.
staff-account-done-locked = The account was locked: it cannot sign in.
staff-account-done-unlocked = The account was unlocked.
staff-account-done-password = The password was changed. Tell the person their new password.
staff-account-done-joined = The account is now in the organization.
staff-account-done-left = The account left its organization: it reads as an individual member now.
staff-fact-user-name = User name
staff-fact-identifier = Account identifier
staff-fact-roles = Roles
staff-fact-proof = Proof of disability
staff-fact-subscription = Subscription
staff-fact-agreement = Agreement signed
staff-fact-may-download = May download
staff-fact-locked = Locked
staff-account-change = Change the account
staff-account-signing-in = Signing in
staff-account-is-locked = The account is locked: it cannot sign in.
staff-account-unlock = Unlock the account
staff-account-lock = Lock the account
staff-account-password-problem = There is a problem with the new password
staff-account-new-password = New password
staff-account-password-rule = 8 to 32 characters, with a letter and a number.
staff-account-set-password = Set the new password
staff-account-organization = Organization
staff-account-organization-problem = There is a problem with the organization
staff-account-move-to = Move to the organization (its identifier)
staff-account-into = Into the organization (its identifier)
staff-account-as = As
staff-account-as-member = A member
staff-account-as-sponsor = A sponsor
staff-account-move = Move the account
staff-account-bring-in = Bring the account in
staff-account-take-out = Take the account out of its organization
staff-account-find-another = Find another account

## An account's records
staff-records = This account's records
staff-records-account = The account
staff-records-agreements = Agreements
staff-records-subscriptions = Subscriptions
staff-records-preferences = Reading preferences
staff-records-recommendations = Recommendations
staff-records-activity = Lists and downloads
staff-records-changes = History of changes

staff-agreements-title = Agreements of { $name }
staff-agreements-none = No agreement is recorded.
staff-agreement-termsOfUse = The reader's terms of use
staff-agreement-volunteer = The volunteer's agreement
staff-agreement-heading = { $kind }, signed { $date }
staff-agreement-about = { $signed }; { $recorded }. { $standing }
staff-agreement-signed-as = Signed as { $name }
staff-agreement-signed-as-guardian = Signed as { $name }, by a legal guardian
staff-agreement-recorded-by = recorded by { $name }
staff-agreement-recorded-by-reader = recorded by the reader
staff-agreement-ended = Ended { $date }.
staff-agreement-in-force = In force.
staff-agreement-end = End the agreement signed { $date }
staff-agreement-record-heading = Record a signed agreement
staff-agreement = Agreement
staff-agreement-date = Date signed
staff-agreement-date-hint = As year, month and day: 2026-11-02.
staff-agreement-print-name = Name as printed by the signer
staff-agreement-guardian = Signed by a legal guardian
staff-agreement-record = Record the agreement
staff-agreement-date-missing = Enter the date it was signed
staff-agreement-name-missing = Enter the name as the signer printed it
staff-agreement-choose = Choose the agreement
staff-agreement-done-recorded = The agreement was recorded.
staff-agreement-done-ended = The agreement was ended today.

staff-subscriptions-title = Subscriptions of { $name }
staff-subscriptions-none = No subscription is recorded.
staff-subscription-heading = { $kind }, from { $start } to { $end }
staff-subscription-heading-no-end = { $kind }, from { $start }, with no end
staff-subscription-unlimited = unlimited downloads
staff-subscription-monthly = { $count ->
    [one] { $count } download a month
   *[other] { $count } downloads a month
}
staff-subscription-in-all = { $count ->
    [one] { $count } download in all
   *[other] { $count } downloads in all
}
staff-subscription-end-problem = There is a problem with the new end
staff-subscription-last-day = Last day
staff-subscription-last-day-hint = As year, month and day. A later day extends it; today's ends it.
staff-subscription-change-end = Change the last day
staff-subscription-end-today = End it today
staff-subscriptions-more = More subscriptions
staff-subscription-grant-heading = Grant a subscription
staff-subscription-kind = Kind of subscription
staff-subscription-first-day = First day
staff-subscription-first-day-hint = As year, month and day: 2026-12-01.
staff-subscription-last-day-optional = Last day (optional)
staff-subscription-no-end-hint = Leave it empty for no end.
staff-subscription-allowed = Downloads allowed (optional)
staff-subscription-allowed-hint = Leave it empty for what the kind of subscription allows.
staff-subscription-counted = Downloads counted
staff-timeframe-default = As the kind of subscription has it
staff-timeframe-monthly = Each month
staff-timeframe-whole = Over the whole subscription
staff-subscription-notes = Notes (optional)
staff-subscription-grant = Grant the subscription
staff-subscription-start-missing = Enter the first day
staff-subscription-choose = Choose the kind of subscription
staff-subscription-end-missing = Enter the last day
staff-subscription-done-granted = The subscription was granted.
staff-subscription-done-changed = The subscription's end was changed.
staff-subscription-done-ended = The subscription ends today.

staff-account-proof-title = Proof of disability of { $name }
staff-proof-on-file = On file
staff-proof-none-on-file = No disability is on file.
staff-proof-vouched-by = Vouched for by: { $source }.
staff-proof-who-vouches = Who vouches for it
staff-proof-change-source = Change who vouches
staff-proof-take-off = Take it off
staff-proof-record-heading = Record a disability
staff-proof-disability = Disability
staff-proof-record = Record the disability
staff-proof-under-review = Under review
staff-proof-nothing-waiting = Nothing is waiting to be reviewed.
staff-proof-sent-on = Sent { $date }:
staff-proof-decide-it = Decide it in the proof of disability to review
staff-proof-decided-before = Decided before
staff-proof-decided-approved = approved
staff-proof-decided-refused = refused
staff-proof-decided-closed = closed
staff-proof-decided = { $when }: { $what } { $by } (sent { $sent }: { $sent_note })
staff-proof-decided-noted = { $when }: { $what } { $by }, “{ $note }” (sent { $sent }: { $sent_note })
staff-proof-decided-by = by { $name }
staff-proof-decided-by-answer = by an answer on file
staff-proof-disability-missing = Choose the disability
staff-proof-source-missing = Choose who vouches for it
staff-proof-done-recorded = The disability was recorded: the proof is active.
staff-proof-done-changed = Who vouches for it was changed.
staff-proof-done-removed = The disability was taken off.
staff-source-schoolVerified = Verified by a school
staff-source-faxed = A competent authority's written confirmation
staff-source-nls = National Library Service
staff-source-learningOrg = A learning organization
staff-source-trainingOrg = A training organization
staff-source-partner = A partner library
staff-source-marrakeshPartner = A Marrakesh Treaty partner

staff-preferences-title = Reading preferences of { $name }
staff-preferences-intro = The reader's own words are on the form: it is the form they see on their account's page.
staff-preferences-save = Save the preferences
staff-preferences-done = The reading preferences were saved.

staff-profile-title = Recommendations for { $name }
staff-profile-global = Also recommend from the shared collection
staff-profile-included-authors = Authors to recommend
staff-profile-excluded-authors = Authors never to recommend
staff-profile-included-categories = Categories to recommend
staff-profile-excluded-categories = Categories never to recommend
staff-profile-lines-hint = One a line; leave it empty for none.
staff-profile-warnings = Never recommend titles with a warning of
staff-warning-sex = Sex
staff-warning-violence = Violence
staff-warning-drugs = Drugs
staff-warning-language = Strong language
staff-warning-intolerance = Intolerance
staff-warning-adult = Adult themes
staff-warning-unrated = Not rated
staff-warning-contentWarning = Any other content warning
staff-profile-narrator-voice = Narrator's voice
staff-gender-female = Female
staff-gender-male = Male
staff-gender-otherNonBinary = Other or non-binary
staff-profile-narrator = Narrator
staff-narrator-human = A human narrator
staff-narrator-tts = Synthesized speech
staff-profile-reading-age = Reading age (optional)
staff-profile-reading-age-hint = In years, 0 to 120.
staff-profile-save = Save the recommendation profile
staff-profile-done = The recommendation profile was saved.

staff-activity-title = Lists and downloads of { $name }
staff-activity-lists = Reading lists
staff-activity-no-lists = No reading lists of their own.
staff-activity-list = { $name }: { $count ->
        [one] { $count } title
       *[other] { $count } titles
    }, { $access }, updated { $date }
staff-list-access-private = private
staff-list-access-shared = shared with other readers
staff-list-access-org = shared with their organization
staff-activity-more-lists = More reading lists
staff-activity-downloads = Downloads
staff-activity-downloads-count = { $count ->
    [one] { $count } download, the newest first.
   *[other] { $count } downloads, the newest first.
}
staff-activity-download = { $title } ({ $format }), { $date }: { $status }
staff-activity-download-for = { $title } ({ $format }), { $date }, for them by { $by }: { $status }
staff-packaging-queued = Waiting to be packaged
staff-packaging-packaging = Being packaged
staff-packaging-ready = Packaged
staff-packaging-failed = Could not be packaged
staff-packaging-streamed = Read online
staff-activity-older = Older downloads

staff-changes-title = History of changes of { $name }
staff-changes-count = { $count ->
    [one] { $count } change made by the library's staff, the latest first.
   *[other] { $count } changes made by the library's staff, the latest first.
}
staff-change-heading = { $what }, { $when } UTC, by { $who }
staff-changes-nothing = Nothing shown changed.
staff-changes-none = nothing
staff-changes-older = Older changes
staff-change-account-added = Account added
staff-change-account-changed = Account changed
staff-change-password = Password set
staff-change-agreement-recorded = Agreement recorded
staff-change-agreement-ended = Agreement ended
staff-change-subscription-granted = Subscription granted
staff-change-subscription-changed = Subscription changed
staff-change-disability-removed = Disability taken off
staff-change-preferences = Reading preferences changed
staff-change-profile = Recommendation profile changed
staff-change-proof-decided = Proof of disability decided

## The proof of disability to review
staff-proof-waiting = { $count ->
    [0] No proof of disability is waiting to be reviewed.
    [one] { $count } submission is waiting to be reviewed.
   *[other] { $count } submissions are waiting to be reviewed, oldest first.
}
staff-proof-sent = Sent
staff-proof-what-sent = What they sent
staff-proof-authority = Confirmation asked of
staff-proof-decision-problem = There is a problem with this decision
staff-proof-decision-for = Decision for { $name }
staff-proof-approve = Approve: record the disabilities below
staff-proof-refuse = Refuse
staff-proof-disabilities = Disabilities the proof shows
staff-proof-note = Note
staff-proof-note-hint = What the proof showed, or why you refuse it: the member reads it. At most { $count } characters.
staff-proof-record-decision = Record the decision for { $name }
staff-proof-more = More submissions
staff-proof-decision-missing = Choose to approve or to refuse
staff-proof-disabilities-missing = Choose the disabilities the proof shows
staff-proof-note-missing = Say what the proof showed, or why you refuse it
staff-proof-done-approved = Approved: the disabilities are recorded and the member's proof is active.
staff-proof-done-refused = Refused: the member can read your note and send other proof.

## Organizations
staff-orgs = Organizations
staff-orgs-keyword-hint = The start of any of its words.
staff-orgs-find = Find organizations
staff-orgs-found = { $count ->
    [0] No organizations found.
    [one] { $count } organization found.
   *[other] { $count } organizations found.
}
staff-org-found = { $kind }; { $place }
staff-org-found-suspended = { $kind }; { $place }; suspended
staff-orgs-more = More organizations
staff-org-type-school = A primary or secondary school
staff-org-type-schoolDistrict = A school district or local education authority
staff-org-type-university = A college or university
staff-org-type-library = A public or institutional library
staff-org-type-agency = A rehabilitation or disability services agency
staff-org-type-other = Another kind of organization
staff-org-kind = Kind of organization
staff-org-add = Add the organization
staff-org-name = Name
staff-org-address1 = Address line 1
staff-org-address2 = Address line 2
staff-org-city = Town or city
staff-org-state = State, province or county
staff-org-postal-code = Postal code
staff-org-phone = Phone number
staff-org-website = Website
staff-org-website-optional = Website (optional)
staff-org-notes = Notes
staff-org-notes-hint = For the library's staff.
staff-org-contact-first-name = Primary contact's first name
staff-org-contact-last-name = Primary contact's last name
staff-org-contact-title = Primary contact's title
staff-org-contact-title-hint = Such as Teacher of the visually impaired.
staff-org-contact-email = Primary contact's e-mail address
staff-org-contact-email-hint = Also the user name they sign in with.
staff-org-contact-phone = Primary contact's phone number (optional)
staff-org-subscription-optional = Kind of subscription (optional)
staff-org-subscription-hint = Leave it empty for what the organization's kind has.
staff-org-name-missing = Enter the organization's name
staff-org-address1-missing = Enter the first line of the address
staff-org-city-missing = Enter the town or city
staff-org-postal-code-missing = Enter the postal code
staff-org-kind-missing = Choose the kind of organization
staff-org-contact-first-name-missing = Enter the primary contact's first name
staff-org-contact-last-name-missing = Enter the primary contact's last name
staff-org-contact-title-missing = Enter the primary contact's title
staff-org-contact-email-missing = Enter the primary contact's e-mail address
staff-org-this = This organization
staff-org-tab-organization = The organization
staff-org-tab-members = Members and sponsors
staff-org-identifier = Identifier
staff-org-primary-contact = Primary contact
staff-org-allowance = Downloads a member may make
staff-org-allowance-100 = 100 a month per member
staff-org-allowance-200 = 200 a month per member
staff-org-allowance-300 = 300 a month per member
staff-org-allowance-unlimited = Unlimited
staff-org-change = Change the organization
staff-org-settings = Agreements and settings
staff-org-flag-agreementSigned = The organization's agreement is signed
staff-org-flag-riderSigned = The rider is signed
staff-org-flag-canDownloadNIMAC = May download NIMAC titles
staff-org-flag-canCreateUsers = May add members and vouch for their proof of disability
staff-org-flag-suspended = Suspended: its members cannot download
staff-org-flag-unreported = Left out of reports
staff-org-flag-servicePlus = Has the premium features
staff-org-flag-readingCompanion = Has the reading companion
staff-org-flag-safeSearch = Safe search for new members
staff-org-flag-allowSearchDownloads = New members may download what they find
staff-org-done-created = The organization was added, with its primary contact.
staff-org-done-changed = The organization was changed.
staff-org-members-title = Members and sponsors of { $name }
staff-org-no-sponsors = No sponsors.
staff-org-is-primary-contact = (primary contact)
staff-org-name-contact = Name the primary contact
staff-org-bring-in-heading = Bring an account in
staff-org-user = User name or account identifier
staff-org-user-missing = Enter a user name or account identifier
staff-org-sponsor-title = A sponsor's title (optional)
staff-org-username = User name (optional)
staff-org-username-hint = For a member who signs in themselves.
staff-org-members-count = { $count ->
    [0] No members.
    [one] { $count } member.
   *[other] { $count } members.
}
staff-org-done-added = The member was added.
staff-org-done-contact = The primary contact was changed.

## The directory of organizations
staff-directory-intro = New organizations are matched against this directory. A file adds organizations, or replaces those with the same identifier.
staff-directory-problems = { $count ->
    [one] Nothing was loaded: the file has a problem
   *[other] Nothing was loaded: the file has { $count } problems
}
staff-directory-mend = Mend the lines named and upload the file again.
staff-directory-file = CSV file
staff-directory-file-hint = Its first line names the columns; it must have { $columns }, and may have parentName, address1, address2, city, postalCode and the location's address. At most 10 MB.
staff-directory-load = Check and load the file
staff-directory-file-missing = Choose a CSV file of organizations
staff-directory-loaded = { $count ->
    [one] { $count } organization was loaded into the directory.
   *[other] { $count } organizations were loaded into the directory.
}
