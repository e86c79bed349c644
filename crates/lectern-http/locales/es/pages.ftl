# El marco de cada página: su enlace para saltar, la navegación, el pie y la elección de idioma.
skip-to-main = Saltar al contenido principal
nav-main = Principal
nav-search = Buscar
nav-books = Mis libros
nav-lists = Mis listas de lectura
nav-documents = Mis documentos
nav-account = Mi cuenta
nav-organization = Mi organización
nav-staff = Personal
signed-in-as = Sesión iniciada como { $name }
sign-out = Cerrar sesión
sign-in = Iniciar sesión
title-staff = Personal
footer-about = { $site }: libros accesibles para lectores con dificultades para acceder al texto impreso.
language-label = Idioma
language-change = Cambiar el idioma

# Palabras que comparten muchas páginas.
form-problem = Hay un problema
form-error = Error:
search-the-library = Buscar en la biblioteca
form-fill-in = Rellene este campo
