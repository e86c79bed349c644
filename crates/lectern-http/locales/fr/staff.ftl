# Les pages du personnel : leur accueil et celles des adhésions (comptes, leurs dossiers, les justificatifs de handicap à examiner, organisations).
staff-title = Personnel
staff-memberships = Adhésions
staff-find-account = Trouver un compte
staff-add-account = Ajouter un compte
staff-proof-to-review = Justificatifs de handicap à examiner
staff-waiting = { $count ->
    [0] aucun en attente
    [one] { $count } en attente
   *[other] { $count } en attente
}
staff-find-organization = Trouver une organisation
staff-add-organization = Ajouter une organisation
staff-import-directory = Importer l'annuaire des organisations
staff-administration = Administration
staff-clients = Clés client
staff-task-clients = { $link } : les applications qui appellent la bibliothèque, une nouvelle avec son secret, une clé modifiée ou dotée d'un nouveau secret
staff-sites = Sites
staff-task-sites = { $link } : les bibliothèques que ce serveur fait tourner, une nouvelle, un site renommé ou rendu global
staff-popular-lists = Listes populaires
staff-task-lists = { $link } : les listes que les lecteurs voient sur la page d'accueil et dans leurs applications, une nouvelle, ses titres ajoutés, ordonnés et retirés
staff-categories = Catégories et codes BISAC
staff-task-categories = { $link } : les sujets que parcourent les lecteurs, un ajouté ou décrit
staff-collection = Collection
staff-catalog = Le catalogue
staff-task-catalog = { $link } : tous les titres, quel que soit leur statut ; modifier les informations d'un titre, le retirer ou le rétablir
staff-import = Ajouter des titres à partir de fichiers EPUB
staff-task-import = { $link } : un ou plusieurs livres EPUB 3, chacun un titre avec ses propres métadonnées
staff-periodicals = Périodiques
staff-task-periodicals = { $link } : journaux, magazines et revues ; un nouveau, ses informations, ses numéros ajoutés ou retirés
staff-semicolon =  ;
staff-first-page = Première page
staff-next-page = Page suivante
staff-choose = Choisir
staff-yes = Oui
staff-no = Non
staff-none = Aucun
staff-no-preference = Sans préférence
staff-save-changes = Enregistrer les modifications
staff-no-user-name = sans nom d'utilisateur
staff-locked = verrouillé
staff-role = Rôle
staff-role-any = Tous les rôles
staff-role-keep = Garder ses rôles actuels
staff-role-individualMember = Adhérent individuel
staff-role-organizationMember = Membre d'une organisation
staff-role-organizationSponsor = Parrain d'une organisation
staff-role-collectionAssistant = Assistant de collection
staff-role-membershipAssistant = Assistant des adhésions
staff-role-administrator = Administrateur
staff-role-volunteer = Bénévole
staff-role-trustedVolunteer = Bénévole de confiance
staff-role-not-offered = Choisissez l'un des rôles proposés
staff-proof-active = justificatif de handicap valide
staff-proof-submitted = justificatif de handicap envoyé
staff-proof-missing = pas de justificatif de handicap
staff-proof-status-active = valide
staff-proof-status-submitted = envoyé
staff-proof-status-missing = aucun
staff-subscription-active = actif
staff-subscription-expired = expiré
staff-subscription-missing = aucun

## Trouver un compte
staff-accounts = Comptes
staff-accounts-keyword = Nom, nom d'utilisateur ou adresse e-mail
staff-accounts-keyword-hint = Le début de l'un d'eux ; plusieurs mots affinent la recherche.
staff-accounts-organization = Identifiant de l'organisation (facultatif)
staff-accounts-find = Trouver des comptes
staff-accounts-found = { $count ->
    [0] Aucun compte trouvé.
    [one] { $count } compte trouvé.
   *[other] { $count } comptes trouvés.
}
staff-accounts-more = Plus de comptes

## Un compte, et un nouveau
staff-account-add = Ajouter le compte
staff-account-first-name = Prénom
staff-account-last-name = Nom
staff-account-email = Adresse e-mail
staff-account-email-hint = C'est aussi le nom d'utilisateur avec lequel la personne se connecte.
staff-account-phone = Téléphone (facultatif)
staff-account-address1 = Adresse, ligne 1 (facultatif)
staff-account-address2 = Adresse, ligne 2 (facultatif)
staff-account-city = Ville (facultatif)
staff-account-state = État, province ou région (facultatif)
staff-account-postal-code = Code postal (facultatif)
staff-account-country = Pays
staff-account-country-hint = Son code à deux lettres, comme US, GB ou CA.
staff-account-birth = Date de naissance
staff-account-birth-hint = Sous la forme année, mois et jour : 1990-04-01. Nécessaire pour un adhérent individuel.
staff-account-language = Langue (facultatif)
staff-account-language-hint = Son code à trois lettres, comme eng ou fra.
staff-account-guardian-first-name = Prénom du tuteur (facultatif)
staff-account-guardian-last-name = Nom du tuteur (facultatif)
staff-account-guardian-hint = Pour un mineur.
staff-account-password = Mot de passe (facultatif)
staff-account-password-hint = De 8 à 32 caractères, avec une lettre et un chiffre. Laissez-le vide pour en définir un plus tard.
staff-account-adult = Peut trouver des titres pour adultes
staff-account-first-name-missing = Saisissez le prénom
staff-account-last-name-missing = Saisissez le nom
staff-account-email-missing = Saisissez l'adresse e-mail
staff-account-country-missing = Saisissez le code à deux lettres du pays
staff-account-password-missing = Saisissez le nouveau mot de passe
staff-account-no-organization = Il n'y a pas d'organisation de ce nom sur ce site.
staff-account-organization-missing = Saisissez l'identifiant de l'organisation
staff-account-done-created = Le compte a été ajouté.
staff-account-done-changed = Le compte a été modifié.
staff-account-done-locked = Le compte a été verrouillé : il ne peut plus se connecter.
staff-account-done-unlocked = Le compte a été déverrouillé.
staff-account-done-password = Le mot de passe a été changé. Communiquez à la personne son nouveau mot de passe.
staff-account-done-joined = Le compte fait maintenant partie de l'organisation.
staff-account-done-left = Le compte a quitté son organisation : il lit désormais en tant qu'adhérent individuel.
staff-fact-user-name = Nom d'utilisateur
staff-fact-identifier = Identifiant du compte
staff-fact-roles = Rôles
staff-fact-proof = Justificatif de handicap
staff-fact-subscription = Abonnement
staff-fact-agreement = Accord signé
staff-fact-may-download = Peut télécharger
staff-fact-locked = Verrouillé
staff-account-change = Modifier le compte
staff-account-signing-in = Connexion
staff-account-is-locked = Le compte est verrouillé : il ne peut pas se connecter.
staff-account-unlock = Déverrouiller le compte
staff-account-lock = Verrouiller le compte
staff-account-password-problem = Il y a un problème avec le nouveau mot de passe
staff-account-new-password = Nouveau mot de passe
staff-account-password-rule = De 8 à 32 caractères, avec une lettre et un chiffre.
staff-account-set-password = Définir le nouveau mot de passe
staff-account-organization = Organisation
staff-account-organization-problem = Il y a un problème avec l'organisation
staff-account-move-to = Déplacer vers l'organisation (son identifiant)
staff-account-into = Dans l'organisation (son identifiant)
staff-account-as = En tant que
staff-account-as-member = Membre
staff-account-as-sponsor = Parrain
staff-account-move = Déplacer le compte
staff-account-bring-in = Faire entrer le compte
staff-account-take-out = Retirer le compte de son organisation
staff-account-find-another = Trouver un autre compte

## Les dossiers d'un compte
staff-records = Dossiers de ce compte
staff-records-account = Le compte
staff-records-agreements = Accords
staff-records-subscriptions = Abonnements
staff-records-preferences = Préférences de lecture
staff-records-recommendations = Recommandations
staff-records-activity = Listes et téléchargements
staff-records-changes = Historique des modifications

staff-agreements-title = Accords de { $name }
staff-agreements-none = Aucun accord n'est enregistré.
staff-agreement-termsOfUse = Les conditions d'utilisation du lecteur
staff-agreement-volunteer = L'accord du bénévole
staff-agreement-heading = { $kind }, signé le { $date }
staff-agreement-about = { $signed } ; { $recorded }. { $standing }
staff-agreement-signed-as = Signé sous le nom { $name }
staff-agreement-signed-as-guardian = Signé sous le nom { $name }, par un tuteur légal
staff-agreement-recorded-by = enregistré par { $name }
staff-agreement-recorded-by-reader = enregistré par le lecteur
staff-agreement-ended = A pris fin le { $date }.
staff-agreement-in-force = En vigueur.
staff-agreement-end = Mettre fin à l'accord signé le { $date }
staff-agreement-record-heading = Enregistrer un accord signé
staff-agreement = Accord
staff-agreement-date = Date de signature
staff-agreement-date-hint = Sous la forme année, mois et jour : 2026-11-02.
staff-agreement-print-name = Nom écrit par le signataire
staff-agreement-guardian = Signé par un tuteur légal
staff-agreement-record = Enregistrer l'accord
staff-agreement-date-missing = Saisissez la date de signature
staff-agreement-name-missing = Saisissez le nom tel que le signataire l'a écrit
staff-agreement-choose = Choisissez l'accord
staff-agreement-done-recorded = L'accord a été enregistré.
staff-agreement-done-ended = Il a été mis fin à l'accord aujourd'hui.

staff-subscriptions-title = Abonnements de { $name }
staff-subscriptions-none = Aucun abonnement n'est enregistré.
staff-subscription-heading = { $kind }, du { $start } au { $end }
staff-subscription-heading-no-end = { $kind }, à partir du { $start }, sans fin
staff-subscription-unlimited = téléchargements illimités
staff-subscription-monthly = { $count ->
    [one] { $count } téléchargement par mois
   *[other] { $count } téléchargements par mois
}
staff-subscription-in-all = { $count ->
    [one] { $count } téléchargement en tout
   *[other] { $count } téléchargements en tout
}
staff-subscription-end-problem = Il y a un problème avec la nouvelle fin
staff-subscription-last-day = Dernier jour
staff-subscription-last-day-hint = Sous la forme année, mois et jour. Un jour plus tardif le prolonge ; celui d'aujourd'hui y met fin.
staff-subscription-change-end = Modifier le dernier jour
staff-subscription-end-today = Y mettre fin aujourd'hui
staff-subscriptions-more = Plus d'abonnements
staff-subscription-grant-heading = Accorder un abonnement
staff-subscription-kind = Type d'abonnement
staff-subscription-first-day = Premier jour
staff-subscription-first-day-hint = Sous la forme année, mois et jour : 2026-12-01.
staff-subscription-last-day-optional = Dernier jour (facultatif)
staff-subscription-no-end-hint = Laissez-le vide pour qu'il n'ait pas de fin.
staff-subscription-allowed = Téléchargements autorisés (facultatif)
staff-subscription-allowed-hint = Laissez-le vide pour ce que permet le type d'abonnement.
staff-subscription-counted = Téléchargements comptés
staff-timeframe-default = Comme le prévoit le type d'abonnement
staff-timeframe-monthly = Chaque mois
staff-timeframe-whole = Sur tout l'abonnement
staff-subscription-notes = Notes (facultatif)
staff-subscription-grant = Accorder l'abonnement
staff-subscription-start-missing = Saisissez le premier jour
staff-subscription-choose = Choisissez le type d'abonnement
staff-subscription-end-missing = Saisissez le dernier jour
staff-subscription-done-granted = L'abonnement a été accordé.
staff-subscription-done-changed = La fin de l'abonnement a été modifiée.
staff-subscription-done-ended = L'abonnement prend fin aujourd'hui.

staff-account-proof-title = Justificatif de handicap de { $name }
staff-proof-on-file = Au dossier
staff-proof-none-on-file = Aucun handicap n'est au dossier.
staff-proof-vouched-by = Attesté par : { $source }.
staff-proof-who-vouches = Qui l'atteste
staff-proof-change-source = Modifier qui l'atteste
staff-proof-take-off = Le retirer
staff-proof-record-heading = Enregistrer un handicap
staff-proof-disability = Handicap
staff-proof-record = Enregistrer le handicap
staff-proof-under-review = En cours d'examen
staff-proof-nothing-waiting = Rien n'attend d'être examiné.
staff-proof-sent-on = Envoyé le { $date } :
staff-proof-decide-it = En décider dans les justificatifs de handicap à examiner
staff-proof-decided-before = Décidé auparavant
staff-proof-decided-approved = approuvé
staff-proof-decided-refused = refusé
staff-proof-decided-closed = clos
staff-proof-decided = { $when } : { $what } { $by } (envoyé le { $sent } : { $sent_note })
staff-proof-decided-noted = { $when } : { $what } { $by }, « { $note } » (envoyé le { $sent } : { $sent_note })
staff-proof-decided-by = par { $name }
staff-proof-decided-by-answer = par une réponse au dossier
staff-proof-disability-missing = Choisissez le handicap
staff-proof-source-missing = Choisissez qui l'atteste
staff-proof-done-recorded = Le handicap a été enregistré : le justificatif est valide.
staff-proof-done-changed = Qui l'atteste a été modifié.
staff-proof-done-removed = Le handicap a été retiré.
staff-source-schoolVerified = Vérifié par un établissement scolaire
staff-source-faxed = La confirmation écrite d'une autorité compétente
staff-source-nls = National Library Service
staff-source-learningOrg = Un organisme d'apprentissage
staff-source-trainingOrg = Un organisme de formation
staff-source-partner = Une bibliothèque partenaire
staff-source-marrakeshPartner = Un partenaire du traité de Marrakech

staff-preferences-title = Préférences de lecture de { $name }
staff-preferences-intro = Le formulaire est dans les mots du lecteur : c'est celui qu'il voit sur la page de son compte.
staff-preferences-save = Enregistrer les préférences
staff-preferences-done = Les préférences de lecture ont été enregistrées.

staff-profile-title = Recommandations pour { $name }
staff-profile-global = Recommander aussi dans la collection partagée
staff-profile-included-authors = Auteurs à recommander
staff-profile-excluded-authors = Auteurs à ne jamais recommander
staff-profile-included-categories = Catégories à recommander
staff-profile-excluded-categories = Catégories à ne jamais recommander
staff-profile-lines-hint = Un par ligne ; laissez vide pour aucun.
staff-profile-warnings = Ne jamais recommander de titres avec un avertissement pour
staff-warning-sex = Sexe
staff-warning-violence = Violence
staff-warning-drugs = Drogues
staff-warning-language = Langage grossier
staff-warning-intolerance = Intolérance
staff-warning-adult = Thèmes pour adultes
staff-warning-unrated = Non classé
staff-warning-contentWarning = Tout autre avertissement sur le contenu
staff-profile-narrator-voice = Voix du narrateur
staff-gender-female = Féminine
staff-gender-male = Masculine
staff-gender-otherNonBinary = Autre ou non binaire
staff-profile-narrator = Narrateur
staff-narrator-human = Un narrateur humain
staff-narrator-tts = Voix de synthèse
staff-profile-reading-age = Âge de lecture (facultatif)
staff-profile-reading-age-hint = En années, de 0 à 120.
staff-profile-save = Enregistrer le profil de recommandations
staff-profile-done = Le profil de recommandations a été enregistré.

staff-activity-title = Listes et téléchargements de { $name }
staff-activity-lists = Listes de lecture
staff-activity-no-lists = Aucune liste de lecture à lui.
staff-activity-list = { $name } : { $count ->
        [one] { $count } titre
       *[other] { $count } titres
    }, { $access }, mise à jour le { $date }
staff-list-access-private = privée
staff-list-access-shared = partagée avec d'autres lecteurs
staff-list-access-org = partagée avec son organisation
staff-activity-more-lists = Plus de listes de lecture
staff-activity-downloads = Téléchargements
staff-activity-downloads-count = { $count ->
    [one] { $count } téléchargement, le plus récent d'abord.
   *[other] { $count } téléchargements, les plus récents d'abord.
}
staff-activity-download = { $title } ({ $format }), { $date } : { $status }
staff-activity-download-for = { $title } ({ $format }), { $date }, pour la personne par { $by } : { $status }
staff-packaging-queued = En attente de préparation
staff-packaging-packaging = En cours de préparation
staff-packaging-ready = Prêt
staff-packaging-failed = N'a pas pu être préparé
staff-packaging-streamed = Lu en ligne
staff-activity-older = Téléchargements plus anciens

staff-changes-title = Historique des modifications de { $name }
staff-changes-count = { $count ->
    [one] { $count } modification faite par le personnel de la bibliothèque, la plus récente d'abord.
   *[other] { $count } modifications faites par le personnel de la bibliothèque, les plus récentes d'abord.
}
staff-change-heading = { $what }, { $when } UTC, par { $who }
staff-changes-nothing = Rien de ce qui est affiché n'a changé.
staff-changes-none = rien
staff-changes-older = Modifications plus anciennes
staff-change-account-added = Compte ajouté
staff-change-account-changed = Compte modifié
staff-change-password = Mot de passe défini
staff-change-agreement-recorded = Accord enregistré
staff-change-agreement-ended = Fin de l'accord
staff-change-subscription-granted = Abonnement accordé
staff-change-subscription-changed = Abonnement modifié
staff-change-disability-removed = Handicap retiré
staff-change-preferences = Préférences de lecture modifiées
staff-change-profile = Profil de recommandations modifié
staff-change-proof-decided = Décision sur le justificatif de handicap

## Les justificatifs de handicap à examiner
staff-proof-waiting = { $count ->
    [0] Aucun justificatif de handicap n'attend d'être examiné.
    [one] { $count } envoi attend d'être examiné.
   *[other] { $count } envois attendent d'être examinés, le plus ancien d'abord.
}
staff-proof-sent = Envoyé
staff-proof-what-sent = Ce qui a été envoyé
staff-proof-authority = Confirmation demandée à
staff-proof-decision-problem = Il y a un problème avec cette décision
staff-proof-decision-for = Décision pour { $name }
staff-proof-approve = Approuver : enregistrer les handicaps ci-dessous
staff-proof-refuse = Refuser
staff-proof-disabilities = Handicaps que montre le justificatif
staff-proof-note = Note
staff-proof-note-hint = Ce que le justificatif a montré, ou pourquoi vous le refusez : l'adhérent la lit. { $count } caractères au plus.
staff-proof-record-decision = Enregistrer la décision pour { $name }
staff-proof-more = Plus d'envois
staff-proof-decision-missing = Choisissez d'approuver ou de refuser
staff-proof-disabilities-missing = Choisissez les handicaps que montre le justificatif
staff-proof-note-missing = Dites ce que le justificatif a montré, ou pourquoi vous le refusez
staff-proof-done-approved = Approuvé : les handicaps sont enregistrés et le justificatif de l'adhérent est valide.
staff-proof-done-refused = Refusé : l'adhérent peut lire votre note et envoyer un autre justificatif.

## Organisations
staff-orgs = Organisations
staff-orgs-keyword-hint = Le début de l'un de ses mots.
staff-orgs-find = Trouver des organisations
staff-orgs-found = { $count ->
    [0] Aucune organisation trouvée.
    [one] { $count } organisation trouvée.
   *[other] { $count } organisations trouvées.
}
staff-org-found = { $kind } ; { $place }
staff-org-found-suspended = { $kind } ; { $place } ; suspendue
staff-orgs-more = Plus d'organisations
staff-org-type-school = Une école primaire ou secondaire
staff-org-type-schoolDistrict = Un district scolaire ou une autorité locale d'éducation
staff-org-type-university = Un établissement d'enseignement supérieur ou une université
staff-org-type-library = Une bibliothèque publique ou d'établissement
staff-org-type-agency = Un organisme de réadaptation ou de services aux personnes handicapées
staff-org-type-other = Un autre type d'organisation
staff-org-kind = Type d'organisation
staff-org-add = Ajouter l'organisation
staff-org-name = Nom
staff-org-address1 = Adresse, ligne 1
staff-org-address2 = Adresse, ligne 2
staff-org-city = Ville
staff-org-state = État, province ou région
staff-org-postal-code = Code postal
staff-org-phone = Téléphone
staff-org-website = Site web
staff-org-website-optional = Site web (facultatif)
staff-org-notes = Notes
staff-org-notes-hint = Pour le personnel de la bibliothèque.
staff-org-contact-first-name = Prénom du contact principal
staff-org-contact-last-name = Nom du contact principal
staff-org-contact-title = Fonction du contact principal
staff-org-contact-title-hint = Par exemple « Enseignant spécialisé en déficience visuelle ».
staff-org-contact-email = Adresse e-mail du contact principal
staff-org-contact-email-hint = C'est aussi le nom d'utilisateur avec lequel il se connecte.
staff-org-contact-phone = Téléphone du contact principal (facultatif)
staff-org-subscription-optional = Type d'abonnement (facultatif)
staff-org-subscription-hint = Laissez-le vide pour celui que prévoit le type d'organisation.
staff-org-name-missing = Saisissez le nom de l'organisation
staff-org-address1-missing = Saisissez la première ligne de l'adresse
staff-org-city-missing = Saisissez la ville
staff-org-postal-code-missing = Saisissez le code postal
staff-org-kind-missing = Choisissez le type d'organisation
staff-org-contact-first-name-missing = Saisissez le prénom du contact principal
staff-org-contact-last-name-missing = Saisissez le nom du contact principal
staff-org-contact-title-missing = Saisissez la fonction du contact principal
staff-org-contact-email-missing = Saisissez l'adresse e-mail du contact principal
staff-org-this = Cette organisation
staff-org-tab-organization = L'organisation
staff-org-tab-members = Membres et parrains
staff-org-identifier = Identifiant
staff-org-primary-contact = Contact principal
staff-org-allowance = Téléchargements qu'un membre peut faire
staff-org-allowance-100 = 100 par mois et par membre
staff-org-allowance-200 = 200 par mois et par membre
staff-org-allowance-300 = 300 par mois et par membre
staff-org-allowance-unlimited = Illimités
staff-org-change = Modifier l'organisation
staff-org-settings = Accords et réglages
staff-org-flag-agreementSigned = L'accord de l'organisation est signé
staff-org-flag-riderSigned = L'avenant est signé
staff-org-flag-canDownloadNIMAC = Peut télécharger les titres NIMAC
staff-org-flag-canCreateUsers = Peut ajouter des membres et attester leur justificatif de handicap
staff-org-flag-suspended = Suspendue : ses membres ne peuvent pas télécharger
staff-org-flag-unreported = Exclue des rapports
staff-org-flag-servicePlus = A les fonctions premium
staff-org-flag-readingCompanion = A le compagnon de lecture
staff-org-flag-safeSearch = Recherche sécurisée pour les nouveaux membres
staff-org-flag-allowSearchDownloads = Les nouveaux membres peuvent télécharger ce qu'ils trouvent
staff-org-done-created = L'organisation a été ajoutée, avec son contact principal.
staff-org-done-changed = L'organisation a été modifiée.
staff-org-members-title = Membres et parrains de { $name }
staff-org-no-sponsors = Aucun parrain.
staff-org-is-primary-contact = (contact principal)
staff-org-name-contact = Désigner le contact principal
staff-org-bring-in-heading = Faire entrer un compte
staff-org-user = Nom d'utilisateur ou identifiant du compte
staff-org-user-missing = Saisissez un nom d'utilisateur ou un identifiant de compte
staff-org-sponsor-title = Fonction du parrain (facultatif)
staff-org-username = Nom d'utilisateur (facultatif)
staff-org-username-hint = Pour un membre qui se connecte lui-même.
staff-org-members-count = { $count ->
    [0] Aucun membre.
    [one] { $count } membre.
   *[other] { $count } membres.
}
staff-org-done-added = Le membre a été ajouté.
staff-org-done-contact = Le contact principal a été changé.

## L'annuaire des organisations
staff-directory-intro = Les nouvelles organisations sont rapprochées de cet annuaire. Un fichier ajoute des organisations, ou remplace celles qui ont le même identifiant.
staff-directory-problems = { $count ->
    [one] Rien n'a été chargé : le fichier a un problème
   *[other] Rien n'a été chargé : le fichier a { $count } problèmes
}
staff-directory-mend = Corrigez les lignes indiquées et téléversez le fichier à nouveau.
staff-directory-file = Fichier CSV
staff-directory-file-hint = Sa première ligne nomme les colonnes ; il doit avoir { $columns }, et peut avoir parentName, address1, address2, city, postalCode et l'adresse du lieu. 10 Mo au plus.
staff-directory-load = Vérifier et charger le fichier
staff-directory-file-missing = Choisissez un fichier CSV d'organisations
staff-directory-loaded = { $count ->
    [one] { $count } organisation a été chargée dans l'annuaire.
   *[other] { $count } organisations ont été chargées dans l'annuaire.
}
