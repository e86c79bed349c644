# The staff's pages of the collection: the catalog, a title, its formats and files, EPUB uploads, periodicals and their editions.
staff-not-recorded = Not recorded
staff-never = Never
staff-one-a-line = One a line.
staff-why = Why (optional)
staff-why-hint = Kept with the change in the title's history.
staff-done-saved = The changes are saved.
staff-the-title = The title

## The catalog
staff-catalog-titles = Titles
staff-catalog-status = Status
staff-status-any = Every status
staff-status-live = Live
staff-status-withdrawn = Withdrawn
staff-status-new = New
staff-status-beingEdited = Being edited
staff-status-proofreadValid = Proofread, valid
staff-status-proofreadRejected = Proofread, rejected
staff-status-converted = Converted
staff-status-reprocess = To reprocess
staff-status-validated = Validated
staff-status-userSubmitted = Submitted by a user
staff-status-publisherSubmitted = Submitted by a publisher
staff-status-removed = Removed
staff-catalog-isbn = ISBN (optional)
staff-catalog-from = Updated from (optional)
staff-catalog-date-hint = As year, month and day: 2026-01-31.
staff-catalog-until = Updated until (optional)
staff-catalog-direction = Direction
staff-catalog-order-title = Title
staff-catalog-order-author = Author
staff-catalog-order-updated = Last updated
staff-catalog-order-copyright = Copyright year
staff-catalog-order-relevance = Relevance
staff-catalog-ascending = Ascending
staff-catalog-descending = Descending
staff-catalog-show = Show titles
staff-catalog-found = { $count ->
    [0] No titles found.
    [one] { $count } title found.
   *[other] { $count } titles found.
}
staff-catalog-title-about = { $status }; updated { $date }
staff-catalog-title-never = { $status }; never updated
staff-catalog-more = More titles

## A title
staff-title-page-title = { $name }: details and files
staff-title-done-accepted = Your change is accepted. The worker applies it in a moment; its progress is in the history below.
staff-title-formats = Formats
staff-title-no-files = The title has no files yet.
staff-format-derived = made from the EPUB master when first asked for
staff-artifact-status-available = available
staff-artifact-status-inProduction = in production
staff-artifact-status-withdrawn = withdrawn
staff-artifact-status-failed = could not be made
staff-title-add-file = Add or replace a format's file
staff-title-history = History
staff-title-no-changes = No changes yet.
staff-history-heading = { $what }, { $when } UTC, by { $who }
staff-history-heading-format = { $what } ({ $format }), { $when } UTC, by { $who }
staff-history-updateAccepted = Change asked for
staff-history-metadataUpdated = Details changed
staff-history-artifactUpdated = A format changed
staff-history-artifactAdded = A format added
staff-history-restored = Restored
staff-history-statusChanged = Status changed
staff-history-updateNotApplied = Change not applied
staff-history-queued = Waiting to be applied.
staff-history-applied = Applied.
staff-history-applied-changes = Applied: { $changes }.
staff-history-not-applied = Not applied:
staff-history-not-applied-changed = Not applied: the title had changed.
staff-title-check-again = Check again
staff-title-change = Change the details
staff-title-field-title = Title
staff-title-field-subtitle = Subtitle
staff-title-field-series = Series
staff-title-field-series-number = Number in the series
staff-title-field-publisher = Publisher
staff-title-field-edition = Edition
staff-title-field-isbn = ISBN
staff-title-field-isbn-hint = ISBN-10 or ISBN-13; kept as ISBN-13.
staff-title-field-copyright-hint = Four digits, such as 1998.
staff-title-field-youngest = Youngest reading age
staff-title-field-oldest = Oldest reading age
staff-title-field-years-hint = In years.
staff-title-field-authors = Authors
staff-title-field-authors-hint = One a line, as the name is written: Jane Austen.
staff-title-field-languages = Languages
staff-title-field-languages-hint = One a line, each a three-letter code such as eng.
staff-title-field-synopsis = Synopsis
staff-title-flag-adult = For adults only
staff-title-flag-recommend = May be recommended
staff-title-availability = Availability
staff-title-is-withdrawn = The title is withdrawn: readers cannot find or download it.
staff-title-restore = Restore the title
staff-title-withdraw = Withdraw the title

## A format of a title
staff-artifact-heading = { $title }: { $format }
staff-artifact-file = File
staff-artifact-no-file = No file
staff-artifact-added = Added
staff-artifact-change = Change the details of this format
staff-artifact-gbs = Global Book Service identifier
staff-artifact-gbs-hint = The ABC Global Book Service's number for this file, if it has one.
staff-artifact-own-id = Your own identifier
staff-artifact-own-id-hint = The number your library's own system gives this file.
staff-artifact-supplier = Supplier
staff-artifact-funded-by = Funded by
staff-artifact-duration = Playing time
staff-artifact-duration-hint = As PTnHnMnS: PT9H30M is nine hours and a half.
staff-artifact-producers = Producers
staff-braille-code = Braille code
staff-braille-code-ueb = Unified English Braille (UEB)
staff-braille-code-ebae = English Braille, American Edition (EBAE)
staff-braille-code-standardEnglishBraille = Standard English Braille
staff-braille-code-musicBrailleCode = Music braille code
staff-braille-code-french = French
staff-braille-code-frenchQuebec = French (Québec)
staff-braille-code-frenchUnified = French (unified)
staff-braille-code-spanish = Spanish
staff-braille-contracted = Contracted
staff-braille-uncontracted = Uncontracted
staff-braille-how-made = How it was made
staff-braille-transcribed = Transcribed by a person
staff-braille-automated = Translated by software
staff-braille-layout = Music score layout
staff-braille-layout-none = Not music, or not recorded
staff-braille-layout-barOverBar = Bar over bar
staff-braille-layout-barByBar = Bar by bar
staff-braille-volumes = Volumes
staff-braille-volumes-hint = How many braille volumes.
staff-braille-transcriber = Transcriber

## A format's files
staff-files-title = { $title }: add or replace a format's file
staff-files-intro = The file becomes the title's copy in that format, or replaces the copy it has. Readers download it once the change is applied; its progress is in the title's history.
staff-files-format = Format
staff-files-choose-format = Choose a format
staff-files = Files
staff-files-hint = One file for EPUB 3, PDF and Word. For DAISY, choose all the book's files at once (with its package file, or ncc.html for DAISY 2.02); for braille, all its .brf volumes. Each file may be up to 1 GB.
staff-files-upload = Upload the files
staff-files-format-missing = Choose the files' format
staff-files-none = Choose the file, or for DAISY and braille all the book's files
staff-files-one = A { $format } is one file: choose one
staff-files-twice = Two files are named { $name }: each name once
staff-files-not-epub = The file is not an EPUB 3 that can be used: { $why }
staff-files-not-pdf = The file is not a PDF
staff-files-not-word = The file is not a Word document
staff-files-daisy2 = A DAISY 2.02 book needs its ncc.html among the files
staff-files-daisy3 = A DAISY 3 book needs its package file (.opf) among the files
staff-files-braille = A braille book needs its .brf (or .brl) files

## EPUB uploads
staff-import-outcomes = What became of each file
staff-import-all = { $files ->
    [one] The file was imported.
   *[other] All { $files } files were imported.
}
staff-import-none = { $files ->
    [one] The file could not be imported.
   *[other] None of the { $files } files could be imported.
}
staff-import-some = { $imported } of { $files } files were imported; the others are listed with why.
staff-import-added = Added: { $title }
staff-import-updated = Updated: { $title } (the same book was here already)
staff-import-refused = Not imported:
staff-import-intro = Each EPUB 3 file becomes a title, with its details from the book's own metadata and accessibility properties. A book uploaded again (the same ISBN, or else the same identifier) updates its title rather than adding another.
staff-import-files = EPUB files
staff-import-files-hint = Choose one or many. Each may be up to 200 MB.
staff-import-files-missing = Choose one or more EPUB 3 files
staff-import-usage = Copyright
staff-import-usage-keep = Keep each title's; copyright for a new title
staff-import-usage-copyright = In copyright
staff-import-usage-publicDomain = Public domain
staff-import-usage-creativeCommons = Creative Commons
staff-import-status-keep = Keep each title's; live for a new title
staff-import-status-live = Live: readers find it at once
staff-import-status-new = New: not shown to readers yet
staff-import-category = Add to a category
staff-import-no-category = There is no such category
staff-import-upload = Upload and add the titles

## Periodicals
staff-series-title-contains = Title contains
staff-series-find = Find
staff-series-found = { $count ->
    [0] No periodicals found.
    [one] { $count } periodical found.
   *[other] { $count } periodicals found.
}
staff-series-about-issn = ISSN { $issn }; { $kind }
staff-series-type-newspaper = Newspaper
staff-series-type-magazine = Magazine
staff-series-type-journal = Journal
staff-series-more = More periodicals
staff-series-new = A new periodical
staff-series-id-hint = Letters, digits and dashes, such as daily-news; it cannot be changed later.
staff-series-issn = ISSN
staff-series-issn-hint = Four digits, a dash and four more, such as 0028-0836.
staff-series-description = Description
staff-series-category-code = Your own category code
staff-series-category-code-hint = The code your library's own system files it under.
staff-series-categories = Categories
staff-series-countries = Countries where it may be read
staff-series-countries-hint = One a line, each a two-letter code such as US; none means everywhere.
staff-series-add = Add the periodical
staff-series-id-missing = Enter an identifier for the series
staff-series-title-missing = Enter the series' title
staff-series-done-added = The periodical is added. Add its editions below.
staff-series-done-withdrawn = The edition's withdrawal is accepted: it leaves the listings in a moment.
staff-editions = Editions
staff-edition-add-link = Add an edition
staff-editions-count = { $count ->
    [0] No editions yet.
    [one] { $count } edition.
   *[other] { $count } editions, newest first.
}
staff-edition-about = published { $date }; { $formats }
staff-editions-more = More editions
staff-editions-newest = Newest editions
staff-editions-older = Older editions

## An edition
staff-edition-heading = { $series }: { $edition }
staff-edition-new-heading = { $series }: a new edition
staff-edition-the-periodical = The periodical
staff-edition-and-file = The edition and its file
staff-edition-id-hint = Unique among all editions, such as daily-news-2026-11-27; it cannot be changed later.
staff-edition-name-hint = As readers see it, such as 27 November 2026 or Issue 48.
staff-edition-published = Published on
staff-edition-until = Available until (optional)
staff-edition-until-hint = Leave empty to keep it available.
staff-edition-files-hint = One file for EPUB 3, PDF and Word; for DAISY and braille, all the edition's files at once. Each may be up to 1 GB.
staff-edition-add = Add the edition
staff-edition-withdrawn-means = Readers can no longer find or download a withdrawn edition.
staff-edition-withdraw = Withdraw the edition
staff-edition-id-missing = Enter an identifier for the edition
staff-edition-name-missing = Enter the edition's name, such as its date or number
staff-edition-date-missing = Enter the date it was published
staff-edition-done-added = The edition is added: readers can find and download it.
