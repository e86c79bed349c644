# قوائم القراءة الخاصة بي، وقائمة واحدة.
lists-title = قوائم القراءة الخاصة بي
lists-none = ليست لديك قوائم قراءة بعد.
lists-row = { $count ->
    [zero] لا عناوين
    [one] عنوان واحد
    [two] عنوانان
    [few] { $count } عناوين
   *[other] { $count } عنوانًا
}. { $access }. يحتفظ بها { $owner }.
lists-access-shared = مشتركة مع قراء آخرين
lists-access-org = مشتركة مع مؤسستك
lists-access-private = أنت فقط
lists-more = المزيد من القوائم
lists-next = الصفحة التالية
lists-new-heading = أنشئ قائمة جديدة
lists-new-button = أنشئ القائمة
lists-name = اسم القائمة
lists-name-missing = اكتب اسمًا للقائمة
lists-description = الوصف (اختياري)
lists-who = من يمكنه رؤيتها
lists-who-me = أنا فقط
lists-who-readers = قراء آخرون
lists-who-org = مؤسستي
list-done-created = أُنشئت قائمتك. ابحث عن عناوين وأضفها من صفحاتها.
list-done-changed = حُفظت تغييراتك على هذه القائمة.
list-done-removed = أُزيل العنوان من هذه القائمة.
list-titles-heading = العناوين في هذه القائمة
list-empty = لا عناوين بعد. { $find } وأضفها من صفحاتها.
list-find = ابحث عن عناوين
list-order = اعرض بترتيب
list-order-title = العنوان، أبجديًا
list-order-author = المؤلف، أبجديًا
list-order-added = الأحدث إضافة
list-show = اعرض
list-added = أُضيف في { $date }
list-remove = أزل
list-remove-which = { $title } من هذه القائمة
list-more = المزيد من العناوين
list-change-heading = غيّر هذه القائمة
list-save = احفظ التغييرات
list-all = كل قوائم القراءة الخاصة بي
