# Mes listes de lecture, et une liste.
lists-title = Mes listes de lecture
lists-none = Vous n'avez pas encore de liste de lecture.
lists-row = { $count ->
    [one] { $count } titre
   *[other] { $count } titres
}. { $access }. Tenue par { $owner }.
lists-access-shared = Partagée avec d'autres lecteurs
lists-access-org = Partagée avec votre organisation
lists-access-private = Vous seul
lists-more = Plus de listes
lists-next = Page suivante
lists-new-heading = Créer une nouvelle liste
lists-new-button = Créer la liste
lists-name = Nom de la liste
lists-name-missing = Saisissez un nom pour la liste
lists-description = Description (facultative)
lists-who = Qui peut la voir
lists-who-me = Moi seul
lists-who-readers = D'autres lecteurs
lists-who-org = Mon organisation
list-done-created = Votre liste a été créée. Trouvez des titres et ajoutez-les depuis leur page.
list-done-changed = Vos modifications de cette liste ont été enregistrées.
list-done-removed = Le titre a été retiré de cette liste.
list-titles-heading = Titres de cette liste
list-empty = Pas encore de titres. { $find } et ajoutez-les depuis leur page.
list-find = Trouvez des titres
list-order = Afficher par ordre de
list-order-title = Titre, de A à Z
list-order-author = Auteur, de A à Z
list-order-added = Ajoutés le plus récemment
list-show = Afficher
list-added = Ajouté le { $date }
list-remove = Retirer
list-remove-which = { $title } de cette liste
list-more = Plus de titres
list-change-heading = Modifier cette liste
list-save = Enregistrer les modifications
list-all = Toutes mes listes de lecture
