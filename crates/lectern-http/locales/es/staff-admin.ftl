# Las páginas de los administradores: claves de cliente, sitios, listas populares, categorías y códigos BISAC.

## Claves de cliente
staff-client-named = { $name } (sitio { $site })
staff-client-trusted = de confianza
staff-client-privileged = privilegiada
staff-client-with-secret = con un secreto
staff-client-disabled = desactivada
staff-client-sites-own = la propia del sitio
staff-client-rate = { $count ->
    [one] { $count } petición por minuto
   *[other] { $count } peticiones por minuto
}
staff-client-made = Se creó la clave de cliente { $key }.
staff-client-secret-once = Su secreto, que solo se muestra ahora: cópielo y guárdelo en un lugar seguro.
staff-client-make-heading = Crear una clave de cliente
staff-client-name-hint = La aplicación, tal como la conoce el personal.
staff-client-key-optional = Clave (opcional)
staff-client-key-hint = Al menos 8 caracteres, sin espacios; déjela vacía para una al azar.
staff-client-site = Sitio
staff-client-redirects-optional = URI de redirección (opcional)
staff-client-redirects-hint = Una por línea: adónde puede devolver al lector el formulario de inicio de sesión.
staff-client-redirects = URI de redirección
staff-client-flag-trusted = De confianza: puede iniciar la sesión de los lectores con su contraseña
staff-client-flag-privileged = Privilegiada: puede gestionar socios (las aplicaciones propias de la biblioteca)
staff-client-flag-disabled = Desactivada: se rechaza toda petición con ella
staff-client-with-secret-box = Con un secreto (una aplicación confidencial en un servidor)
staff-client-rate-optional = Peticiones por minuto (opcional)
staff-client-rate-label = Peticiones por minuto
staff-client-rate-hint = Déjelo vacío para la parte del servidor que corresponde a cada clave.
staff-client-rate-wrong = Introduzca un número de peticiones por minuto, o déjelo vacío para el del servidor.
staff-client-make = Crear la clave
staff-client-name-missing = Introduzca el nombre de la clave
staff-client-title = Clave de cliente { $key }
staff-client-done-changed = Se cambió la clave.
staff-client-new-secret-once = Un secreto nuevo, que solo se muestra ahora: cópielo y guárdelo en un lugar seguro. El anterior ya no sirve.
staff-client-first-party = Esta es la clave propia del sitio, pública y creada con el sitio; solo cambia con el sitio.
staff-client-change = Cambiar la clave
staff-client-secret = Secreto
staff-client-secret-replaces = Un secreto nuevo sustituye al que tiene la aplicación: déle el nuevo enseguida.
staff-client-make-secret = Crear un secreto nuevo

## Sitios
staff-site-made = Se creó el sitio { $id }, con las claves propias de su catálogo y de sus páginas web.
staff-site-is-global = global
staff-site-make-heading = Crear un sitio
staff-site-id-hint = Letras, cifras, - y _; está en las direcciones del sitio y no puede cambiar.
staff-site-name-hint = El nombre de la biblioteca, tal como lo ven los lectores.
staff-site-language = Idioma de sus páginas
staff-site-language-hint = En el que se muestran las páginas cuando ni el lector ni su navegador indican un idioma en el que estén escritas.
staff-site-global = Global: sus títulos son la colección que otros sitios pueden incluir
staff-site-make = Crear el sitio
staff-site-title = Sitio { $id }
staff-site-saved = Se guardó el sitio.
staff-site-change = Cambiar el sitio
staff-site-save = Guardar el sitio

## Listas populares
staff-list-made = Se creó la lista popular { $id }. Ábrala para añadir sus títulos.
staff-lists-none = Este sitio aún no tiene listas populares.
staff-list-make-heading = Crear una lista popular
staff-list-id-hint = Como seleccion-del-personal; las aplicaciones de los lectores piden la lista por él.
staff-list-description-hint = Qué es la lista, tal como la ven los lectores.
staff-list-make = Crear la lista
staff-list-title = Lista popular { $id }
staff-list-titles = Sus títulos, en orden
staff-list-no-titles = Aún no hay títulos.
staff-list-up = Subir
staff-list-down = Bajar
staff-list-off = Quitar
staff-list-add-by-id = Añadir un título por su identificador
staff-list-add-by-id-hint = El identificador que aparece en la dirección del título, como demo-walden; se añade al final.
staff-list-add = Añadir el título
staff-list-description = Su descripción
staff-list-save-description = Guardar la descripción
staff-list-done-described = Se guardó la descripción.
staff-list-done-added = Se añadió el título al final de la lista.
staff-list-done-moved = Se movió el título.
staff-list-done-off = Se quitó el título de la lista.

## Categorías y códigos BISAC
staff-category-saved = Se guardó la categoría.
staff-categories-none = Aún no hay categorías.
staff-category-no-description = Sin descripción
staff-category-form = Añadir una categoría, o describir una
staff-category-name-hint = Un nombre que ya existe conserva sus títulos y toma la descripción nueva.
staff-category-description = Descripción (opcional)
staff-category-save = Guardar la categoría
staff-bisac = Códigos BISAC
staff-bisac-saved = Se guardó el código BISAC.
staff-bisac-starts-with = Empieza por
staff-bisac-find-by = Buscar por
staff-bisac-by-code = El comienzo del código
staff-bisac-by-description = El comienzo de la descripción
staff-bisac-find = Buscar códigos
staff-bisac-found = { $count ->
    [one] Se encontró { $count } código BISAC.
   *[other] Se encontraron { $count } códigos BISAC.
}
staff-bisac-more = Más códigos BISAC
staff-bisac-form = Añadir un código BISAC, o describir uno
staff-bisac-code = Código
staff-bisac-code-hint = Tres letras y seis cifras, como FIC000000.
staff-bisac-description-hint = Como lo formula BISAC, por ejemplo FICTION / General.
staff-bisac-save = Guardar el código
