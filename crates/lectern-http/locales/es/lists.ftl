# Mis listas de lectura, y una lista.
lists-title = Mis listas de lectura
lists-none = Aún no tiene listas de lectura.
lists-row = { $count ->
    [one] { $count } título
   *[other] { $count } títulos
}. { $access }. La lleva { $owner }.
lists-access-shared = Compartida con otros lectores
lists-access-org = Compartida con su organización
lists-access-private = Solo usted
lists-more = Más listas
lists-next = Página siguiente
lists-new-heading = Crear una lista nueva
lists-new-button = Crear la lista
lists-name = Nombre de la lista
lists-name-missing = Escriba un nombre para la lista
lists-description = Descripción (opcional)
lists-who = Quién puede verla
lists-who-me = Solo yo
lists-who-readers = Otros lectores
lists-who-org = Mi organización
list-done-created = Se ha creado su lista. Busque títulos y añádalos desde sus páginas.
list-done-changed = Se han guardado sus cambios en esta lista.
list-done-removed = Se ha quitado el título de esta lista.
list-titles-heading = Títulos de esta lista
list-empty = Aún no hay títulos. { $find } y añádalos desde sus páginas.
list-find = Busque títulos
list-order = Mostrar por orden de
list-order-title = Título, de la A a la Z
list-order-author = Autor, de la A a la Z
list-order-added = Añadidos más recientemente
list-show = Mostrar
list-added = Añadido el { $date }
list-remove = Quitar
list-remove-which = { $title } de esta lista
list-more = Más títulos
list-change-heading = Cambiar esta lista
list-save = Guardar los cambios
list-all = Todas mis listas de lectura
