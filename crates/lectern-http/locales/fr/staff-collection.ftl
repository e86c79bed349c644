# Les pages de la collection pour le personnel : le catalogue, un titre, ses formats et fichiers, les envois d'EPUB, les périodiques et leurs numéros.
staff-not-recorded = Non renseigné
staff-never = Jamais
staff-one-a-line = Un par ligne.
staff-why = Pourquoi (facultatif)
staff-why-hint = Conservé avec la modification dans l'historique du titre.
staff-done-saved = Les modifications sont enregistrées.
staff-the-title = Le titre

## Le catalogue
staff-catalog-titles = Titres
staff-catalog-status = Statut
staff-status-any = Tous les statuts
staff-status-live = En ligne
staff-status-withdrawn = Retiré
staff-status-new = Nouveau
staff-status-beingEdited = En cours de modification
staff-status-proofreadValid = Relu, valide
staff-status-proofreadRejected = Relu, rejeté
staff-status-converted = Converti
staff-status-reprocess = À retraiter
staff-status-validated = Validé
staff-status-userSubmitted = Envoyé par un utilisateur
staff-status-publisherSubmitted = Envoyé par un éditeur
staff-status-removed = Supprimé
staff-catalog-isbn = ISBN (facultatif)
staff-catalog-from = Mis à jour depuis (facultatif)
staff-catalog-date-hint = Sous la forme année, mois et jour : 2026-01-31.
staff-catalog-until = Mis à jour jusqu'au (facultatif)
staff-catalog-direction = Sens
staff-catalog-order-title = Titre
staff-catalog-order-author = Auteur
staff-catalog-order-updated = Dernière mise à jour
staff-catalog-order-copyright = Année du copyright
staff-catalog-order-relevance = Pertinence
staff-catalog-ascending = Croissant
staff-catalog-descending = Décroissant
staff-catalog-show = Afficher les titres
staff-catalog-found = { $count ->
    [0] Aucun titre trouvé.
    [one] { $count } titre trouvé.
   *[other] { $count } titres trouvés.
}
staff-catalog-title-about = { $status } ; mis à jour le { $date }
staff-catalog-title-never = { $status } ; jamais mis à jour
staff-catalog-more = Plus de titres

## Un titre
staff-title-page-title = { $name } : informations et fichiers
staff-title-done-accepted = Votre modification est acceptée. Le traitement de fond l'applique dans un instant ; son avancement est dans l'historique ci-dessous.
staff-title-formats = Formats
staff-title-no-files = Le titre n'a pas encore de fichier.
staff-format-derived = produit à partir de l'EPUB maître à la première demande
staff-artifact-status-available = disponible
staff-artifact-status-inProduction = en production
staff-artifact-status-withdrawn = retiré
staff-artifact-status-failed = n'a pas pu être produit
staff-title-add-file = Ajouter ou remplacer le fichier d'un format
staff-title-history = Historique
staff-title-no-changes = Pas encore de modification.
staff-history-heading = { $what }, { $when } UTC, par { $who }
staff-history-heading-format = { $what } ({ $format }), { $when } UTC, par { $who }
staff-history-updateAccepted = Modification demandée
staff-history-metadataUpdated = Informations modifiées
staff-history-artifactUpdated = Un format modifié
staff-history-artifactAdded = Un format ajouté
staff-history-restored = Rétabli
staff-history-statusChanged = Statut modifié
staff-history-updateNotApplied = Modification non appliquée
staff-history-queued = En attente d'application.
staff-history-applied = Appliquée.
staff-history-applied-changes = Appliquée : { $changes }.
staff-history-not-applied = Non appliquée :
staff-history-not-applied-changed = Non appliquée : le titre avait changé.
staff-title-check-again = Vérifier à nouveau
staff-title-change = Modifier les informations
staff-title-field-title = Titre
staff-title-field-subtitle = Sous-titre
staff-title-field-series = Série
staff-title-field-series-number = Numéro dans la série
staff-title-field-publisher = Éditeur
staff-title-field-edition = Édition
staff-title-field-isbn = ISBN
staff-title-field-isbn-hint = ISBN-10 ou ISBN-13 ; conservé en ISBN-13.
staff-title-field-copyright-hint = Quatre chiffres, comme 1998.
staff-title-field-youngest = Âge de lecture minimal
staff-title-field-oldest = Âge de lecture maximal
staff-title-field-years-hint = En années.
staff-title-field-authors = Auteurs
staff-title-field-authors-hint = Un par ligne, tel que le nom s'écrit : Jane Austen.
staff-title-field-languages = Langues
staff-title-field-languages-hint = Une par ligne, chacune un code à trois lettres comme fra.
staff-title-field-synopsis = Résumé
staff-title-flag-adult = Réservé aux adultes
staff-title-flag-recommend = Peut être recommandé
staff-title-availability = Disponibilité
staff-title-is-withdrawn = Le titre est retiré : les lecteurs ne peuvent ni le trouver ni le télécharger.
staff-title-restore = Rétablir le titre
staff-title-withdraw = Retirer le titre

## Un format d'un titre
staff-artifact-heading = { $title } : { $format }
staff-artifact-file = Fichier
staff-artifact-no-file = Aucun fichier
staff-artifact-added = Ajouté
staff-artifact-change = Modifier les informations de ce format
staff-artifact-gbs = Identifiant du Global Book Service
staff-artifact-gbs-hint = Le numéro que l'ABC Global Book Service donne à ce fichier, s'il en a un.
staff-artifact-own-id = Votre propre identifiant
staff-artifact-own-id-hint = Le numéro que le système de votre bibliothèque donne à ce fichier.
staff-artifact-supplier = Fournisseur
staff-artifact-funded-by = Financé par
staff-artifact-duration = Durée
staff-artifact-duration-hint = Sous la forme PTnHnMnS : PT9H30M fait neuf heures et demie.
staff-artifact-producers = Producteurs
staff-braille-code = Code braille
staff-braille-code-ueb = Braille anglais unifié (UEB)
staff-braille-code-ebae = Braille anglais, édition américaine (EBAE)
staff-braille-code-standardEnglishBraille = Braille anglais standard
staff-braille-code-musicBrailleCode = Notation musicale braille
staff-braille-code-french = Français
staff-braille-code-frenchQuebec = Français (Québec)
staff-braille-code-frenchUnified = Français (unifié)
staff-braille-code-spanish = Espagnol
staff-braille-contracted = Abrégé
staff-braille-uncontracted = Intégral
staff-braille-how-made = Comment il a été produit
staff-braille-transcribed = Transcrit par une personne
staff-braille-automated = Traduit par un logiciel
staff-braille-layout = Disposition de la partition
staff-braille-layout-none = Pas de musique, ou non renseigné
staff-braille-layout-barOverBar = Mesure sur mesure
staff-braille-layout-barByBar = Mesure par mesure
staff-braille-volumes = Volumes
staff-braille-volumes-hint = Combien de volumes braille.
staff-braille-transcriber = Transcripteur

## Les fichiers d'un format
staff-files-title = { $title } : ajouter ou remplacer le fichier d'un format
staff-files-intro = Le fichier devient l'exemplaire du titre dans ce format, ou remplace celui qu'il a. Les lecteurs le téléchargent dès que la modification est appliquée ; son avancement est dans l'historique du titre.
staff-files-format = Format
staff-files-choose-format = Choisissez un format
staff-files = Fichiers
staff-files-hint = Un seul fichier pour EPUB 3, PDF et Word. Pour DAISY, choisissez tous les fichiers du livre à la fois (avec son fichier de paquetage, ou ncc.html pour DAISY 2.02) ; pour le braille, tous ses volumes .brf. Chaque fichier peut aller jusqu'à 1 Go.
staff-files-upload = Téléverser les fichiers
staff-files-format-missing = Choisissez le format des fichiers
staff-files-none = Choisissez le fichier, ou pour DAISY et le braille tous les fichiers du livre
staff-files-one = Un { $format } tient en un seul fichier : choisissez-en un
staff-files-twice = Deux fichiers s'appellent { $name } : chaque nom une seule fois
staff-files-not-epub = Le fichier n'est pas un EPUB 3 utilisable : { $why }
staff-files-not-pdf = Le fichier n'est pas un PDF
staff-files-not-word = Le fichier n'est pas un document Word
staff-files-daisy2 = Un livre DAISY 2.02 a besoin de son ncc.html parmi les fichiers
staff-files-daisy3 = Un livre DAISY 3 a besoin de son fichier de paquetage (.opf) parmi les fichiers
staff-files-braille = Un livre en braille a besoin de ses fichiers .brf (ou .brl)

## Envois d'EPUB
staff-import-outcomes = Ce que chaque fichier est devenu
staff-import-all = { $files ->
    [one] Le fichier a été importé.
   *[other] Les { $files } fichiers ont tous été importés.
}
staff-import-none = { $files ->
    [one] Le fichier n'a pas pu être importé.
   *[other] Aucun des { $files } fichiers n'a pu être importé.
}
staff-import-some = { $imported } fichiers sur { $files } ont été importés ; les autres sont listés avec la raison.
staff-import-added = Ajouté : { $title }
staff-import-updated = Mis à jour : { $title } (le même livre était déjà là)
staff-import-refused = Non importé :
staff-import-intro = Chaque fichier EPUB 3 devient un titre, ses informations tirées des métadonnées et des propriétés d'accessibilité du livre lui-même. Un livre envoyé à nouveau (le même ISBN, ou à défaut le même identifiant) met à jour son titre au lieu d'en ajouter un autre.
staff-import-files = Fichiers EPUB
staff-import-files-hint = Choisissez-en un ou plusieurs. Chacun peut aller jusqu'à 200 Mo.
staff-import-files-missing = Choisissez un ou plusieurs fichiers EPUB 3
staff-import-usage = Droit d'auteur
staff-import-usage-keep = Garder celui de chaque titre ; protégé pour un nouveau titre
staff-import-usage-copyright = Protégé par le droit d'auteur
staff-import-usage-publicDomain = Domaine public
staff-import-usage-creativeCommons = Creative Commons
staff-import-status-keep = Garder celui de chaque titre ; en ligne pour un nouveau titre
staff-import-status-live = En ligne : les lecteurs le trouvent aussitôt
staff-import-status-new = Nouveau : pas encore montré aux lecteurs
staff-import-category = Ajouter à une catégorie
staff-import-no-category = Cette catégorie n'existe pas
staff-import-upload = Téléverser et ajouter les titres

## Périodiques
staff-series-title-contains = Le titre contient
staff-series-find = Trouver
staff-series-found = { $count ->
    [0] Aucun périodique trouvé.
    [one] { $count } périodique trouvé.
   *[other] { $count } périodiques trouvés.
}
staff-series-about-issn = ISSN { $issn } ; { $kind }
staff-series-type-newspaper = Journal
staff-series-type-magazine = Magazine
staff-series-type-journal = Revue
staff-series-more = Plus de périodiques
staff-series-new = Un nouveau périodique
staff-series-id-hint = Lettres, chiffres et tirets, comme quotidien-local ; il ne peut pas être modifié ensuite.
staff-series-issn = ISSN
staff-series-issn-hint = Quatre chiffres, un tiret et quatre autres, comme 0028-0836.
staff-series-description = Description
staff-series-category-code = Votre propre code de catégorie
staff-series-category-code-hint = Le code sous lequel le système de votre bibliothèque le classe.
staff-series-categories = Catégories
staff-series-countries = Pays où il peut être lu
staff-series-countries-hint = Un par ligne, chacun un code à deux lettres comme FR ; aucun signifie partout.
staff-series-add = Ajouter le périodique
staff-series-id-missing = Saisissez un identifiant pour la série
staff-series-title-missing = Saisissez le titre de la série
staff-series-done-added = Le périodique est ajouté. Ajoutez ses numéros ci-dessous.
staff-series-done-withdrawn = Le retrait du numéro est accepté : il quitte les listes dans un instant.
staff-editions = Numéros
staff-edition-add-link = Ajouter un numéro
staff-editions-count = { $count ->
    [0] Pas encore de numéro.
    [one] { $count } numéro.
   *[other] { $count } numéros, le plus récent d'abord.
}
staff-edition-about = paru le { $date } ; { $formats }
staff-editions-more = Plus de numéros
staff-editions-newest = Numéros les plus récents
staff-editions-older = Numéros plus anciens

## Un numéro
staff-edition-heading = { $series } : { $edition }
staff-edition-new-heading = { $series } : un nouveau numéro
staff-edition-the-periodical = Le périodique
staff-edition-and-file = Le numéro et son fichier
staff-edition-id-hint = Unique parmi tous les numéros, comme quotidien-local-2026-11-27 ; il ne peut pas être modifié ensuite.
staff-edition-name-hint = Tel que les lecteurs le voient, comme 27 novembre 2026 ou Numéro 48.
staff-edition-published = Paru le
staff-edition-until = Disponible jusqu'au (facultatif)
staff-edition-until-hint = Laissez vide pour le garder disponible.
staff-edition-files-hint = Un seul fichier pour EPUB 3, PDF et Word ; pour DAISY et le braille, tous les fichiers du numéro à la fois. Chacun peut aller jusqu'à 1 Go.
staff-edition-add = Ajouter le numéro
staff-edition-withdrawn-means = Les lecteurs ne peuvent plus trouver ni télécharger un numéro retiré.
staff-edition-withdraw = Retirer le numéro
staff-edition-id-missing = Saisissez un identifiant pour le numéro
staff-edition-name-missing = Saisissez le nom du numéro, comme sa date ou son numéro
staff-edition-date-missing = Saisissez sa date de parution
staff-edition-done-added = Le numéro est ajouté : les lecteurs peuvent le trouver et le télécharger.
