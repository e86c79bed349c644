# Les pages du catalogue : l’accueil, la recherche et ses résultats, les titres listés.
home-title = Accueil
home-new-arrivals = Nouveautés
home-nothing-new = Aucun titre n’est encore arrivé.
home-all-new = Toutes les nouveautés
home-popular-lists = Listes populaires

search-box-label = Rechercher des titres, des auteurs ou des sujets
search-button = Rechercher
search-browse = Parcourir la bibliothèque
search-results-for = Résultats de la recherche « { $keyword } »
search-found =
    { $count ->
        [0] Aucun titre trouvé
        [one] { $count } titre trouvé
       *[other] { $count } titres trouvés
    }
search-sort-label = Trier par
search-sort-button = Trier
search-sort-relevance = Pertinence
search-sort-title = Titre, de A à Z
search-sort-author = Auteur, de A à Z
search-sort-newest = Les plus récents d’abord
search-titles = Titres
search-nothing-found = Essayez d’autres mots, ou moins de choix sous « { search-narrow } ».
search-pages = Pages de résultats
search-previous = Page précédente
search-next = Page suivante
search-narrow = Affiner les résultats

facet-any = Tous
facet-accessibility = Accessibilité
facet-textual = Lisible par lecteur d’écran seul
facet-auditory = Lisible par l’écoute seule
facet-tactile = Lisible au toucher seul (braille)
facet-synchronized = Texte et audio synchronisés
facet-hazards = Dangers
facet-no-flashing = Aucun danger de flashs lumineux
facet-no-motion = Aucun danger de simulation de mouvement
facet-no-sound = Aucun danger sonore
facet-format = Format
facet-category = Catégorie
facet-language = Langue
facet-reading-age = Âge de lecture
facet-age = { $count } ans

# Un titre, tel que les listes le montrent.
title-by = de { $names }
title-formats = Formats : { $formats }

# Les formats, tels que les lecteurs les connaissent.
format-DAISY = DAISY texte
format-DAISY_AUDIO = DAISY audio
format-DAISY_2_AUDIO = DAISY 2.02 audio
format-BRF = BRF (braille numérique)
format-EPUB3 = EPUB 3
format-PDF = PDF
format-DOCX = Word (DOCX)
