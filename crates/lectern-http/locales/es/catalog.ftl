# Las páginas del catálogo: la página de inicio, la búsqueda y sus resultados, los títulos listados.
home-title = Inicio
home-new-arrivals = Novedades
home-nothing-new = Todavía no ha llegado ningún título.
home-all-new = Todas las novedades
home-popular-lists = Listas populares

search-box-label = Buscar títulos, autores o materias
search-button = Buscar
search-browse = Explorar la biblioteca
search-results-for = Resultados de la búsqueda de «{ $keyword }»
search-found =
    { $count ->
        [0] No se encontró ningún título
        [one] Se encontró { $count } título
       *[other] Se encontraron { $count } títulos
    }
search-sort-label = Ordenar por
search-sort-button = Ordenar
search-sort-relevance = Más pertinentes
search-sort-title = Título, de la A a la Z
search-sort-author = Autor, de la A a la Z
search-sort-newest = Más recientes primero
search-titles = Títulos
search-nothing-found = Pruebe con otras palabras o con menos opciones en «{ search-narrow }».
search-pages = Páginas de resultados
search-previous = Página anterior
search-next = Página siguiente
search-narrow = Afinar los resultados

facet-any = Cualquiera
facet-accessibility = Accesibilidad
facet-textual = Legible solo con lector de pantalla
facet-auditory = Legible solo escuchando
facet-tactile = Legible solo al tacto (braille)
facet-synchronized = Texto y audio sincronizados
facet-hazards = Riesgos
facet-no-flashing = Sin riesgo por destellos
facet-no-motion = Sin riesgo por simulación de movimiento
facet-no-sound = Sin riesgo por sonido
facet-format = Formato
facet-category = Categoría
facet-language = Idioma
facet-reading-age = Edad de lectura
facet-age = { $count } años

# Un título, tal como lo muestran las listas.
title-by = de { $names }
title-formats = Formatos: { $formats }

# Los formatos, como los conocen los lectores.
format-DAISY = DAISY texto
format-DAISY_AUDIO = DAISY audio
format-DAISY_2_AUDIO = DAISY 2.02 audio
format-BRF = BRF (formato braille)
format-EPUB3 = EPUB 3
format-PDF = PDF
format-DOCX = Word (DOCX)
