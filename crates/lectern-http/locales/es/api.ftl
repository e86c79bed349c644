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
