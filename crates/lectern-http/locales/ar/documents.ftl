# مستنداتي: ملفات القارئ الخاصة، وقد جُعلت سهلة الوصول.
documents-title = مستنداتي
documents-intro = ارفع ملف PDF أو صورة صفحة أو عرض PowerPoint، وستجعله المكتبة سهل الوصول بصيغة EPUB 3 لك وحدك.
documents-done-uploaded = رُفع مستندك. يجري جعله سهل الوصول.
documents-done-deleted = حُذف المستند.
documents-upload-heading = ارفع مستندًا
documents-name = اسم المستند
documents-name-missing = اكتب اسمًا للمستند
documents-file = الملف
documents-file-hint = ملف PDF، أو صورة JPEG أو PNG أو HEIF، أو ملف PowerPoint ‏(.pptx) لا يزيد على 20 ميغابايت.
documents-file-missing = اختر الملف المراد رفعه
documents-file-kind = اختر ملف PDF، أو صورة JPEG أو PNG أو HEIF، أو عرض PowerPoint ‏(.pptx)
documents-upload = ارفع
documents-yours = مستنداتك
documents-count = { $count ->
    [0] ليست لديك مستندات.
    [one] مستند واحد
    [two] مستندان
    [few] { $count } مستندات
   *[other] { $count } مستندًا
}
documents-uploaded = رُفع في { $date }.
documents-queued = في انتظار جعله سهل الوصول. عد إلى هذه الصفحة بعد بضع دقائق.
documents-converting = يجري جعله سهل الوصول الآن. عد إلى هذه الصفحة بعد دقيقة أو اثنتين.
documents-ready = جاهز للتنزيل بصيغة EPUB 3.
documents-failed = تعذّر جعله سهل الوصول: { $why }. احذفه وارفعه مرة أخرى، أو ارفع ملفًا آخر.
documents-failed-unknown = فشل التحويل
documents-download = نزّل
documents-delete = احذف
documents-more = المزيد من المستندات
documents-previous = الصفحة السابقة
documents-next = الصفحة التالية
