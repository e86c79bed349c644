# La page d’un titre : ce qu’il est, comment l’obtenir, la lecture du lecteur.
title-cover = Couverture de { $title }
title-download = Télécharger
title-cannot-download = Vous ne pouvez pas télécharger ce titre pour le moment :
title-sign-in-to-download = Connectez-vous pour télécharger des titres avec le compte de votre bibliothèque.
title-choose-format = Choisissez un format
title-counts-as-download = L’ouvrir compte pour un téléchargement, une fois par mois.
title-read-online = Lire en ligne
title-listen-online = Écouter en ligne
title-formats-unavailable = Formats que vous ne pouvez pas télécharger
title-unavailable = { $format } : { $why }
title-your-reading = Votre lecture
title-where-you-are = Où vous en êtes
title-your-members = Vos membres
title-assign = Attribuer ce titre à des membres et voir qui peut le télécharger
title-reading-lists = Listes de lecture
title-added-to = Ajouté à { $list }.
title-no-lists = Vous n’avez aucune liste de lecture à laquelle ajouter ce titre.
title-make-list = Créer une liste de lecture
title-add-to = Ajouter ce titre à
title-add-to-list = Ajouter à la liste
title-no-accessibility = Aucun format de ce titre ne peut encore être téléchargé : il n’y a donc rien à dire de son accessibilité.

fact-translated-by = Traduit par
fact-edited-by = Édité par
fact-publisher = Éditeur
fact-copyright = Droits d’auteur
fact-edition = Édition
fact-language = Langue
fact-categories = Catégories
fact-series = Série
fact-series-number = { $series }, numéro { $number }
fact-reading-age = Âge de lecture
fact-ages-between = De { $from } à { $to } ans
fact-ages-from = À partir de { $from } ans
fact-ages-to = Jusqu’à { $to } ans
fact-pages = Pages
fact-isbn = ISBN
fact-content-warnings = Avertissements sur le contenu

warning-contentWarning = contenu qui peut heurter
warning-sex = contenu sexuel
warning-violence = violence
warning-drugs = drogues
warning-language = langage grossier
warning-intolerance = intolérance
warning-adult = contenu pour adultes
warning-unrated = non classé

format-in-a-zip = { $format }, ses volumes dans un zip
not-ready-file-not-arrived = Son fichier n’est pas encore arrivé à la bibliothèque.
not-ready-in-production = Il est en cours de production et n’est pas encore prêt.
not-ready-withdrawn = Il a été retiré et n’est plus prêté.
not-ready-failed = Il n’a pas pu être produit.
made-braille = fait à partir de l’EPUB selon vos réglages braille quand vous le demandez
made-speech = lu à voix haute par une voix de synthèse, fait quand vous le demandez
made-from-epub = fait à partir de l’EPUB quand vous le demandez

online-read-or-recording = Ou lisez-le ici, dans votre navigateur, sans rien télécharger, ou écoutez l’enregistrement de la bibliothèque, titre par titre et page par page.
online-read-or-narration = Ou lisez-le ici, dans votre navigateur, sans rien télécharger, ou écoutez-le lu par la voix de synthèse de la bibliothèque en suivant le texte.
online-read = Ou lisez-le ici, dans votre navigateur, sans rien télécharger.
online-recording = Ou écoutez ici, dans votre navigateur, l’enregistrement de la bibliothèque, titre par titre et page par page, sans rien télécharger.

not-made-speech = Lectern ne peut pas lire ce titre à voix haute : son synthétiseur vocal, eSpeak NG, n’a pas de voix pour { $language }.
not-made-braille = Lectern ne peut pas produire ce titre en braille : il n’a pas de tables braille pour { $language }.

mark-bookmark-deleted = Le signet a été supprimé.
mark-highlight-deleted = Le surlignage a été supprimé.
mark-bookmarks = Signets
mark-highlights = Surlignages
mark-delete = Supprimer
mark-delete-bookmark = le signet { $words }
mark-delete-highlight = le surlignage { $words }
mark-position = { $format } : { $place } (le { $date })
mark-bookmark = { $format } : { $place }, créé le { $date }
mark-no-text = (aucun texte gardé)
mark-highlight = « { $text } »
mark-highlight-noted = « { $text } », avec la note : { $note }
mark-through = à { $percent } %
mark-at-position = à la position { $position }
mark-at = à { $place }

# Pourquoi un lecteur ne peut pas télécharger un titre, ou ce qu’il doit savoir avant.
alert-title-not-live = Ce titre n’est pas disponible au téléchargement.
alert-sign-in-required = Connectez-vous pour télécharger ce titre : sans compte, seuls les titres du domaine public et sous licence Creative Commons peuvent être téléchargés.
alert-country-restricted = Ce titre ne peut être lu que dans certains pays ; connectez-vous pour que nous sachions le vôtre.
alert-not-a-member = Seuls les membres téléchargent des titres pour eux-mêmes ; les parrains les téléchargent pour leurs membres.
alert-adult-content = Ce titre a un contenu pour adultes, que ce compte n’autorise pas.
alert-country-not-yours = Ce titre ne peut pas être lu dans votre pays.
alert-agreement-missing = Signez l’accord d’adhésion pour télécharger des titres.
alert-subscription-expired = L’abonnement a expiré ; renouvelez-le pour télécharger des titres.
alert-subscription-missing = Un abonnement est nécessaire pour télécharger des titres.
alert-proof-of-disability-pending = Le justificatif de handicap a été reçu et est en cours de vérification.
alert-proof-of-disability-missing = Un justificatif de handicap est nécessaire pour télécharger des titres.
alert-organization-suspended = L’adhésion de votre organisation est suspendue ; ses membres ne peuvent pas télécharger de titres.
alert-assigned-titles-only = Votre organisation ne vous permet de télécharger que les titres qui vous sont attribués.
alert-nimac-restricted = Ce titre est réservé aux élèves ayant un plan d’accompagnement, par l’intermédiaire de leur école.
alert-monthly-quota-reached = Les { $quota } téléchargements permis ce mois-ci ont été utilisés.
alert-monthly-quota-low = Il reste { $left } des { $quota } téléchargements de ce mois-ci.
alert-subscription-quota-reached = Les { $quota } téléchargements permis par cet abonnement ont été utilisés.
alert-subscription-quota-low = Il reste { $left } des { $quota } téléchargements de cet abonnement.

# Une copie d’un titre préparée pour le téléchargement.
download-ready-title = Prête : { $title }, { $format }
download-preparing-title = En préparation : { $title }, { $format }
download-not-asked-title = Pas encore demandée : { $title }, { $format }
download-heading = Votre copie de { $title }
download-ready = Votre copie en { $format } est prête.
download-link = Télécharger le fichier { $format }
download-preparing = Votre copie en { $format } est en préparation. Cela prend d’habitude moins d’une minute.
download-not-asked = Vous n’avez pas encore demandé de copie en { $format }. En demander une compte pour un téléchargement.
download-check-again = Vérifier à nouveau
download-ask = Demander la copie en { $format }
download-back = Retour à { $title }

# Mes livres : ce qui a été attribué au lecteur et ce qu’il a téléchargé.
books-title = Mes livres
books-assigned = Attribués à moi
books-nothing-assigned = Rien ne vous a été attribué.
books-downloads = Mes téléchargements
books-no-downloads = Vous n’avez encore rien téléchargé.
books-find-title = Trouver un titre
books-earlier = Téléchargements précédents
books-download-detail = { $format }, { $date } ; { $status }
books-status-ready = prêt
books-status-read-online = lu en ligne
books-status-preparing = en préparation
books-assigned-by-downloaded = Attribué par { $name } ; téléchargé le { $date }
books-assigned-by-not-downloaded = Attribué par { $name } ; pas encore téléchargé
books-downloaded = Téléchargé le { $date }
books-not-downloaded = Pas encore téléchargé
