# What `lectern demo` prints in the terminal's language (LC_ALL, LC_MESSAGES, LANG): what to try
# and as whom. Commands stay as they are typed.
demo-serving = Lectern is serving the demo at { $url }
demo-site = site: { $id } ({ $name })
demo-client-key = client key: { $key } (no secret; may use the password grant)
demo-password = password
demo-accounts = accounts:
demo-browser = In a browser: { $url } (search, open a title, download it or read it online: its "Reading settings" set text size, font and colours, and "Go to print page" finds page 12; "Listen online" plays its narration with each paragraph highlighted as it is read, and on { $recorded } the library's own recording, followed by heading and page; docs/web.md)
demo-languages = The pages in English, Spanish, French or Arabic: the browser's language, or the choice at the foot of every page (a reader's choice is kept as their preference).
demo-as-reader = sign in as a reader: { $user } / { $password } (my books, lists, documents, account)
demo-as-sponsor = sign in as a sponsor: { $user } / { $password } (my organization: add a member, assign a title)
demo-as-staff = sign in as staff: { $user } / { $password } (Staff: find, add and change accounts; review proof of disability)
demo-as-curator = sign in as a curator: { $user } / { $password } (Staff: the catalog, a title's details and files, EPUB uploads, periodicals)
demo-as-admin = sign in as an admin: { $user } / { $password } (Staff: sites, client keys, popular lists, categories)
demo-try-it = Try it (password grant, then the account it signs in):
demo-find = Find a book, then download it (202 while it is packaged for you; ask again for the 302 to the file):
demo-read-online = Or open it to read online: a 302 to its Readium Web Publication Manifest, whose files are streamed from the EPUB below the same signed link (docs/access-rules.md, "Reading online"):
demo-lists = Your reading lists, a bookmark, and where you are in a book:
demo-preferences = Your reading preferences (Braille format and line width change together; the reading settings of books read online are preferences too):
demo-formats = Every title here is an EPUB, and downloads as Word, braille and DAISY too, made from the EPUB when asked (braille laid out for the preferences above, DAISY read aloud by eSpeak NG; ask again until the 302):
demo-staff = A membership assistant's view of the reader's account, through the membership console's key:
demo-sponsor = A sponsor's view of their organization: its members, and who of them may download a title:
demo-curator = A collection assistant's catalog (every status), an edit (accepted, then applied by the worker) and the title's history:
demo-app = In a reading app (Thorium Reader, KOReader, Librera: docs/opds.md), add the catalog { $catalog } and sign in as { $user } with password { $password }. In KOReader's progress sync, set the custom server { $sync } and log in as { $user } with the sync key { $key }. The same feeds from a shell (OPDS 2.0, then Atom with Basic credentials):
demo-described = The API is described at { $url }. Stop with Ctrl-C.
