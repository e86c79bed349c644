# Mis documentos: los archivos propios de un lector, hechos accesibles.
documents-title = Mis documentos
documents-intro = Suba un PDF, una foto de una página o una presentación de PowerPoint, y la biblioteca la hace accesible como EPUB 3 solo para usted.
documents-done-uploaded = Se ha subido su documento. Se está haciendo accesible.
documents-done-deleted = Se ha eliminado el documento.
documents-upload-heading = Subir un documento
documents-name = Nombre del documento
documents-name-missing = Escriba un nombre para el documento
documents-file = Archivo
documents-file-hint = Un archivo PDF, una foto JPEG, PNG o HEIF, o un PowerPoint (.pptx) de 20 MB como máximo.
documents-file-missing = Elija el archivo que va a subir
documents-file-kind = Elija un PDF, una foto JPEG, PNG o HEIF, o una presentación de PowerPoint (.pptx)
documents-upload = Subir
documents-yours = Sus documentos
documents-count = { $count ->
    [0] No tiene documentos.
    [one] { $count } documento
   *[other] { $count } documentos
}
documents-uploaded = Subido el { $date }.
documents-queued = Esperando a hacerse accesible. Vuelva a mirar esta página en unos minutos.
documents-converting = Haciéndose accesible ahora. Vuelva a mirar esta página en un par de minutos.
documents-ready = Listo para descargar como EPUB 3.
documents-failed = No se pudo hacer accesible: { $why }. Elimínelo y vuelva a subirlo, o suba otro archivo.
documents-failed-unknown = la conversión falló
documents-download = Descargar
documents-delete = Eliminar
documents-more = Más documentos
documents-previous = Página anterior
documents-next = Página siguiente
