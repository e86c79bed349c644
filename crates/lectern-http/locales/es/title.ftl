# La página de un título: qué es, cómo obtenerlo, la lectura del lector en él.
title-cover = Cubierta de { $title }
title-download = Descargar
title-cannot-download = Ahora no puede descargar este título:
title-sign-in-to-download = Inicie sesión para descargar títulos con la cuenta de su biblioteca.
title-choose-format = Elija un formato
title-counts-as-download = Abrirlo cuenta como una descarga, una vez al mes.
title-read-online = Leer en línea
title-listen-online = Escuchar en línea
title-formats-unavailable = Formatos que no puede descargar
title-unavailable = { $format }: { $why }
title-your-reading = Su lectura
title-where-you-are = Dónde va
title-your-members = Sus miembros
title-assign = Asignar este título a miembros y ver quién puede descargarlo
title-reading-lists = Listas de lectura
title-added-to = Añadido a { $list }.
title-no-lists = No tiene listas de lectura a las que añadir este título.
title-make-list = Crear una lista de lectura
title-add-to = Añadir este título a
title-add-to-list = Añadir a la lista
title-no-accessibility = Todavía no se puede descargar ningún formato de este título, así que no hay nada que decir sobre su accesibilidad.

fact-translated-by = Traducción de
fact-edited-by = Edición de
fact-publisher = Editorial
fact-copyright = Derechos de autor
fact-edition = Edición
fact-language = Idioma
fact-categories = Categorías
fact-series = Serie
fact-series-number = { $series }, número { $number }
fact-reading-age = Edad de lectura
fact-ages-between = De { $from } a { $to } años
fact-ages-from = Desde { $from } años
fact-ages-to = Hasta { $to } años
fact-pages = Páginas
fact-isbn = ISBN
fact-content-warnings = Advertencias de contenido

warning-contentWarning = contenido que puede afectar
warning-sex = contenido sexual
warning-violence = violencia
warning-drugs = drogas
warning-language = lenguaje ofensivo
warning-intolerance = intolerancia
warning-adult = contenido para adultos
warning-unrated = sin clasificar

format-in-a-zip = { $format }, sus volúmenes en un zip
not-ready-file-not-arrived = Su archivo todavía no ha llegado a la biblioteca.
not-ready-in-production = Se está produciendo y todavía no está listo.
not-ready-withdrawn = Se ha retirado y ya no se presta.
not-ready-failed = No se pudo producir.
made-braille = hecho a partir del EPUB con su configuración de braille cuando lo pida
made-speech = leído en voz alta por una voz sintética, hecho cuando lo pida
made-from-epub = hecho a partir del EPUB cuando lo pida

online-read-or-recording = O léalo aquí, en su navegador, sin descargar nada, o escuche la grabación de la biblioteca, encabezado a encabezado y página a página.
online-read-or-narration = O léalo aquí, en su navegador, sin descargar nada, o escúchelo leído por la voz sintética de la biblioteca mientras sigue el texto.
online-read = O léalo aquí, en su navegador, sin descargar nada.
online-recording = O escuche aquí, en su navegador, la grabación de la biblioteca, encabezado a encabezado y página a página, sin descargar nada.

not-made-speech = Lectern no puede leer este título en voz alta: su sintetizador de voz, eSpeak NG, no tiene voz para { $language }.
not-made-braille = Lectern no puede hacer braille de este título: no tiene tablas de braille para { $language }.

mark-bookmark-deleted = Se ha eliminado el marcador.
mark-highlight-deleted = Se ha eliminado el resaltado.
mark-bookmarks = Marcadores
mark-highlights = Resaltados
mark-delete = Eliminar
mark-delete-bookmark = el marcador { $words }
mark-delete-highlight = el resaltado { $words }
mark-position = { $format }: { $place } (el { $date })
mark-bookmark = { $format }: { $place }, creado el { $date }
mark-no-text = (no se guardó el texto)
mark-highlight = «{ $text }»
mark-highlight-noted = «{ $text }», con la nota: { $note }
mark-through = al { $percent } %
mark-at-position = en la posición { $position }
mark-at = en { $place }

# Por qué un lector no puede descargar un título, o qué debe saber antes.
alert-title-not-live = Este título no está disponible para descargar.
alert-sign-in-required = Inicie sesión para descargar este título: sin una cuenta solo se pueden descargar títulos de dominio público y Creative Commons.
alert-country-restricted = Este título solo se puede leer en algunos países; inicie sesión para que sepamos cuál es el suyo.
alert-not-a-member = Solo los miembros descargan títulos para sí mismos; los patrocinadores los descargan para sus miembros.
alert-adult-content = Este título tiene contenido para adultos, que esta cuenta no permite.
alert-country-not-yours = Este título no se puede leer en su país.
alert-agreement-missing = Firme el acuerdo de membresía para descargar títulos.
alert-subscription-expired = La suscripción ha caducado; renuévela para descargar títulos.
alert-subscription-missing = Se necesita una suscripción para descargar títulos.
alert-proof-of-disability-pending = Se ha recibido el justificante de discapacidad y se está comprobando.
alert-proof-of-disability-missing = Se necesita un justificante de discapacidad para descargar títulos.
alert-organization-suspended = La membresía de su organización está suspendida; sus miembros no pueden descargar títulos.
alert-assigned-titles-only = Su organización solo le permite descargar los títulos que le han asignado.
alert-nimac-restricted = Este título está reservado a estudiantes con un plan educativo, a través de su escuela.
alert-monthly-quota-reached = Se han usado las { $quota } descargas permitidas este mes.
alert-monthly-quota-low =
    { $left ->
        [one] Queda { $left } de las { $quota } descargas de este mes.
       *[other] Quedan { $left } de las { $quota } descargas de este mes.
    }
alert-subscription-quota-reached = Se han usado las { $quota } descargas permitidas por esta suscripción.
alert-subscription-quota-low =
    { $left ->
        [one] Queda { $left } de las { $quota } descargas de esta suscripción.
       *[other] Quedan { $left } de las { $quota } descargas de esta suscripción.
    }

# Una copia de un título que se prepara para descargarla.
download-ready-title = Lista: { $title }, { $format }
download-preparing-title = En preparación: { $title }, { $format }
download-not-asked-title = Aún no pedida: { $title }, { $format }
download-heading = Su copia de { $title }
download-ready = Su copia en { $format } está lista.
download-link = Descargar el archivo { $format }
download-preparing = Se está preparando su copia en { $format }. Suele tardar menos de un minuto.
download-not-asked = Todavía no ha pedido una copia en { $format }. Pedirla cuenta como una descarga.
download-check-again = Volver a comprobar
download-ask = Pedir la copia en { $format }
download-back = Volver a { $title }

# Mis libros: lo que se asignó al lector y lo que descargó.
books-title = Mis libros
books-assigned = Asignados a mí
books-nothing-assigned = No se le ha asignado nada.
books-downloads = Mis descargas
books-no-downloads = Todavía no ha descargado nada.
books-find-title = Buscar un título
books-earlier = Descargas anteriores
books-download-detail = { $format }, { $date }; { $status }
books-status-ready = lista
books-status-read-online = leído en línea
books-status-preparing = en preparación
books-assigned-by-downloaded = Asignado por { $name }; descargado el { $date }
books-assigned-by-not-downloaded = Asignado por { $name }; todavía sin descargar
books-downloaded = Descargado el { $date }
books-not-downloaded = Todavía sin descargar
