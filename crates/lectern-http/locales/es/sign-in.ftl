# Iniciar y cerrar sesión, y las páginas de un error.
sign-in-title = Iniciar sesión
sign-in-intro = Inicie sesión con su cuenta de { $site } para descargar títulos y conservar sus listas de lectura.
sign-in-apps-heading = Iniciar sesión desde una aplicación de lectura
sign-in-apps-catalog = Las aplicaciones de lectura que leen catálogos de bibliotecas (OPDS), como Thorium Reader, KOReader y Librera, añaden esta biblioteca con la dirección de su catálogo:
sign-in-apps-help = Cuando la aplicación lo pida, inicie sesión con el mismo nombre de usuario o correo electrónico y la misma contraseña que en esta página. Si la aplicación dice que la contraseña no es correcta, inicie sesión primero aquí para comprobarla; tras varios intentos fallidos, la biblioteca le pide que espere un poco antes del siguiente. Si su cuenta está bloqueada o ha olvidado su contraseña, pregunte a su biblioteca.
sign-in-username = Nombre de usuario o correo electrónico
sign-in-password = Contraseña
sign-in-button = Iniciar sesión
sign-in-enter-username = Escriba su nombre de usuario o correo electrónico
sign-in-enter-password = Escriba su contraseña
sign-in-not-right = El nombre de usuario o la contraseña no son correctos. Revíselos y vuelva a intentarlo.
sign-in-too-many = Ha habido demasiados intentos de iniciar sesión en esta cuenta. Espere un minuto y vuelva a intentarlo.
sign-in-locked = Esta cuenta está bloqueada. Póngase en contacto con su biblioteca para desbloquearla.

signed-out-title = Sesión cerrada
signed-out-heading = Ha cerrado la sesión
signed-out-status = Ya no tiene la sesión iniciada en este navegador.
signed-out-sign-in-again = Volver a iniciar sesión

error-not-found = Página no encontrada
error-forbidden = No puede hacer esto
error-too-many = Demasiadas solicitudes
error-changed = Esto ha cambiado
error-went-wrong = Algo salió mal
error-go-home = Ir a la página de inicio
error-go-library-home = Ir a la página de inicio de la biblioteca

# Las páginas del servidor de tokens: una aplicación pide usar la cuenta de un lector.
oauth-sign-in-to = Iniciar sesión en { $client }
oauth-wants = { $client } quiere usar la cuenta de su biblioteca. Inicie sesión para continuar.
consent-title = ¿Permitir que { $client } use su cuenta?
consent-signed-in-as = Ha iniciado sesión como { $name }.
consent-if-you-allow = Si lo permite, { $client } podrá:
consent-account = ver los datos de su cuenta, como su nombre y el estado de su membresía;
consent-search = buscar en la colección de la biblioteca y descargar títulos por usted;
consent-keep = conservar sus listas de lectura, marcadores y posición de lectura.
consent-withdraw = Puede retirar este permiso en cualquier momento cerrando la sesión en la aplicación.
consent-allow = Permitir
consent-deny = Denegar

oauth-error-start = No pudimos empezar a iniciar la sesión
oauth-error-no-client = La aplicación no dijo quién es (falta client_id).
oauth-error-unknown-client = La aplicación no está registrada en esta biblioteca.
oauth-error-redirect = La aplicación pidió volver a una dirección que no ha registrado, así que nos detuvimos aquí para proteger su cuenta.
oauth-error-form-expired = Este formulario ha caducado
oauth-error-form-foreign = El formulario que envió no procedía de esta página de inicio de sesión, así que no lo tuvimos en cuenta.
oauth-error-continue = No pudimos continuar con el inicio de sesión
oauth-error-client-gone = La aplicación ya no está registrada en esta biblioteca.
oauth-error-sign-in-first = Inicie sesión primero
oauth-error-sign-in-before = Inicie sesión antes de elegir si permite la aplicación.
oauth-error-account-gone = Esta cuenta ya no puede iniciar sesión. Póngase en contacto con su biblioteca.
oauth-error-expired = Su inicio de sesión ha caducado
oauth-error-expired-why = Este inicio de sesión ha terminado o tardó demasiado. Vuelva a empezar desde la aplicación.
oauth-error-our-side = Algo salió mal por nuestra parte. Inténtelo de nuevo dentro de unos minutos.
oauth-error-go-back = Vuelva a la aplicación de la que venía e inténtelo de nuevo. Si esto sigue ocurriendo, póngase en contacto con su biblioteca y dígale lo que dice esta página.
