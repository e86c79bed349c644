# Los mensajes de error de la API y las razones de las reglas. El nombre de un parámetro es el de la especificación.
api-missing-param = Falta el parámetro obligatorio '{ $param }'
api-invalid-param = Parámetro no válido '{ $param }': { $why }
why-required = es obligatorio
why-not-empty = no puede estar vacío
why-not-blank = no puede estar en blanco
why-at-most-chars = debe tener como máximo { $max } caracteres
why-in-future = no puede ser una fecha futura
why-date = debe ser una fecha escrita AAAA-MM-DD
why-before = no puede ser anterior a { $start }
why-percent-outside = { $value } no es un porcentaje entre { $low } y { $high }
why-sent-with = debe enviarse con un { $other } cambiado
why-own-colours-need = es necesario para el tema 'own', con { $other }
why-width-does-not-fit = { $width } no cabe en el braille { $format }, cuyos anchos de línea son { $widths }
why-too-faint = { $text } sobre { $background } tiene un contraste de { $ratio }:1; el texto necesita al menos { $least }:1
why-not-one-of = '{ $value }' no es ninguno de estos valores: { $values }
