# Ce que disent l'API et les pages quand elles refusent, ne trouvent rien ou se heurtent à ce
# qui est enregistré. Un paramètre contient un identifiant tel qu'il a été envoyé.

## Rien de ce nom
absent-title = Il n'y a aucun titre « { $id } »
absent-periodical = Il n'y a aucun périodique « { $id } »
absent-edition = Il n'y a aucun numéro « { $edition } » de « { $periodical } »
absent-site = Il n'y a aucun site « { $id } »
absent-organization = Il n'y a aucune organisation « { $id } »
absent-account = Il n'y a aucun compte « { $id } »
absent-reading-list = Il n'y a aucune liste de lecture « { $id } »
absent-popular-list = Il n'y a aucune liste populaire « { $id } »
absent-client-key = Il n'y a aucune clé client « { $id } »
absent-page = Cette page n'existe pas
absent-book-file = Le fichier du livre n'est plus là
absent-artifact = Le titre « { $id } » n'a pas de format { $format }
absent-book-at-recording-link = Ce lien a ouvert un enregistrement à écouter, pas un livre à lire
absent-recording-at-book-link = Ce lien a ouvert un livre à lire, pas un enregistrement à écouter
absent-withdrawn = Ce titre ou ce numéro a été retiré ; ses fichiers ne sont plus servis
absent-my-agreement = Vous n'avez signé aucun accord
absent-agreement = Le compte n'a aucun accord « { $id } »
absent-sync-key = Vous n'avez aucune clé de synchronisation
absent-my-subscription = Vous n'avez aucun abonnement en vigueur
absent-subscription = Le compte n'a aucun abonnement « { $id } »
absent-member-for-you = Il n'y a aucun membre « { $id } » dont vous vous occupez
absent-assignment = Le titre « { $id } » n'est pas attribué à ce membre
absent-account-organization = Ce compte n'appartient à aucune organisation
absent-user-name = Ce nom d'utilisateur n'existe pas
absent-user-name-account = Aucun compte n'a le nom d'utilisateur « { $name } »
absent-submission = Il n'y a aucune demande « { $id } » en cours d'examen
absent-org-sponsor = Votre organisation n'a aucun parrain « { $id } »
absent-org-member = Votre organisation n'a aucun membre « { $id } »
absent-recording = L'enregistrement de la bibliothèque du titre « { $id } » n'est plus là
absent-track = La piste de l'enregistrement n'est plus là
absent-catalog = Il n'y a aucun catalogue ici
absent-disability = Le compte n'a aucun handicap « { $kind } » enregistré
absent-partner-drive = Aucun espace de stockage partenaire n'est connecté
absent-narration-in-progress = La narration est encore en préparation
absent-bookmark = Vous n'avez aucun signet à cet endroit de « { $id } » en { $format }
absent-highlight = Vous n'avez aucun surlignage à cet endroit de « { $id } » en { $format }
absent-title-for-list = Il n'y a aucun titre disponible « { $id } » que le propriétaire de la liste puisse voir
absent-title-on-list = Le titre « { $id } » n'est pas sur cette liste
absent-document = Vous n'avez aucun document « { $id } »
absent-authority-request = Cette demande n'existe pas ; vérifiez le numéro donné dans le courriel
absent-book-part = Le livre n'a aucun fichier « { $path } »
absent-file = Ce fichier n'existe pas
absent-download-file = Le fichier n'est plus là ; demandez à nouveau le téléchargement
absent-category = Il n'y a aucune catégorie « { $name } »
absent-bisac = Il n'y a aucun sujet BISAC « { $code } »
absent-language = Il n'y a aucune langue « { $code } » : les langues sont des codes ISO 639-2, comme « fre »
absent-catalog-named = Il n'y a aucun catalogue « { $id } » ici
absent-narration-file = La narration n'a aucun fichier « { $name } »
absent-print-page = Ce livre n'a pas de page imprimée { $page }
absent-part-in-file = Cette partie du livre manque dans son fichier
absent-track-number = L'enregistrement n'a pas de piste { $number }
absent-part-number = Le livre n'a pas de partie { $number }
absent-any-library = Ce serveur n'a encore aucune bibliothèque
absent-position = Vous n'avez aucune position de lecture dans « { $id } » en { $format }
absent-partner-drive-set-up = Aucun espace de stockage partenaire n'est configuré pour cette bibliothèque
absent-partner-drive-connected = Vous n'avez connecté aucun espace de stockage partenaire ; envoyez le code de l'espace
absent-partner-drive-token = Le jeton de l'espace de stockage partenaire a expiré et ne peut pas être renouvelé ; connectez-le à nouveau
absent-resource = Il n'y a aucune ressource « { $id } »
absent-route = Il n'y a aucune ressource à l'adresse { $path }
absent-format = Il n'y a aucun format « { $format } »
absent-library = Il n'y a aucune bibliothèque « { $id } » ici
absent-library-here = Il n'y a aucune bibliothèque ici

## Refusé par les règles
refused-org-adds-no-members = Votre organisation n'est pas autorisée à ajouter des membres ; demandez-le à la bibliothèque
refused-epub-not-here-yet = L'EPUB 3 du titre « { $id } » n'est pas encore là ; il pourra être lu en ligne dès son arrivée
refused-no-epub = Le titre « { $id } » n'a pas d'EPUB 3 et ne peut donc pas être lu en ligne ; téléchargez l'un de ses formats
refused-document-failed = Le document « { $id } » n'a pas pu être rendu accessible et ne peut donc pas être lu
refused-document-in-progress = Le document « { $id } » est encore en train d'être rendu accessible ; rouvrez-le dans quelques secondes
refused-part-too-large = { $name } est trop volumineux pour être lu en ligne ; téléchargez le livre
refused-edit-names-nothing = Envoyez au moins l'un de ces paramètres : { $params }
refused-school-kept-by-org = Votre organisation gère votre établissement et votre niveau ; demandez à votre parrain de les modifier
refused-only-org-members-go-individual = Seuls les membres d'une organisation deviennent adhérents individuels
refused-download-for = Vous ne pouvez pas télécharger pour « { $member } » : les parrains téléchargent pour les membres de leur organisation, les assistants des adhésions pour les comptes de leur site
refused-account-locked = Ce compte est bloqué ; contactez votre bibliothèque
refused-referrals-privileged = Les orientations sont enregistrées par les applications de la bibliothèque (clés client dotées des privilèges de gestion des adhésions)
refused-administrators-only = Seuls les administrateurs gèrent les clés client et les sites de la bibliothèque
refused-account-elsewhere = Les assistants des adhésions créent des comptes sur leur propre site
refused-no-password = Ce compte n'a aucun mot de passe à changer
refused-password-wrong = Le mot de passe actuel n'est pas le bon
refused-accounts-privileged = Les comptes sont créés par les applications de la bibliothèque (clés client dotées des privilèges de gestion des adhésions)
refused-signed-in-already = Vous êtes déjà connecté à un compte ; déconnectez-vous pour en créer un autre
refused-assigned-to-org-members = Les titres sont attribués aux membres d'une organisation
refused-primary-contact-changes = Seul le contact principal de l'organisation la modifie
refused-primary-contact-hands-over = Seul le contact principal cède ce rôle à un autre parrain
refused-directory-import = Les assistants des adhésions importent l'annuaire de référence
refused-organizations-elsewhere = Les assistants des adhésions cherchent les organisations de leur propre site
refused-organization-elsewhere = Les assistants des adhésions créent des organisations sur leur propre site
refused-accounts-elsewhere = Les assistants des adhésions cherchent les comptes de leur propre site
refused-changes-administrators = Seuls les administrateurs lisent l'historique des modifications
refused-privileged-clients = Seules les applications de la bibliothèque (clés client dotées des privilèges de gestion des adhésions) peuvent faire cela
refused-proof-elsewhere = Les assistants des adhésions examinent les justificatifs de leur propre site
refused-sponsors-only = Seuls les parrains d'une organisation la gèrent
refused-organization-gone = Votre organisation n'existe plus
refused-recording-not-ready = L'enregistrement de la bibliothèque du titre « { $id } » ne peut pas encore être écouté.
refused-recording-not-arrived = L'enregistrement de la bibliothèque du titre « { $id } » ne peut pas encore être écouté. Son fichier n'est pas encore arrivé à la bibliothèque.
refused-recording-in-production = L'enregistrement de la bibliothèque du titre « { $id } » ne peut pas encore être écouté. Il est en cours de production et n'est pas encore prêt.
refused-recording-withdrawn = L'enregistrement de la bibliothèque du titre « { $id } » ne peut pas encore être écouté. Il a été retiré et n'est plus prêté.
refused-recording-failed = L'enregistrement de la bibliothèque du titre « { $id } » ne peut pas encore être écouté. Il n'a pas pu être produit.
refused-recording-unreadable = L'enregistrement de la bibliothèque du titre « { $id } » ne peut pas être écouté en ligne ; téléchargez-le en DAISY audio
refused-narration-failed = La narration du titre « { $id } » n'a pas pu être préparée
refused-narration-own-document = La bibliothèque narre ses propres titres ; un document personnel est lu à voix haute par les voix de votre navigateur
refused-narration-recorded = Le titre « { $id } » est narré dans l'enregistrement de la bibliothèque, qui n'est pas tiré de son EPUB : écoutez-le depuis la page du titre
refused-not-narrated = Le titre « { $id } » n'est pas narré : aucune voix n'est produite pour lui
refused-org-list = Les listes partagées avec une organisation (access=org) sont réservées à ses membres et à ses parrains
refused-not-your-member = { $param } : « { $id } » n'est pas un membre d'organisation dont vous vous occupez
refused-authorities-privileged = Les autorités compétentes répondent par les applications de la bibliothèque (clés client dotées des privilèges de gestion des adhésions)
refused-staff-pages = Ces pages sont réservées aux assistants des adhésions, aux assistants de collection et aux administrateurs de la bibliothèque
refused-staff-pages-elsewhere = Ce sont les pages du personnel de { $site } ; les vôtres sont à l'adresse /{ $yours }/staff
refused-membership-privileged = La gestion des adhésions est réservée aux clés client dotées des privilèges de gestion des adhésions
refused-membership-role = Seuls les assistants des adhésions et les administrateurs peuvent faire cela
refused-administrator-account = Seuls les administrateurs peuvent gérer le compte d'un administrateur
refused-own-list-subscription = Vous ne pouvez pas vous abonner à votre propre liste
refused-private-list-subscription = On ne peut pas s'abonner à une liste privée
refused-list-change = Seul le propriétaire de la liste, ou un parrain ou un assistant des adhésions ayant des droits sur lui, peut modifier cette liste
refused-collection-role = Seuls les assistants de collection et les administrateurs peuvent faire cela
refused-reading-link = Ce lien de lecture n'est pas valide ; rouvrez le livre
refused-reading-link-expired = Ce lien de lecture a expiré ; rouvrez le livre
refused-file-link = Ce lien de fichier n'est pas valide ; demandez à nouveau le téléchargement
refused-file-link-expired = Ce lien de fichier a expiré ; demandez à nouveau le téléchargement
refused-not-for-member = Ce titre n'est pas disponible pour le membre pour qui vous téléchargez
refused-partner-drive-privileged = Les espaces de stockage partenaires sont connectés par les applications de la bibliothèque (clés client dotées des privilèges de gestion des adhésions)
refused-key-disabled = Cette api_key a été désactivée
refused-form-expired = Ce formulaire a expiré ou ne vient pas de ce site. Revenez en arrière, rechargez la page et envoyez-le à nouveau.

## Trop pour l'instant
too-many-narrations = { $count } narrations sont déjà en préparation pour vous ; redemandez quand l'une d'elles sera prête
too-many-packages = { $count } paquets sont déjà en préparation pour vous ; redemandez quand l'un d'eux sera prêt
too-many-guests = De nombreux invités de cette application attendent des paquets ; redemandez dans une minute ou connectez-vous
too-many-sign-ins = Trop de connexions échouées ; réessayez plus tard
too-many-for-user = Trop de demandes pour cet utilisateur ; réessayez plus tard

## En conflit avec ce qui est enregistré
conflict-promotion-used-up = Le code promotionnel a été épuisé entre-temps
conflict-credits-spent = Les crédits du compte ont été dépensés entre-temps ; réessayez
conflict-partner-identity = Cette identité partenaire a déjà un compte ici : connectez-vous avec elle
conflict-submission-decided = Cette demande a déjà été tranchée
conflict-site-key-changes = La clé propre d'un site (celle de son catalogue OPDS, celle de ses pages web) ne change qu'avec le site
conflict-site-key-secret = La clé propre d'un site est publique et n'a pas de secret
conflict-title-removed = Le titre « { $id } » a été retiré de la collection ; seule une modification de titleStatus le rétablit
conflict-request-answered = Il a déjà été répondu à cette demande
conflict-staff-in-organization = Ce compte est celui d'un membre du personnel : seuls les lecteurs et les parrains appartiennent à des organisations, pas le personnel ni les bénévoles
conflict-primary-contact = Ce compte est le contact principal de { $organization } ; nommez d'abord un autre contact principal
why-site-id-taken = un site a déjà cet identifiant ; choisissez-en un autre
why-client-key-taken = cette clé existe déjà ; choisissez-en une autre, ou laissez le champ vide pour une clé aléatoire
why-popular-list-id-taken = une liste populaire a déjà cet identifiant ; choisissez-en un autre
why-product-identifier-of = « { $identifier } » est l'identifiant de produit du titre « { $title } »
why-user-name-taken = ce nom d'utilisateur appartient à un autre compte
why-highlight-there = vous avez déjà un surlignage à cet endroit ; modifiez-le avec PUT
why-product-identifier-taken = un autre titre de ce site a cet identifiant de produit
why-series-id-taken = un autre périodique a cet identifiant
why-edition-id-taken = un autre numéro a cet identifiant

## Un fichier que l'importation ou l'empaquetage n'a pas pu prendre
epub-not-zip = ce n'est pas une archive zip, donc pas un EPUB : { $why }
epub-zip-entry = l'entrée { $entry } du zip ne peut pas être lue : { $why }
epub-no-container = META-INF/container.xml manque, ce n'est donc pas un EPUB
epub-no-rootfile = META-INF/container.xml ne nomme aucun document de paquet (aucun rootfile avec full-path)
epub-no-package = le document de paquet { $path } nommé par META-INF/container.xml n'est pas dans l'archive
epub-not-epub3 = la version de paquet « { $version } » n'est pas EPUB 3 : seules les publications EPUB 3.x sont acceptées
epub-not-xml = { $file } n'est pas du XML bien formé : { $why }
epub-no-metadata = le document de paquet n'a pas de { $element }
epub-unstampable = le document de paquet ne peut pas être marqué : { $why }
epub-bad-timestamp = l'issued_at « { $value } » de l'avis n'est pas un horodatage AAAA-MM-JJThh:mm:ssZ
import-same-book = c'est le même livre que { $first } (identifiant de service { $id }) ; ignoré
import-not-read = le fichier envoyé n'a pas pu être lu : { $why }
import-not-stored = la copie dans le stockage de fichiers a échoué : { $why }

## Une ligne d'un fichier CSV envoyé (l'annuaire des organisations de référence)
csv-line = ligne { $line } : { $why }
csv-line-unread = ligne { $line } : { $why }
csv-empty = le fichier est vide : sa première ligne doit être un en-tête qui nomme les colonnes { $columns }
csv-no-header = la ligne 1 doit être une ligne d'en-tête ; il lui manque { $count ->
        [one] la colonne
       *[other] les colonnes
    } { $missing } (elle se lit ainsi : { $reads })
why-state-other-country = « { $state } » nomme un autre pays que « { $country } »
why-subdivision = doit être un code de subdivision, comme QC ou CA-QC

## Les réponses du stockage partenaire que Lectern n'a pas pu utiliser
drive-unreachable = Le stockage partenaire n'a pas répondu ; réessayez plus tard
drive-unreadable = Le stockage partenaire a répondu quelque chose d'illisible : { $what }
drive-files-url = L'adresse des fichiers du stockage partenaire ne peut pas nommer un fichier
drive-answered = Le stockage partenaire a répondu { $what }
drive-broke-off = Le stockage partenaire a coupé la connexion : { $what }

## Les clés d'identité du partenaire
partner-keys-unreachable = les clés du partenaire n'ont pas pu être obtenues : { $why }
