# Les pages des administrateurs : clés client, sites, listes populaires, catégories et codes BISAC.

## Clés client
staff-client-named = { $name } (site { $site })
staff-client-trusted = de confiance
staff-client-privileged = privilégiée
staff-client-with-secret = avec un secret
staff-client-disabled = désactivée
staff-client-sites-own = celle du site
staff-client-rate = { $count ->
    [one] { $count } requête par minute
   *[other] { $count } requêtes par minute
}
staff-client-made = La clé client { $key } a été créée.
staff-client-secret-once = Son secret, affiché cette seule fois : copiez-le et gardez-le en lieu sûr.
staff-client-make-heading = Créer une clé client
staff-client-name-hint = L'application, telle que le personnel la connaît.
staff-client-key-optional = Clé (facultatif)
staff-client-key-hint = Au moins 8 caractères, sans espace ; laissez vide pour une clé au hasard.
staff-client-site = Site
staff-client-redirects-optional = URI de redirection (facultatif)
staff-client-redirects-hint = Une par ligne : où le formulaire de connexion peut renvoyer le lecteur.
staff-client-redirects = URI de redirection
staff-client-flag-trusted = De confiance : peut connecter les lecteurs avec leur mot de passe
staff-client-flag-privileged = Privilégiée : peut gérer les adhésions (les applications de la bibliothèque elle-même)
staff-client-flag-disabled = Désactivée : toute requête avec elle est refusée
staff-client-with-secret-box = Avec un secret (une application confidentielle sur un serveur)
staff-client-rate-optional = Requêtes par minute (facultatif)
staff-client-rate-label = Requêtes par minute
staff-client-rate-hint = Laissez vide pour la part du serveur revenant à chaque clé.
staff-client-rate-wrong = Saisissez un nombre de requêtes par minute, ou laissez vide pour celui du serveur.
staff-client-make = Créer la clé
staff-client-name-missing = Saisissez le nom de la clé
staff-client-title = Clé client { $key }
staff-client-done-changed = La clé a été modifiée.
staff-client-new-secret-once = Un nouveau secret, affiché cette seule fois : copiez-le et gardez-le en lieu sûr. L'ancien ne fonctionne plus.
staff-client-first-party = C'est la clé du site lui-même, publique et créée avec le site ; elle ne change qu'avec le site.
staff-client-change = Modifier la clé
staff-client-secret = Secret
staff-client-secret-replaces = Un nouveau secret remplace celui de l'application : donnez-lui le nouveau aussitôt.
staff-client-make-secret = Créer un nouveau secret

## Sites
staff-site-made = Le site { $id } a été créé, avec les clés propres à son catalogue et à ses pages web.
staff-site-is-global = global
staff-site-make-heading = Créer un site
staff-site-id-hint = Lettres, chiffres, - et _ ; il figure dans les adresses du site et ne peut pas changer.
staff-site-name-hint = Le nom de la bibliothèque, tel que les lecteurs le voient.
staff-site-language = Langue de ses pages
staff-site-language-hint = Celle dans laquelle les pages s'affichent quand ni le lecteur ni son navigateur n'indiquent une langue dans laquelle elles sont écrites.
staff-site-global = Global : ses titres forment la collection que d'autres sites peuvent inclure
staff-site-make = Créer le site
staff-site-title = Site { $id }
staff-site-saved = Le site a été enregistré.
staff-site-change = Modifier le site
staff-site-save = Enregistrer le site

## Listes populaires
staff-list-made = La liste populaire { $id } a été créée. Ouvrez-la pour ajouter ses titres.
staff-lists-none = Ce site n'a pas encore de liste populaire.
staff-list-make-heading = Créer une liste populaire
staff-list-id-hint = Par exemple choix-du-personnel ; les applications des lecteurs demandent la liste par cet identifiant.
staff-list-description-hint = Ce qu'est la liste, telle que les lecteurs la voient.
staff-list-make = Créer la liste
staff-list-title = Liste populaire { $id }
staff-list-titles = Ses titres, dans l'ordre
staff-list-no-titles = Pas encore de titre.
staff-list-up = Monter
staff-list-down = Descendre
staff-list-off = Retirer
staff-list-add-by-id = Ajouter un titre par son identifiant
staff-list-add-by-id-hint = L'identifiant qui figure dans l'adresse du titre, comme demo-walden ; il est ajouté à la fin.
staff-list-add = Ajouter le titre
staff-list-description = Sa description
staff-list-save-description = Enregistrer la description
staff-list-done-described = La description a été enregistrée.
staff-list-done-added = Le titre a été ajouté à la fin de la liste.
staff-list-done-moved = Le titre a été déplacé.
staff-list-done-off = Le titre a été retiré de la liste.

## Catégories et codes BISAC
staff-category-saved = La catégorie a été enregistrée.
staff-categories-none = Il n'y a pas encore de catégorie.
staff-category-no-description = Pas de description
staff-category-form = Ajouter une catégorie, ou en décrire une
staff-category-name-hint = Un nom qui existe déjà garde ses titres et prend la nouvelle description.
staff-category-description = Description (facultatif)
staff-category-save = Enregistrer la catégorie
staff-bisac = Codes BISAC
staff-bisac-saved = Le code BISAC a été enregistré.
staff-bisac-starts-with = Commence par
staff-bisac-find-by = Chercher par
staff-bisac-by-code = Le début du code
staff-bisac-by-description = Le début de la description
staff-bisac-find = Trouver des codes
staff-bisac-found = { $count ->
    [one] { $count } code BISAC trouvé.
   *[other] { $count } codes BISAC trouvés.
}
staff-bisac-more = Plus de codes BISAC
staff-bisac-form = Ajouter un code BISAC, ou en décrire un
staff-bisac-code = Code
staff-bisac-code-hint = Trois lettres et six chiffres, comme FIC000000.
staff-bisac-description-hint = Tel que BISAC le formule, comme FICTION / General.
staff-bisac-save = Enregistrer le code
