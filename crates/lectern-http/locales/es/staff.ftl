# Las páginas del personal: su inicio y las de socios (cuentas, sus registros, los certificados de discapacidad por revisar, organizaciones).
staff-title = Personal
staff-memberships = Socios
staff-find-account = Buscar una cuenta
staff-add-account = Añadir una cuenta
staff-proof-to-review = Certificados de discapacidad por revisar
staff-waiting = { $count ->
    [0] ninguno en espera
    [one] { $count } en espera
   *[other] { $count } en espera
}
staff-find-organization = Buscar una organización
staff-add-organization = Añadir una organización
staff-import-directory = Importar el directorio de organizaciones
staff-administration = Administración
staff-clients = Claves de cliente
staff-task-clients = { $link }: las aplicaciones que llaman a la biblioteca, una nueva con su secreto, una clave cambiada o con un secreto nuevo
staff-sites = Sitios
staff-task-sites = { $link }: las bibliotecas que este servidor atiende, una nueva, un sitio renombrado o hecho global
staff-popular-lists = Listas populares
staff-task-lists = { $link }: las listas que los lectores ven en la página de inicio y en sus aplicaciones, una nueva, sus títulos añadidos, ordenados y retirados
staff-categories = Categorías y códigos BISAC
staff-task-categories = { $link }: los temas por los que navegan los lectores, uno añadido o descrito
staff-collection = Colección
staff-catalog = El catálogo
staff-task-catalog = { $link }: todos los títulos, en cualquier estado; cambiar los datos de un título, retirarlo o restablecerlo
staff-import = Añadir títulos desde archivos EPUB
staff-task-import = { $link }: uno o varios libros EPUB 3, cada uno un título con sus propios metadatos
staff-periodicals = Publicaciones periódicas
staff-task-periodicals = { $link }: periódicos, revistas y boletines; uno nuevo, sus datos, sus ediciones añadidas o retiradas
staff-semicolon = ;
staff-first-page = Primera página
staff-next-page = Página siguiente
staff-choose = Elija
staff-yes = Sí
staff-no = No
staff-none = Ninguno
staff-no-preference = Sin preferencia
staff-save-changes = Guardar los cambios
staff-no-user-name = sin nombre de usuario
staff-locked = bloqueada
staff-role = Función
staff-role-any = Cualquier función
staff-role-keep = Mantener las funciones que tiene
staff-role-individualMember = Socio individual
staff-role-organizationMember = Miembro de una organización
staff-role-organizationSponsor = Patrocinador de una organización
staff-role-collectionAssistant = Asistente de colección
staff-role-membershipAssistant = Asistente de socios
staff-role-administrator = Administrador
staff-role-volunteer = Voluntario
staff-role-trustedVolunteer = Voluntario de confianza
staff-role-not-offered = Elija una de las funciones ofrecidas
staff-proof-active = certificado de discapacidad vigente
staff-proof-submitted = certificado de discapacidad enviado
staff-proof-missing = sin certificado de discapacidad
staff-proof-status-active = vigente
staff-proof-status-submitted = enviado
staff-proof-status-missing = ninguno
staff-subscription-active = activa
staff-subscription-expired = vencida
staff-subscription-missing = ninguna

## Buscar una cuenta
staff-accounts = Cuentas
staff-accounts-keyword = Nombre, nombre de usuario o correo electrónico
staff-accounts-keyword-hint = El comienzo de cualquiera de ellos; varias palabras acotan la búsqueda.
staff-accounts-organization = Identificador de la organización (opcional)
staff-accounts-find = Buscar cuentas
staff-accounts-found = { $count ->
    [0] No se encontró ninguna cuenta.
    [one] Se encontró { $count } cuenta.
   *[other] Se encontraron { $count } cuentas.
}
staff-accounts-more = Más cuentas

## Una cuenta, y una nueva
staff-account-add = Añadir la cuenta
staff-account-first-name = Nombre
staff-account-last-name = Apellidos
staff-account-email = Correo electrónico
staff-account-email-hint = También es el nombre de usuario con el que la persona inicia sesión.
staff-account-phone = Teléfono (opcional)
staff-account-address1 = Dirección, línea 1 (opcional)
staff-account-address2 = Dirección, línea 2 (opcional)
staff-account-city = Localidad o ciudad (opcional)
staff-account-state = Estado, provincia o región (opcional)
staff-account-postal-code = Código postal (opcional)
staff-account-country = País
staff-account-country-hint = Su código de dos letras, como US, GB o CA.
staff-account-birth = Fecha de nacimiento
staff-account-birth-hint = Como año, mes y día: 1990-04-01. Necesaria para un socio individual.
staff-account-language = Idioma (opcional)
staff-account-language-hint = Su código de tres letras, como eng o spa.
staff-account-guardian-first-name = Nombre del tutor (opcional)
staff-account-guardian-last-name = Apellidos del tutor (opcional)
staff-account-guardian-hint = Para un menor.
staff-account-password = Contraseña (opcional)
staff-account-password-hint = De 8 a 32 caracteres, con una letra y un número. Déjela vacía para fijarla más tarde.
staff-account-adult = Puede encontrar títulos para adultos
staff-account-first-name-missing = Introduzca el nombre
staff-account-last-name-missing = Introduzca los apellidos
staff-account-email-missing = Introduzca el correo electrónico
staff-account-country-missing = Introduzca el código de dos letras del país
staff-account-password-missing = Introduzca la contraseña nueva
staff-account-no-organization = No hay ninguna organización así en este sitio.
staff-account-organization-missing = Introduzca el identificador de la organización
staff-account-done-created = Se añadió la cuenta.
staff-account-done-changed = Se cambió la cuenta.
staff-account-done-locked = Se bloqueó la cuenta: no puede iniciar sesión.
staff-account-done-unlocked = Se desbloqueó la cuenta.
staff-account-done-password = Se cambió la contraseña. Comunique a la persona su contraseña nueva.
staff-account-done-joined = La cuenta está ahora en la organización.
staff-account-done-left = La cuenta dejó su organización: ahora lee como socio individual.
staff-fact-user-name = Nombre de usuario
staff-fact-identifier = Identificador de la cuenta
staff-fact-roles = Funciones
staff-fact-proof = Certificado de discapacidad
staff-fact-subscription = Suscripción
staff-fact-agreement = Acuerdo firmado
staff-fact-may-download = Puede descargar
staff-fact-locked = Bloqueada
staff-account-change = Cambiar la cuenta
staff-account-signing-in = Inicio de sesión
staff-account-is-locked = La cuenta está bloqueada: no puede iniciar sesión.
staff-account-unlock = Desbloquear la cuenta
staff-account-lock = Bloquear la cuenta
staff-account-password-problem = Hay un problema con la contraseña nueva
staff-account-new-password = Contraseña nueva
staff-account-password-rule = De 8 a 32 caracteres, con una letra y un número.
staff-account-set-password = Fijar la contraseña nueva
staff-account-organization = Organización
staff-account-organization-problem = Hay un problema con la organización
staff-account-move-to = Pasar a la organización (su identificador)
staff-account-into = A la organización (su identificador)
staff-account-as = Como
staff-account-as-member = Miembro
staff-account-as-sponsor = Patrocinador
staff-account-move = Pasar la cuenta
staff-account-bring-in = Incorporar la cuenta
staff-account-take-out = Sacar la cuenta de su organización
staff-account-find-another = Buscar otra cuenta

## Los registros de una cuenta
staff-records = Registros de esta cuenta
staff-records-account = La cuenta
staff-records-agreements = Acuerdos
staff-records-subscriptions = Suscripciones
staff-records-preferences = Preferencias de lectura
staff-records-recommendations = Recomendaciones
staff-records-activity = Listas y descargas
staff-records-changes = Historial de cambios

staff-agreements-title = Acuerdos de { $name }
staff-agreements-none = No hay ningún acuerdo registrado.
staff-agreement-termsOfUse = Las condiciones de uso del lector
staff-agreement-volunteer = El acuerdo del voluntario
staff-agreement-heading = { $kind }, firmado el { $date }
staff-agreement-about = { $signed }; { $recorded }. { $standing }
staff-agreement-signed-as = Firmado como { $name }
staff-agreement-signed-as-guardian = Firmado como { $name }, por un tutor legal
staff-agreement-recorded-by = registrado por { $name }
staff-agreement-recorded-by-reader = registrado por el lector
staff-agreement-ended = Terminó el { $date }.
staff-agreement-in-force = En vigor.
staff-agreement-end = Terminar el acuerdo firmado el { $date }
staff-agreement-record-heading = Registrar un acuerdo firmado
staff-agreement = Acuerdo
staff-agreement-date = Fecha de la firma
staff-agreement-date-hint = Como año, mes y día: 2026-11-02.
staff-agreement-print-name = Nombre escrito por quien firma
staff-agreement-guardian = Firmado por un tutor legal
staff-agreement-record = Registrar el acuerdo
staff-agreement-date-missing = Introduzca la fecha en que se firmó
staff-agreement-name-missing = Introduzca el nombre tal como lo escribió quien firma
staff-agreement-choose = Elija el acuerdo
staff-agreement-done-recorded = Se registró el acuerdo.
staff-agreement-done-ended = El acuerdo terminó hoy.

staff-subscriptions-title = Suscripciones de { $name }
staff-subscriptions-none = No hay ninguna suscripción registrada.
staff-subscription-heading = { $kind }, del { $start } al { $end }
staff-subscription-heading-no-end = { $kind }, desde el { $start }, sin fin
staff-subscription-unlimited = descargas ilimitadas
staff-subscription-monthly = { $count ->
    [one] { $count } descarga al mes
   *[other] { $count } descargas al mes
}
staff-subscription-in-all = { $count ->
    [one] { $count } descarga en total
   *[other] { $count } descargas en total
}
staff-subscription-end-problem = Hay un problema con el nuevo fin
staff-subscription-last-day = Último día
staff-subscription-last-day-hint = Como año, mes y día. Un día posterior la prolonga; el de hoy la termina.
staff-subscription-change-end = Cambiar el último día
staff-subscription-end-today = Terminarla hoy
staff-subscriptions-more = Más suscripciones
staff-subscription-grant-heading = Conceder una suscripción
staff-subscription-kind = Tipo de suscripción
staff-subscription-first-day = Primer día
staff-subscription-first-day-hint = Como año, mes y día: 2026-12-01.
staff-subscription-last-day-optional = Último día (opcional)
staff-subscription-no-end-hint = Déjelo vacío para que no tenga fin.
staff-subscription-allowed = Descargas permitidas (opcional)
staff-subscription-allowed-hint = Déjelo vacío para lo que permite el tipo de suscripción.
staff-subscription-counted = Descargas contadas
staff-timeframe-default = Como lo tiene el tipo de suscripción
staff-timeframe-monthly = Cada mes
staff-timeframe-whole = Durante toda la suscripción
staff-subscription-notes = Notas (opcional)
staff-subscription-grant = Conceder la suscripción
staff-subscription-start-missing = Introduzca el primer día
staff-subscription-choose = Elija el tipo de suscripción
staff-subscription-end-missing = Introduzca el último día
staff-subscription-done-granted = Se concedió la suscripción.
staff-subscription-done-changed = Se cambió el fin de la suscripción.
staff-subscription-done-ended = La suscripción termina hoy.

staff-account-proof-title = Certificado de discapacidad de { $name }
staff-proof-on-file = Registrado
staff-proof-none-on-file = No hay ninguna discapacidad registrada.
staff-proof-vouched-by = Lo avala: { $source }.
staff-proof-who-vouches = Quién lo avala
staff-proof-change-source = Cambiar quién lo avala
staff-proof-take-off = Quitarla
staff-proof-record-heading = Registrar una discapacidad
staff-proof-disability = Discapacidad
staff-proof-record = Registrar la discapacidad
staff-proof-under-review = En revisión
staff-proof-nothing-waiting = No hay nada pendiente de revisión.
staff-proof-sent-on = Enviado el { $date }:
staff-proof-decide-it = Decidirlo en los certificados de discapacidad por revisar
staff-proof-decided-before = Decidido antes
staff-proof-decided-approved = aprobado
staff-proof-decided-refused = rechazado
staff-proof-decided-closed = cerrado
staff-proof-decided = { $when }: { $what } { $by } (enviado el { $sent }: { $sent_note })
staff-proof-decided-noted = { $when }: { $what } { $by }, «{ $note }» (enviado el { $sent }: { $sent_note })
staff-proof-decided-by = por { $name }
staff-proof-decided-by-answer = por una respuesta registrada
staff-proof-disability-missing = Elija la discapacidad
staff-proof-source-missing = Elija quién lo avala
staff-proof-done-recorded = Se registró la discapacidad: el certificado está vigente.
staff-proof-done-changed = Se cambió quién lo avala.
staff-proof-done-removed = Se quitó la discapacidad.
staff-source-schoolVerified = Verificado por un centro escolar
staff-source-faxed = Confirmación escrita de una autoridad competente
staff-source-nls = National Library Service
staff-source-learningOrg = Una organización de aprendizaje
staff-source-trainingOrg = Una organización de formación
staff-source-partner = Una biblioteca asociada
staff-source-marrakeshPartner = Un socio del Tratado de Marrakech

staff-preferences-title = Preferencias de lectura de { $name }
staff-preferences-intro = En el formulario están las palabras del propio lector: es el formulario que ve en la página de su cuenta.
staff-preferences-save = Guardar las preferencias
staff-preferences-done = Se guardaron las preferencias de lectura.

staff-profile-title = Recomendaciones para { $name }
staff-profile-global = Recomendar también de la colección compartida
staff-profile-included-authors = Autores que recomendar
staff-profile-excluded-authors = Autores que no recomendar nunca
staff-profile-included-categories = Categorías que recomendar
staff-profile-excluded-categories = Categorías que no recomendar nunca
staff-profile-lines-hint = Uno por línea; déjelo vacío para ninguno.
staff-profile-warnings = No recomendar nunca títulos con una advertencia de
staff-warning-sex = Sexo
staff-warning-violence = Violencia
staff-warning-drugs = Drogas
staff-warning-language = Lenguaje ofensivo
staff-warning-intolerance = Intolerancia
staff-warning-adult = Temas para adultos
staff-warning-unrated = Sin clasificar
staff-warning-contentWarning = Cualquier otra advertencia de contenido
staff-profile-narrator-voice = Voz del narrador
staff-gender-female = Femenina
staff-gender-male = Masculina
staff-gender-otherNonBinary = Otra o no binaria
staff-profile-narrator = Narrador
staff-narrator-human = Un narrador humano
staff-narrator-tts = Voz sintetizada
staff-profile-reading-age = Edad lectora (opcional)
staff-profile-reading-age-hint = En años, de 0 a 120.
staff-profile-save = Guardar el perfil de recomendaciones
staff-profile-done = Se guardó el perfil de recomendaciones.

staff-activity-title = Listas y descargas de { $name }
staff-activity-lists = Listas de lectura
staff-activity-no-lists = No tiene listas de lectura propias.
staff-activity-list = { $name }: { $count ->
        [one] { $count } título
       *[other] { $count } títulos
    }, { $access }, actualizada el { $date }
staff-list-access-private = privada
staff-list-access-shared = compartida con otros lectores
staff-list-access-org = compartida con su organización
staff-activity-more-lists = Más listas de lectura
staff-activity-downloads = Descargas
staff-activity-downloads-count = { $count ->
    [one] { $count } descarga, la más reciente primero.
   *[other] { $count } descargas, las más recientes primero.
}
staff-activity-download = { $title } ({ $format }), { $date }: { $status }
staff-activity-download-for = { $title } ({ $format }), { $date }, para la persona por { $by }: { $status }
staff-packaging-queued = En espera de empaquetarse
staff-packaging-packaging = Empaquetándose
staff-packaging-ready = Empaquetado
staff-packaging-failed = No se pudo empaquetar
staff-packaging-streamed = Leído en línea
staff-activity-older = Descargas anteriores

staff-changes-title = Historial de cambios de { $name }
staff-changes-count = { $count ->
    [one] { $count } cambio hecho por el personal de la biblioteca, el más reciente primero.
   *[other] { $count } cambios hechos por el personal de la biblioteca, los más recientes primero.
}
staff-change-heading = { $what }, { $when } UTC, por { $who }
staff-changes-nothing = No cambió nada de lo que se muestra.
staff-changes-none = nada
staff-changes-older = Cambios anteriores
staff-change-account-added = Cuenta añadida
staff-change-account-changed = Cuenta cambiada
staff-change-password = Contraseña fijada
staff-change-agreement-recorded = Acuerdo registrado
staff-change-agreement-ended = Acuerdo terminado
staff-change-subscription-granted = Suscripción concedida
staff-change-subscription-changed = Suscripción cambiada
staff-change-disability-removed = Discapacidad quitada
staff-change-preferences = Preferencias de lectura cambiadas
staff-change-profile = Perfil de recomendaciones cambiado
staff-change-proof-decided = Certificado de discapacidad decidido

## Los certificados de discapacidad por revisar
staff-proof-waiting = { $count ->
    [0] No hay ningún certificado de discapacidad pendiente de revisión.
    [one] { $count } envío está pendiente de revisión.
   *[other] { $count } envíos están pendientes de revisión, el más antiguo primero.
}
staff-proof-sent = Enviado
staff-proof-what-sent = Lo que envió
staff-proof-authority = Confirmación pedida a
staff-proof-decision-problem = Hay un problema con esta decisión
staff-proof-decision-for = Decisión para { $name }
staff-proof-approve = Aprobar: registrar las discapacidades de abajo
staff-proof-refuse = Rechazar
staff-proof-disabilities = Discapacidades que muestra el certificado
staff-proof-note = Nota
staff-proof-note-hint = Lo que mostró el certificado, o por qué lo rechaza: el socio la lee. Como máximo { $count } caracteres.
staff-proof-record-decision = Registrar la decisión para { $name }
staff-proof-more = Más envíos
staff-proof-decision-missing = Elija aprobar o rechazar
staff-proof-disabilities-missing = Elija las discapacidades que muestra el certificado
staff-proof-note-missing = Diga lo que mostró el certificado, o por qué lo rechaza
staff-proof-done-approved = Aprobado: las discapacidades están registradas y el certificado del socio está vigente.
staff-proof-done-refused = Rechazado: el socio puede leer su nota y enviar otro certificado.

## Organizaciones
staff-orgs = Organizaciones
staff-orgs-keyword-hint = El comienzo de cualquiera de sus palabras.
staff-orgs-find = Buscar organizaciones
staff-orgs-found = { $count ->
    [0] No se encontró ninguna organización.
    [one] Se encontró { $count } organización.
   *[other] Se encontraron { $count } organizaciones.
}
staff-org-found = { $kind }; { $place }
staff-org-found-suspended = { $kind }; { $place }; suspendida
staff-orgs-more = Más organizaciones
staff-org-type-school = Un centro de primaria o secundaria
staff-org-type-schoolDistrict = Un distrito escolar o una autoridad educativa local
staff-org-type-university = Una facultad o universidad
staff-org-type-library = Una biblioteca pública o institucional
staff-org-type-agency = Una agencia de rehabilitación o de servicios para personas con discapacidad
staff-org-type-other = Otro tipo de organización
staff-org-kind = Tipo de organización
staff-org-add = Añadir la organización
staff-org-name = Nombre
staff-org-address1 = Dirección, línea 1
staff-org-address2 = Dirección, línea 2
staff-org-city = Localidad o ciudad
staff-org-state = Estado, provincia o región
staff-org-postal-code = Código postal
staff-org-phone = Teléfono
staff-org-website = Sitio web
staff-org-website-optional = Sitio web (opcional)
staff-org-notes = Notas
staff-org-notes-hint = Para el personal de la biblioteca.
staff-org-contact-first-name = Nombre del contacto principal
staff-org-contact-last-name = Apellidos del contacto principal
staff-org-contact-title = Cargo del contacto principal
staff-org-contact-title-hint = Como «Profesor de alumnos con discapacidad visual».
staff-org-contact-email = Correo electrónico del contacto principal
staff-org-contact-email-hint = También es el nombre de usuario con el que inicia sesión.
staff-org-contact-phone = Teléfono del contacto principal (opcional)
staff-org-subscription-optional = Tipo de suscripción (opcional)
staff-org-subscription-hint = Déjelo vacío para el que tiene el tipo de organización.
staff-org-name-missing = Introduzca el nombre de la organización
staff-org-address1-missing = Introduzca la primera línea de la dirección
staff-org-city-missing = Introduzca la localidad o ciudad
staff-org-postal-code-missing = Introduzca el código postal
staff-org-kind-missing = Elija el tipo de organización
staff-org-contact-first-name-missing = Introduzca el nombre del contacto principal
staff-org-contact-last-name-missing = Introduzca los apellidos del contacto principal
staff-org-contact-title-missing = Introduzca el cargo del contacto principal
staff-org-contact-email-missing = Introduzca el correo electrónico del contacto principal
staff-org-this = Esta organización
staff-org-tab-organization = La organización
staff-org-tab-members = Miembros y patrocinadores
staff-org-identifier = Identificador
staff-org-primary-contact = Contacto principal
staff-org-allowance = Descargas que puede hacer un miembro
staff-org-allowance-100 = 100 al mes por miembro
staff-org-allowance-200 = 200 al mes por miembro
staff-org-allowance-300 = 300 al mes por miembro
staff-org-allowance-unlimited = Ilimitadas
staff-org-change = Cambiar la organización
staff-org-settings = Acuerdos y ajustes
staff-org-flag-agreementSigned = El acuerdo de la organización está firmado
staff-org-flag-riderSigned = El anexo está firmado
staff-org-flag-canDownloadNIMAC = Puede descargar títulos NIMAC
staff-org-flag-canCreateUsers = Puede añadir miembros y avalar su certificado de discapacidad
staff-org-flag-suspended = Suspendida: sus miembros no pueden descargar
staff-org-flag-unreported = Fuera de los informes
staff-org-flag-servicePlus = Tiene las funciones prémium
staff-org-flag-readingCompanion = Tiene el asistente de lectura
staff-org-flag-safeSearch = Búsqueda segura para los miembros nuevos
staff-org-flag-allowSearchDownloads = Los miembros nuevos pueden descargar lo que encuentren
staff-org-done-created = Se añadió la organización, con su contacto principal.
staff-org-done-changed = Se cambió la organización.
staff-org-members-title = Miembros y patrocinadores de { $name }
staff-org-no-sponsors = No hay patrocinadores.
staff-org-is-primary-contact = (contacto principal)
staff-org-name-contact = Nombrar el contacto principal
staff-org-bring-in-heading = Incorporar una cuenta
staff-org-user = Nombre de usuario o identificador de la cuenta
staff-org-user-missing = Introduzca un nombre de usuario o un identificador de cuenta
staff-org-sponsor-title = Cargo del patrocinador (opcional)
staff-org-username = Nombre de usuario (opcional)
staff-org-username-hint = Para un miembro que inicia sesión por sí mismo.
staff-org-members-count = { $count ->
    [0] No hay miembros.
    [one] { $count } miembro.
   *[other] { $count } miembros.
}
staff-org-done-added = Se añadió el miembro.
staff-org-done-contact = Se cambió el contacto principal.

## El directorio de organizaciones
staff-directory-intro = Las organizaciones nuevas se cotejan con este directorio. Un archivo añade organizaciones, o sustituye las que tienen el mismo identificador.
staff-directory-problems = { $count ->
    [one] No se cargó nada: el archivo tiene un problema
   *[other] No se cargó nada: el archivo tiene { $count } problemas
}
staff-directory-mend = Corrija las líneas indicadas y vuelva a subir el archivo.
staff-directory-file = Archivo CSV
staff-directory-file-hint = Su primera línea nombra las columnas; debe tener { $columns }, y puede tener parentName, address1, address2, city, postalCode y la dirección de la sede. Como máximo 10 MB.
staff-directory-load = Comprobar y cargar el archivo
staff-directory-file-missing = Elija un archivo CSV de organizaciones
staff-directory-loaded = { $count ->
    [one] Se cargó { $count } organización en el directorio.
   *[other] Se cargaron { $count } organizaciones en el directorio.
}
