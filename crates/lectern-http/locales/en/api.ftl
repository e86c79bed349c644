# The API's error messages (document 1's envelope) and the rules' reasons, which the pages'
# forms show beside their fields too. A parameter's name is the spec's, in every language.
api-missing-param = Missing required parameter '{ $param }'
api-invalid-param = Invalid parameter '{ $param }': { $why }
why-required = is required
why-not-empty = must not be empty
why-not-blank = must not be blank
why-at-most-chars = must be at most { $max } characters
why-in-future = cannot be in the future
why-date = must be a date written YYYY-MM-DD
why-before = cannot be before { $start }
why-percent-outside = { $value } is not a per cent from { $low } to { $high }
why-sent-with = must be sent with a changed { $other }
why-own-colours-need = is needed for the theme 'own', with { $other }
why-width-does-not-fit = { $width } does not fit { $format } Braille, whose line widths are { $widths }
why-too-faint = { $text } on { $background } has a contrast of { $ratio }:1; text needs at least { $least }:1
why-not-one-of = '{ $value }' is not one of { $values }
why-grade = must be a grade code of ONIX list 77 or BIC, such as 05 or P
why-country = must be an ISO 3166 alpha-2 code such as US or GB
why-language = must be an ISO 639-2 alpha-3 code such as eng or spa
why-email = must be an e-mail address such as ann@example.org
why-user-name = must be 1 to 100 characters without spaces
