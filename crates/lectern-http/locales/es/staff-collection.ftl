# Las páginas de la colección para el personal: el catálogo, un título, sus formatos y archivos, las subidas de EPUB, las publicaciones periódicas y sus ediciones.
staff-not-recorded = Sin registrar
staff-never = Nunca
staff-one-a-line = Uno por línea.
staff-why = Motivo (opcional)
staff-why-hint = Se guarda con el cambio en el historial del título.
staff-done-saved = Se guardaron los cambios.
staff-the-title = El título

## El catálogo
staff-catalog-titles = Títulos
staff-catalog-status = Estado
staff-status-any = Cualquier estado
staff-status-live = Publicado
staff-status-withdrawn = Retirado
staff-status-new = Nuevo
staff-status-beingEdited = En edición
staff-status-proofreadValid = Corregido, válido
staff-status-proofreadRejected = Corregido, rechazado
staff-status-converted = Convertido
staff-status-reprocess = Por volver a procesar
staff-status-validated = Validado
staff-status-userSubmitted = Enviado por un usuario
staff-status-publisherSubmitted = Enviado por una editorial
staff-status-removed = Eliminado
staff-catalog-isbn = ISBN (opcional)
staff-catalog-from = Actualizado desde (opcional)
staff-catalog-date-hint = Como año, mes y día: 2026-01-31.
staff-catalog-until = Actualizado hasta (opcional)
staff-catalog-direction = Sentido
staff-catalog-order-title = Título
staff-catalog-order-author = Autor
staff-catalog-order-updated = Última actualización
staff-catalog-order-copyright = Año del copyright
staff-catalog-order-relevance = Pertinencia
staff-catalog-ascending = Ascendente
staff-catalog-descending = Descendente
staff-catalog-show = Mostrar los títulos
staff-catalog-found = { $count ->
    [0] No se encontró ningún título.
    [one] Se encontró { $count } título.
   *[other] Se encontraron { $count } títulos.
}
staff-catalog-title-about = { $status }; actualizado el { $date }
staff-catalog-title-never = { $status }; nunca actualizado
staff-catalog-more = Más títulos

## Un título
staff-title-page-title = { $name }: datos y archivos
staff-title-done-accepted = Se aceptó su cambio. El proceso de fondo lo aplica en un momento; su avance está en el historial de abajo.
staff-title-formats = Formatos
staff-title-no-files = El título aún no tiene archivos.
staff-format-derived = se crea a partir del EPUB maestro la primera vez que se pide
staff-artifact-status-available = disponible
staff-artifact-status-inProduction = en producción
staff-artifact-status-withdrawn = retirado
staff-artifact-status-failed = no se pudo crear
staff-title-add-file = Añadir o sustituir el archivo de un formato
staff-title-history = Historial
staff-title-no-changes = Aún no hay cambios.
staff-history-heading = { $what }, { $when } UTC, por { $who }
staff-history-heading-format = { $what } ({ $format }), { $when } UTC, por { $who }
staff-history-updateAccepted = Cambio pedido
staff-history-metadataUpdated = Datos cambiados
staff-history-artifactUpdated = Un formato cambiado
staff-history-artifactAdded = Un formato añadido
staff-history-restored = Restablecido
staff-history-statusChanged = Estado cambiado
staff-history-updateNotApplied = Cambio no aplicado
staff-history-queued = En espera de aplicarse.
staff-history-applied = Aplicado.
staff-history-applied-changes = Aplicado: { $changes }.
staff-history-not-applied = No aplicado:
staff-history-not-applied-changed = No aplicado: el título había cambiado.
staff-title-check-again = Comprobar de nuevo
staff-title-change = Cambiar los datos
staff-title-field-title = Título
staff-title-field-subtitle = Subtítulo
staff-title-field-series = Serie
staff-title-field-series-number = Número en la serie
staff-title-field-publisher = Editorial
staff-title-field-edition = Edición
staff-title-field-isbn = ISBN
staff-title-field-isbn-hint = ISBN-10 o ISBN-13; se guarda como ISBN-13.
staff-title-field-copyright-hint = Cuatro cifras, como 1998.
staff-title-field-youngest = Edad lectora mínima
staff-title-field-oldest = Edad lectora máxima
staff-title-field-years-hint = En años.
staff-title-field-authors = Autores
staff-title-field-authors-hint = Uno por línea, tal como se escribe el nombre: Jane Austen.
staff-title-field-languages = Idiomas
staff-title-field-languages-hint = Uno por línea, cada uno un código de tres letras como spa.
staff-title-field-synopsis = Sinopsis
staff-title-flag-adult = Solo para adultos
staff-title-flag-recommend = Puede recomendarse
staff-title-availability = Disponibilidad
staff-title-is-withdrawn = El título está retirado: los lectores no pueden encontrarlo ni descargarlo.
staff-title-restore = Restablecer el título
staff-title-withdraw = Retirar el título

## Un formato de un título
staff-artifact-heading = { $title }: { $format }
staff-artifact-file = Archivo
staff-artifact-no-file = Sin archivo
staff-artifact-added = Añadido
staff-artifact-change = Cambiar los datos de este formato
staff-artifact-gbs = Identificador del Global Book Service
staff-artifact-gbs-hint = El número que el ABC Global Book Service da a este archivo, si tiene uno.
staff-artifact-own-id = Su propio identificador
staff-artifact-own-id-hint = El número que da a este archivo el sistema propio de su biblioteca.
staff-artifact-supplier = Proveedor
staff-artifact-funded-by = Financiado por
staff-artifact-duration = Duración
staff-artifact-duration-hint = Como PTnHnMnS: PT9H30M son nueve horas y media.
staff-artifact-producers = Productores
staff-braille-code = Código braille
staff-braille-code-ueb = Braille inglés unificado (UEB)
staff-braille-code-ebae = Braille inglés, edición estadounidense (EBAE)
staff-braille-code-standardEnglishBraille = Braille inglés estándar
staff-braille-code-musicBrailleCode = Musicografía braille
staff-braille-code-french = Francés
staff-braille-code-frenchQuebec = Francés (Quebec)
staff-braille-code-frenchUnified = Francés (unificado)
staff-braille-code-spanish = Español
staff-braille-contracted = Estenografiado
staff-braille-uncontracted = Integral
staff-braille-how-made = Cómo se hizo
staff-braille-transcribed = Transcrito por una persona
staff-braille-automated = Traducido por un programa
staff-braille-layout = Disposición de la partitura
staff-braille-layout-none = No es música, o sin registrar
staff-braille-layout-barOverBar = Compás sobre compás
staff-braille-layout-barByBar = Compás a compás
staff-braille-volumes = Volúmenes
staff-braille-volumes-hint = Cuántos volúmenes braille.
staff-braille-transcriber = Transcriptor

## Los archivos de un formato
staff-files-title = { $title }: añadir o sustituir el archivo de un formato
staff-files-intro = El archivo pasa a ser la copia del título en ese formato, o sustituye la que tiene. Los lectores lo descargan en cuanto se aplica el cambio; su avance está en el historial del título.
staff-files-format = Formato
staff-files-choose-format = Elija un formato
staff-files = Archivos
staff-files-hint = Un archivo para EPUB 3, PDF y Word. Para DAISY, elija todos los archivos del libro a la vez (con su archivo de paquete, o ncc.html para DAISY 2.02); para braille, todos sus volúmenes .brf. Cada archivo puede tener hasta 1 GB.
staff-files-upload = Subir los archivos
staff-files-format-missing = Elija el formato de los archivos
staff-files-none = Elija el archivo, o para DAISY y braille todos los archivos del libro
staff-files-one = Un { $format } es un solo archivo: elija uno
staff-files-twice = Dos archivos se llaman { $name }: cada nombre una vez
staff-files-not-epub = El archivo no es un EPUB 3 utilizable: { $why }
staff-files-not-pdf = El archivo no es un PDF
staff-files-not-word = El archivo no es un documento de Word
staff-files-daisy2 = Un libro DAISY 2.02 necesita su ncc.html entre los archivos
staff-files-daisy3 = Un libro DAISY 3 necesita su archivo de paquete (.opf) entre los archivos
staff-files-braille = Un libro braille necesita sus archivos .brf (o .brl)

## Subidas de EPUB
staff-import-outcomes = Qué fue de cada archivo
staff-import-all = { $files ->
    [one] Se importó el archivo.
   *[other] Se importaron los { $files } archivos.
}
staff-import-none = { $files ->
    [one] No se pudo importar el archivo.
   *[other] No se pudo importar ninguno de los { $files } archivos.
}
staff-import-some = Se importaron { $imported } de { $files } archivos; los demás figuran con el motivo.
staff-import-added = Añadido: { $title }
staff-import-updated = Actualizado: { $title } (el mismo libro ya estaba aquí)
staff-import-refused = No importado:
staff-import-intro = Cada archivo EPUB 3 pasa a ser un título, con sus datos tomados de los metadatos y las propiedades de accesibilidad del propio libro. Un libro que se vuelve a subir (el mismo ISBN o, si no, el mismo identificador) actualiza su título en lugar de añadir otro.
staff-import-files = Archivos EPUB
staff-import-files-hint = Elija uno o varios. Cada uno puede tener hasta 200 MB.
staff-import-files-missing = Elija uno o más archivos EPUB 3
staff-import-usage = Derechos de autor
staff-import-usage-keep = Mantener los de cada título; con derechos para un título nuevo
staff-import-usage-copyright = Con derechos de autor
staff-import-usage-publicDomain = Dominio público
staff-import-usage-creativeCommons = Creative Commons
staff-import-status-keep = Mantener el de cada título; publicado para un título nuevo
staff-import-status-live = Publicado: los lectores lo encuentran enseguida
staff-import-status-new = Nuevo: aún no se muestra a los lectores
staff-import-category = Añadir a una categoría
staff-import-no-category = No existe esa categoría
staff-import-upload = Subir y añadir los títulos

## Publicaciones periódicas
staff-series-title-contains = El título contiene
staff-series-find = Buscar
staff-series-found = { $count ->
    [0] No se encontró ninguna publicación periódica.
    [one] Se encontró { $count } publicación periódica.
   *[other] Se encontraron { $count } publicaciones periódicas.
}
staff-series-about-issn = ISSN { $issn }; { $kind }
staff-series-type-newspaper = Periódico
staff-series-type-magazine = Revista
staff-series-type-journal = Revista especializada
staff-series-more = Más publicaciones periódicas
staff-series-new = Una publicación periódica nueva
staff-series-id-hint = Letras, cifras y guiones, como diario-local; no se puede cambiar después.
staff-series-issn = ISSN
staff-series-issn-hint = Cuatro cifras, un guion y cuatro más, como 0028-0836.
staff-series-description = Descripción
staff-series-category-code = Su propio código de categoría
staff-series-category-code-hint = El código con el que la clasifica el sistema propio de su biblioteca.
staff-series-categories = Categorías
staff-series-countries = Países donde puede leerse
staff-series-countries-hint = Uno por línea, cada uno un código de dos letras como ES; ninguno significa en todas partes.
staff-series-add = Añadir la publicación periódica
staff-series-id-missing = Introduzca un identificador para la serie
staff-series-title-missing = Introduzca el título de la serie
staff-series-done-added = Se añadió la publicación periódica. Añada sus ediciones abajo.
staff-series-done-withdrawn = Se aceptó la retirada de la edición: sale de los listados en un momento.
staff-editions = Ediciones
staff-edition-add-link = Añadir una edición
staff-editions-count = { $count ->
    [0] Aún no hay ediciones.
    [one] { $count } edición.
   *[other] { $count } ediciones, la más reciente primero.
}
staff-edition-about = publicada el { $date }; { $formats }
staff-editions-more = Más ediciones
staff-editions-newest = Ediciones más recientes
staff-editions-older = Ediciones anteriores

## Una edición
staff-edition-heading = { $series }: { $edition }
staff-edition-new-heading = { $series }: una edición nueva
staff-edition-the-periodical = La publicación periódica
staff-edition-and-file = La edición y su archivo
staff-edition-id-hint = Único entre todas las ediciones, como diario-local-2026-11-27; no se puede cambiar después.
staff-edition-name-hint = Tal como lo ven los lectores, como 27 de noviembre de 2026 o Número 48.
staff-edition-published = Publicada el
staff-edition-until = Disponible hasta (opcional)
staff-edition-until-hint = Déjelo vacío para mantenerla disponible.
staff-edition-files-hint = Un archivo para EPUB 3, PDF y Word; para DAISY y braille, todos los archivos de la edición a la vez. Cada uno puede tener hasta 1 GB.
staff-edition-add = Añadir la edición
staff-edition-withdrawn-means = Los lectores ya no pueden encontrar ni descargar una edición retirada.
staff-edition-withdraw = Retirar la edición
staff-edition-id-missing = Introduzca un identificador para la edición
staff-edition-name-missing = Introduzca el nombre de la edición, como su fecha o su número
staff-edition-date-missing = Introduzca la fecha en que se publicó
staff-edition-done-added = Se añadió la edición: los lectores pueden encontrarla y descargarla.
