# The catalog's pages: the home page, the search and its results, the titles listed.
home-title = Home
home-new-arrivals = New arrivals
home-nothing-new = No titles have arrived yet.
home-all-new = All new arrivals
home-popular-lists = Popular lists

search-box-label = Search for titles, authors or subjects
search-button = Search
search-browse = Browse the library
search-results-for = Search results for “{ $keyword }”
search-found =
    { $count ->
        [0] No titles found
        [one] { $count } title found
       *[other] { $count } titles found
    }
search-sort-label = Sort by
search-sort-button = Sort
search-sort-relevance = Best match
search-sort-title = Title, A to Z
search-sort-author = Author, A to Z
search-sort-newest = Newest first
search-titles = Titles
search-nothing-found = Try other words, or fewer choices under “{ search-narrow }”.
search-pages = Pages of results
search-previous = Previous page
search-next = Next page
search-narrow = Narrow the results

facet-any = Any
facet-accessibility = Accessibility
facet-textual = Readable by screen reader alone
facet-auditory = Readable by listening alone
facet-tactile = Readable by touch alone (braille)
facet-synchronized = Text and audio together
facet-hazards = Hazards
facet-no-flashing = No flashing hazard
facet-no-motion = No motion simulation hazard
facet-no-sound = No sound hazard
facet-format = Format
facet-category = Category
facet-language = Language
facet-reading-age = Reading age
facet-age = Age { $count }

# A title as lists show it.
title-by = by { $names }
title-formats = Formats: { $formats }

# The formats, as readers know them.
format-DAISY = DAISY Text
format-DAISY_AUDIO = DAISY Audio
format-DAISY_2_AUDIO = DAISY 2.02 Audio
format-BRF = BRF (Braille Ready Format)
format-EPUB3 = EPUB 3
format-PDF = PDF
format-DOCX = Word (DOCX)
