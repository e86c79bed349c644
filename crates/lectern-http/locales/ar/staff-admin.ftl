# صفحات المسؤولين: مفاتيح العملاء والمواقع والقوائم الشائعة والفئات ورموز BISAC.

## مفاتيح العملاء
staff-client-named = { $name } (الموقع { $site })
staff-client-trusted = موثوق
staff-client-privileged = ذو امتياز
staff-client-with-secret = بسرّ
staff-client-disabled = معطّل
staff-client-sites-own = مفتاح الموقع نفسه
staff-client-rate = { $count ->
    [zero] لا طلبات في الدقيقة
    [one] طلب واحد في الدقيقة
    [two] طلبان في الدقيقة
    [few] { $count } طلبات في الدقيقة
   *[other] { $count } طلبًا في الدقيقة
}
staff-client-made = أُنشئ مفتاح العميل { $key }.
staff-client-secret-once = سرّه، المعروض الآن فقط: انسخه واحفظه في مكان آمن.
staff-client-make-heading = أنشئ مفتاح عميل
staff-client-name-hint = التطبيق، كما يعرفه الموظفون.
staff-client-key-optional = المفتاح (اختياري)
staff-client-key-hint = 8 أحرف على الأقل، بلا مسافات؛ اتركه فارغًا لمفتاح عشوائي.
staff-client-site = الموقع
staff-client-redirects-optional = عناوين URI لإعادة التوجيه (اختياري)
staff-client-redirects-hint = واحد في كل سطر: حيث يمكن لنموذج تسجيل الدخول أن يعيد القارئ.
staff-client-redirects = عناوين URI لإعادة التوجيه
staff-client-flag-trusted = موثوق: يمكنه تسجيل دخول القرّاء بكلمات مرورهم
staff-client-flag-privileged = ذو امتياز: يمكنه إدارة العضويات (تطبيقات المكتبة نفسها)
staff-client-flag-disabled = معطّل: يُرفض كل طلب يحمله
staff-client-with-secret-box = بسرّ (تطبيق سرّي على خادم)
staff-client-rate-optional = الطلبات في الدقيقة (اختياري)
staff-client-rate-label = الطلبات في الدقيقة
staff-client-rate-hint = اتركه فارغًا لحصة الخادم لكل مفتاح.
staff-client-rate-wrong = أدخل عدد الطلبات في الدقيقة، أو اتركه فارغًا لعدد الخادم.
staff-client-make = أنشئ المفتاح
staff-client-name-missing = أدخل اسم المفتاح
staff-client-title = مفتاح العميل { $key }
staff-client-done-changed = غُيّر المفتاح.
staff-client-new-secret-once = سرّ جديد، معروض الآن فقط: انسخه واحفظه في مكان آمن. لم يعد السرّ القديم يعمل.
staff-client-first-party = هذا مفتاح الموقع نفسه، عام وأُنشئ مع الموقع؛ لا يتغيّر إلا مع الموقع.
staff-client-change = غيّر المفتاح
staff-client-secret = السرّ
staff-client-secret-replaces = يحلّ السرّ الجديد محل الذي لدى التطبيق: أعطه الجديد فورًا.
staff-client-make-secret = أنشئ سرًّا جديدًا

## المواقع
staff-site-made = أُنشئ الموقع { $id }، مع المفاتيح الخاصة بفهرسه وصفحاته على الويب.
staff-site-is-global = عام
staff-site-make-heading = أنشئ موقعًا
staff-site-id-hint = أحرف وأرقام و- و_؛ يظهر في عناوين الموقع ولا يمكن تغييره.
staff-site-name-hint = اسم المكتبة، كما يراه القرّاء.
staff-site-language = لغة صفحاته
staff-site-language-hint = اللغة التي تُعرض بها الصفحات حين لا يذكر القارئ ولا متصفحه لغة كُتبت بها.
staff-site-global = عام: عناوينه هي المجموعة التي يمكن للمواقع الأخرى تضمينها
staff-site-make = أنشئ الموقع
staff-site-title = الموقع { $id }
staff-site-saved = حُفظ الموقع.
staff-site-change = غيّر الموقع
staff-site-save = احفظ الموقع

## القوائم الشائعة
staff-list-made = أُنشئت القائمة الشائعة { $id }. افتحها لإضافة عناوينها.
staff-lists-none = ليس لهذا الموقع قوائم شائعة بعد.
staff-list-make-heading = أنشئ قائمة شائعة
staff-list-id-hint = مثل staff-picks؛ تطلب تطبيقات القرّاء القائمة به.
staff-list-description-hint = ما القائمة، كما يراها القرّاء.
staff-list-make = أنشئ القائمة
staff-list-title = القائمة الشائعة { $id }
staff-list-titles = عناوينها بالترتيب
staff-list-no-titles = لا عناوين بعد.
staff-list-up = انقل لأعلى
staff-list-down = انقل لأسفل
staff-list-off = احذف
staff-list-add-by-id = أضف عنوانًا بمعرّفه
staff-list-add-by-id-hint = المعرّف الظاهر في عنوان صفحة العنوان، مثل demo-walden؛ يُضاف في النهاية.
staff-list-add = أضف العنوان
staff-list-description = وصفها
staff-list-save-description = احفظ الوصف
staff-list-done-described = حُفظ الوصف.
staff-list-done-added = أُضيف العنوان في نهاية القائمة.
staff-list-done-moved = نُقل العنوان.
staff-list-done-off = حُذف العنوان من القائمة.

## الفئات ورموز BISAC
staff-category-saved = حُفظت الفئة.
staff-categories-none = لا فئات بعد.
staff-category-no-description = بلا وصف
staff-category-form = أضف فئة، أو صِف واحدة
staff-category-name-hint = الاسم الموجود من قبل يحتفظ بعناوينه ويأخذ الوصف الجديد.
staff-category-description = الوصف (اختياري)
staff-category-save = احفظ الفئة
staff-bisac = رموز BISAC
staff-bisac-saved = حُفظ رمز BISAC.
staff-bisac-starts-with = يبدأ بـ
staff-bisac-find-by = ابحث حسب
staff-bisac-by-code = بداية الرمز
staff-bisac-by-description = بداية الوصف
staff-bisac-find = ابحث عن الرموز
staff-bisac-found = { $count ->
    [zero] لم يُعثر على أي رمز BISAC.
    [one] عُثر على رمز BISAC واحد.
    [two] عُثر على رمزَي BISAC.
    [few] عُثر على { $count } رموز BISAC.
   *[other] عُثر على { $count } رمز BISAC.
}
staff-bisac-more = المزيد من رموز BISAC
staff-bisac-form = أضف رمز BISAC، أو صِف واحدًا
staff-bisac-code = الرمز
staff-bisac-code-hint = ثلاثة أحرف وستة أرقام، مثل FIC000000.
staff-bisac-description-hint = كما يصوغه BISAC، مثل FICTION / General.
staff-bisac-save = احفظ الرمز
