# Mes documents : les fichiers d'un lecteur, rendus accessibles.
documents-title = Mes documents
documents-intro = Envoyez un PDF, la photo d'une page ou une présentation PowerPoint, et la bibliothèque la rend accessible en EPUB 3, pour vous seul.
documents-done-uploaded = Votre document a été envoyé. Il est en cours de mise en accessibilité.
documents-done-deleted = Le document a été supprimé.
documents-upload-heading = Envoyer un document
documents-name = Nom du document
documents-name-missing = Saisissez un nom pour le document
documents-file = Fichier
documents-file-hint = Un fichier PDF, une photo JPEG, PNG ou HEIF, ou un PowerPoint (.pptx) de 20 Mo au plus.
documents-file-missing = Choisissez le fichier à envoyer
documents-file-kind = Choisissez un PDF, une photo JPEG, PNG ou HEIF, ou une présentation PowerPoint (.pptx)
documents-upload = Envoyer
documents-yours = Vos documents
documents-count = { $count ->
    [0] Vous n'avez aucun document.
    [one] { $count } document
   *[other] { $count } documents
}
documents-uploaded = Envoyé le { $date }.
documents-queued = En attente de mise en accessibilité. Revenez sur cette page dans quelques minutes.
documents-converting = En cours de mise en accessibilité. Revenez sur cette page dans une minute ou deux.
documents-ready = Prêt à télécharger en EPUB 3.
documents-failed = N'a pas pu être rendu accessible : { $why }. Supprimez-le et envoyez-le à nouveau, ou envoyez un autre fichier.
documents-failed-unknown = la conversion a échoué
documents-download = Télécharger
documents-delete = Supprimer
documents-more = Plus de documents
documents-previous = Page précédente
documents-next = Page suivante
