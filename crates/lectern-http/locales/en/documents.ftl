# My documents: a reader's own files made accessible.
documents-title = My documents
documents-intro = Upload a PDF, a photo of a page or a PowerPoint presentation, and the library makes it accessible as an EPUB 3 for you alone.
documents-done-uploaded = Your document has been uploaded. It is being made accessible.
documents-done-deleted = The document has been deleted.
documents-upload-heading = Upload a document
documents-name = Name of the document
documents-name-missing = Enter a name for the document
documents-file = File
documents-file-hint = A PDF, JPEG, PNG or HEIF photo, or PowerPoint (.pptx) file of at most 20 MB.
documents-file-missing = Choose the file to upload
documents-file-kind = Choose a PDF, a JPEG, PNG or HEIF photo, or a PowerPoint presentation (.pptx)
documents-upload = Upload
documents-yours = Your documents
documents-count = { $count ->
    [0] You have no documents.
    [one] { $count } document
   *[other] { $count } documents
}
documents-uploaded = Uploaded { $date }.
documents-queued = Waiting to be made accessible. Check this page again in a few minutes.
documents-converting = Being made accessible now. Check this page again in a minute or two.
documents-ready = Ready to download as EPUB 3.
documents-failed = Could not be made accessible: { $why }. Delete it and upload it again, or upload another file.
documents-failed-unknown = the conversion failed
documents-download = Download
documents-delete = Delete
documents-more = More documents
documents-previous = Previous page
documents-next = Next page
