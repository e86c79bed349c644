# The frame of every page: its skip link, navigation, footer and language choice.
skip-to-main = Skip to main content
nav-main = Main
nav-search = Search
nav-books = My books
nav-lists = My reading lists
nav-documents = My documents
nav-account = My account
nav-organization = My organization
nav-staff = Staff
signed-in-as = Signed in as { $name }
sign-out = Sign out
sign-in = Sign in
title-staff = Staff
footer-about = { $site }: accessible books for readers with print disabilities.
language-label = Language
language-change = Change the language

# Words many pages share.
form-problem = There is a problem
form-error = Error:
search-the-library = Search the library
form-fill-in = Fill this in
