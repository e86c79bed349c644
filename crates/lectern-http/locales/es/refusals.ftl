# Lo que la API y las páginas dicen cuando rechazan algo, no encuentran nada o chocan con lo
# guardado. Un marcador contiene un identificador tal como se envió.

## Nada con ese nombre
absent-title = No hay ningún título '{ $id }'
absent-periodical = No hay ninguna publicación periódica '{ $id }'
absent-edition = No hay ninguna edición '{ $edition }' de '{ $periodical }'
absent-site = No hay ningún sitio '{ $id }'
absent-organization = No hay ninguna organización '{ $id }'
absent-account = No hay ninguna cuenta '{ $id }'
absent-reading-list = No hay ninguna lista de lectura '{ $id }'
absent-popular-list = No hay ninguna lista popular '{ $id }'
absent-client-key = No hay ninguna clave de cliente '{ $id }'
absent-page = No existe esa página
absent-book-file = El archivo del libro ya no está aquí
absent-artifact = El título '{ $id }' no tiene el formato { $format }
absent-book-at-recording-link = Este enlace abrió una grabación para escuchar, no un libro para leer
absent-recording-at-book-link = Este enlace abrió un libro para leer, no una grabación para escuchar
absent-withdrawn = Este título o esta edición se retiró; sus archivos ya no se sirven
absent-my-agreement = No ha firmado ningún acuerdo
absent-agreement = La cuenta no tiene ningún acuerdo '{ $id }'
absent-sync-key = No tiene ninguna clave de sincronización
absent-my-subscription = No tiene ninguna suscripción en vigor
absent-subscription = La cuenta no tiene ninguna suscripción '{ $id }'
absent-member-for-you = No hay ningún miembro '{ $id }' a su cargo
absent-assignment = El título '{ $id }' no está asignado a este miembro
absent-account-organization = Esta cuenta no pertenece a ninguna organización
absent-user-name = No existe ese nombre de usuario
absent-user-name-account = Ninguna cuenta tiene el nombre de usuario '{ $name }'
absent-submission = No hay ninguna solicitud '{ $id }' en revisión
absent-org-sponsor = Su organización no tiene ningún patrocinador '{ $id }'
absent-org-member = Su organización no tiene ningún miembro '{ $id }'
absent-recording = La grabación de la biblioteca del título '{ $id }' ya no está aquí
absent-track = La pista de la grabación ya no está aquí
absent-catalog = Aquí no hay ningún catálogo
absent-disability = La cuenta no tiene registrada ninguna discapacidad '{ $kind }'
absent-partner-drive = No hay ninguna unidad asociada conectada
absent-narration-in-progress = La narración todavía se está preparando
absent-bookmark = No tiene ningún marcador en esa posición de '{ $id }' en { $format }
absent-highlight = No tiene ningún resaltado en esa posición de '{ $id }' en { $format }
absent-title-for-list = No hay ningún título disponible '{ $id }' que el dueño de la lista pueda ver
absent-title-on-list = El título '{ $id }' no está en esta lista
absent-document = No tiene ningún documento '{ $id }'
absent-authority-request = No existe esa solicitud; compruebe el número del correo electrónico
absent-book-part = El libro no tiene ningún archivo '{ $path }'
absent-file = No existe ese archivo
absent-download-file = El archivo ya no está aquí; vuelva a pedir la descarga
absent-category = No hay ninguna categoría '{ $name }'
absent-bisac = No hay ninguna materia BISAC '{ $code }'
absent-language = No hay ningún idioma '{ $code }': los idiomas son códigos ISO 639-2, como 'spa'
absent-catalog-named = Aquí no hay ningún catálogo '{ $id }'
absent-narration-file = La narración no tiene ningún archivo '{ $name }'
absent-print-page = Este libro no tiene la página impresa { $page }
absent-part-in-file = Falta en su archivo esta parte del libro
absent-track-number = La grabación no tiene la pista { $number }
absent-part-number = El libro no tiene la parte { $number }
absent-any-library = Este servidor todavía no tiene ninguna biblioteca
absent-position = No tiene ninguna posición de lectura en '{ $id }' en { $format }
absent-partner-drive-set-up = Esta biblioteca no tiene configurada ninguna unidad asociada
absent-partner-drive-connected = No ha conectado ninguna unidad asociada; envíe el código de la unidad
absent-partner-drive-token = El token de la unidad asociada caducó y no se puede renovar; vuelva a conectarla
absent-resource = No hay ningún recurso '{ $id }'
absent-route = No hay ningún recurso en { $path }
absent-format = No hay ningún formato '{ $format }'
absent-library = Aquí no hay ninguna biblioteca '{ $id }'
absent-library-here = Aquí no hay ninguna biblioteca

## Rechazado por las reglas
refused-org-adds-no-members = Su organización no está autorizada a añadir miembros; pídaselo a la biblioteca
refused-epub-not-here-yet = El EPUB 3 del título '{ $id }' todavía no está aquí; se podrá leer en línea cuando llegue
refused-no-epub = El título '{ $id }' no tiene EPUB 3, así que no se puede leer en línea; descargue uno de sus formatos
refused-document-failed = El documento '{ $id }' no se pudo hacer accesible, así que no se puede leer
refused-document-in-progress = El documento '{ $id }' todavía se está haciendo accesible; vuelva a abrirlo dentro de unos segundos
refused-part-too-large = { $name } es demasiado grande para leerlo en línea; descargue el libro
refused-edit-names-nothing = Envíe al menos uno de estos parámetros: { $params }
refused-school-kept-by-org = Su organización guarda su centro escolar y su curso; pida a su patrocinador que los cambie
refused-only-org-members-go-individual = Solo los miembros de una organización pasan a ser socios individuales
refused-download-for = No puede descargar para '{ $member }': los patrocinadores descargan para los miembros de su organización y los asistentes de socios para las cuentas de su sitio
refused-account-locked = Esta cuenta está bloqueada; póngase en contacto con su biblioteca
refused-referrals-privileged = Las derivaciones las registran las aplicaciones propias de la biblioteca (claves de cliente con privilegios de gestión de socios)
refused-administrators-only = Solo los administradores gestionan las claves de cliente y los sitios de la biblioteca
refused-account-elsewhere = Los asistentes de socios crean cuentas en su propio sitio
refused-no-password = Esta cuenta no tiene ninguna contraseña que cambiar
refused-password-wrong = La contraseña actual no es correcta
refused-accounts-privileged = Las cuentas se crean mediante las aplicaciones propias de la biblioteca (claves de cliente con privilegios de gestión de socios)
refused-signed-in-already = Ya ha iniciado sesión en una cuenta; cierre la sesión para crear otra
refused-assigned-to-org-members = Los títulos se asignan a los miembros de una organización
refused-primary-contact-changes = Solo el contacto principal de la organización la modifica
refused-primary-contact-hands-over = Solo el contacto principal cede esa función a otro patrocinador
refused-directory-import = Los asistentes de socios importan el directorio de referencia
refused-organizations-elsewhere = Los asistentes de socios buscan las organizaciones de su propio sitio
refused-organization-elsewhere = Los asistentes de socios crean organizaciones en su propio sitio
refused-accounts-elsewhere = Los asistentes de socios buscan las cuentas de su propio sitio
refused-changes-administrators = Solo los administradores leen el registro de cambios
refused-privileged-clients = Solo las aplicaciones propias de la biblioteca (claves de cliente con privilegios de gestión de socios) pueden hacer esto
refused-proof-elsewhere = Los asistentes de socios revisan los justificantes de su propio sitio
refused-sponsors-only = Solo los patrocinadores de una organización la gestionan
refused-organization-gone = Su organización ya no existe
refused-recording-not-ready = La grabación de la biblioteca del título '{ $id }' todavía no se puede escuchar.
refused-recording-not-arrived = La grabación de la biblioteca del título '{ $id }' todavía no se puede escuchar. Su archivo aún no ha llegado a la biblioteca.
refused-recording-in-production = La grabación de la biblioteca del título '{ $id }' todavía no se puede escuchar. Se está produciendo y aún no está lista.
refused-recording-withdrawn = La grabación de la biblioteca del título '{ $id }' todavía no se puede escuchar. Se ha retirado y ya no se presta.
refused-recording-failed = La grabación de la biblioteca del título '{ $id }' todavía no se puede escuchar. No se pudo producir.
refused-recording-unreadable = La grabación de la biblioteca del título '{ $id }' no se puede escuchar en línea; descárguela en DAISY audio
refused-narration-failed = No se pudo preparar la narración del título '{ $id }'
refused-narration-own-document = La biblioteca narra sus propios títulos; un documento suyo lo leen en voz alta las voces de su navegador
refused-narration-recorded = El título '{ $id }' se narra en la grabación propia de la biblioteca, que no se hace a partir de su EPUB: escúchela desde la página del título
refused-not-narrated = El título '{ $id }' no se narra: no se genera voz para él
refused-org-list = Las listas compartidas con una organización (access=org) son para sus miembros y patrocinadores
refused-not-your-member = { $param }: '{ $id }' no es un miembro de una organización que usted gestione
refused-authorities-privileged = Las autoridades competentes responden mediante las aplicaciones propias de la biblioteca (claves de cliente con privilegios de gestión de socios)
refused-staff-pages = Estas páginas son para los asistentes de socios, los asistentes de colección y los administradores de la biblioteca
refused-staff-pages-elsewhere = Estas son las páginas del personal de { $site }; las suyas están en /{ $yours }/staff
refused-membership-privileged = La gestión de socios está limitada a las claves de cliente con privilegios de gestión de socios
refused-membership-role = Solo los asistentes de socios y los administradores pueden hacer esto
refused-administrator-account = Solo los administradores pueden gestionar la cuenta de un administrador
refused-own-list-subscription = No puede suscribirse a su propia lista
refused-private-list-subscription = No es posible suscribirse a una lista privada
refused-list-change = Solo el dueño de la lista, o un patrocinador o asistente de socios con derechos sobre él, puede cambiar esta lista
refused-collection-role = Solo los asistentes de colección y los administradores pueden hacer esto
refused-reading-link = Este enlace de lectura no es válido; vuelva a abrir el libro
refused-reading-link-expired = Este enlace de lectura ha caducado; vuelva a abrir el libro
refused-file-link = Este enlace de archivo no es válido; vuelva a pedir la descarga
refused-file-link-expired = Este enlace de archivo ha caducado; vuelva a pedir la descarga
refused-not-for-member = Este título no está disponible para el miembro para el que descarga
refused-partner-drive-privileged = Las unidades asociadas se conectan mediante las aplicaciones propias de la biblioteca (claves de cliente con privilegios de gestión de socios)
refused-key-disabled = Esta api_key se ha desactivado
refused-form-expired = Este formulario ha caducado o no procede de este sitio. Vuelva atrás, recargue la página y envíelo de nuevo.

## Demasiados por ahora
too-many-narrations = Ya se están preparando { $count } narraciones para usted; vuelva a pedirlo cuando una esté lista
too-many-packages = Ya se están preparando { $count } paquetes para usted; vuelva a pedirlo cuando uno esté listo
too-many-guests = Muchos invitados de esta aplicación esperan paquetes; vuelva a pedirlo dentro de un minuto o inicie sesión
too-many-sign-ins = Demasiados intentos fallidos de inicio de sesión; vuelva a intentarlo más tarde
too-many-for-user = Demasiadas solicitudes para este usuario; vuelva a intentarlo más tarde

## En conflicto con lo guardado
conflict-promotion-used-up = El código promocional se agotó mientras tanto
conflict-credits-spent = Los créditos de la cuenta se gastaron mientras tanto; vuelva a intentarlo
conflict-partner-identity = Esta identidad asociada ya tiene una cuenta aquí: inicie sesión con ella
conflict-submission-decided = Esta solicitud ya se resolvió
conflict-site-key-changes = La clave propia de un sitio (la de su catálogo OPDS, la de sus páginas web) solo cambia con el sitio
conflict-site-key-secret = La clave propia de un sitio es pública y no tiene secreto
conflict-title-removed = El título '{ $id }' se retiró de la colección; solo una edición de titleStatus lo restablece
conflict-request-answered = Esta solicitud ya se respondió
conflict-staff-in-organization = Esta cuenta es del personal: solo los lectores y los patrocinadores pertenecen a organizaciones; el personal y los voluntarios no
conflict-primary-contact = Esta cuenta es el contacto principal de { $organization }; nombre antes a otro contacto principal
why-site-id-taken = ya hay un sitio con este identificador; elija otro
why-client-key-taken = esta clave ya existe; elija otra o déjela vacía para obtener una aleatoria
why-popular-list-id-taken = ya hay una lista popular con este identificador; elija otro
why-product-identifier-of = '{ $identifier }' es el identificador de producto del título '{ $title }'
why-user-name-taken = este nombre de usuario pertenece a otra cuenta
why-highlight-there = ya tiene un resaltado en esa posición; cámbielo con PUT
why-product-identifier-taken = otro título de este sitio tiene este identificador de producto
why-series-id-taken = otra publicación periódica tiene este identificador
why-edition-id-taken = otra edición tiene este identificador

## Un archivo que el importador o el empaquetador no pudo tomar
epub-not-zip = no es un archivo zip, así que no es un EPUB: { $why }
epub-zip-entry = no se puede leer la entrada { $entry } del zip: { $why }
epub-no-container = falta META-INF/container.xml, así que no es un EPUB
epub-no-rootfile = META-INF/container.xml no nombra ningún documento de paquete (no hay rootfile con full-path)
epub-no-package = el documento de paquete { $path } que nombra META-INF/container.xml no está en el archivo
epub-not-epub3 = la versión de paquete "{ $version }" no es EPUB 3: solo se aceptan publicaciones EPUB 3.x
epub-not-xml = { $file } no es XML bien formado: { $why }
epub-no-metadata = el documento de paquete no tiene { $element }
epub-unstampable = no se puede sellar el documento de paquete: { $why }
epub-bad-timestamp = el issued_at "{ $value }" del aviso no es una marca de tiempo AAAA-MM-DDThh:mm:ssZ
import-same-book = es el mismo libro que { $first } (identificador de servicio { $id }); se omitió
import-not-read = no se pudo leer lo subido: { $why }
import-not-stored = no se pudo copiar al almacén de archivos: { $why }

## Una línea de un archivo CSV subido (el directorio de organizaciones de referencia)
csv-line = línea { $line }: { $why }
csv-line-unread = línea { $line }: { $why }
csv-empty = el archivo está vacío: su primera línea debe ser una cabecera que nombre las columnas { $columns }
csv-no-header = la línea 1 debe ser una fila de cabecera; le { $count ->
        [one] falta la columna
       *[other] faltan las columnas
    } { $missing } (dice: { $reads })
why-state-other-country = '{ $state }' nombra otro país que '{ $country }'
why-subdivision = debe ser un código de subdivisión como CA o US-CA

## Respuestas de la unidad asociada que Lectern no pudo usar
drive-unreachable = La unidad asociada no respondió; inténtelo más tarde
drive-unreadable = La unidad asociada respondió algo ilegible: { $what }
drive-files-url = La dirección de archivos de la unidad asociada no puede nombrar un archivo
drive-answered = La unidad asociada respondió { $what }
drive-broke-off = La unidad asociada cortó la conexión: { $what }

## Las claves de identidad del socio
partner-keys-unreachable = no se pudieron obtener las claves del socio: { $why }
