# صفحات المجموعة للموظفين: الفهرس، وعنوان، وصيغه وملفاته، ورفع ملفات EPUB، والدوريات وأعدادها.
staff-not-recorded = غير مسجّل
staff-never = أبدًا
staff-one-a-line = واحد في كل سطر.
staff-why = السبب (اختياري)
staff-why-hint = يُحفظ مع التغيير في سجل العنوان.
staff-done-saved = حُفظت التغييرات.
staff-the-title = العنوان

## الفهرس
staff-catalog-titles = العناوين
staff-catalog-status = الحالة
staff-status-any = كل الحالات
staff-status-live = منشور
staff-status-withdrawn = مسحوب
staff-status-new = جديد
staff-status-beingEdited = قيد التحرير
staff-status-proofreadValid = مُدقَّق، صالح
staff-status-proofreadRejected = مُدقَّق، مرفوض
staff-status-converted = مُحوَّل
staff-status-reprocess = يُعاد معالجته
staff-status-validated = مُتحقَّق منه
staff-status-userSubmitted = أرسله مستخدم
staff-status-publisherSubmitted = أرسله ناشر
staff-status-removed = محذوف
staff-catalog-isbn = ISBN (اختياري)
staff-catalog-from = حُدّث من (اختياري)
staff-catalog-date-hint = بصيغة السنة والشهر واليوم: 2026-01-31.
staff-catalog-until = حُدّث حتى (اختياري)
staff-catalog-direction = الاتجاه
staff-catalog-order-title = العنوان
staff-catalog-order-author = المؤلف
staff-catalog-order-updated = آخر تحديث
staff-catalog-order-copyright = سنة حقوق النشر
staff-catalog-order-relevance = الصلة
staff-catalog-ascending = تصاعدي
staff-catalog-descending = تنازلي
staff-catalog-show = اعرض العناوين
staff-catalog-found = { $count ->
    [0] لم يُعثر على أي عنوان.
    [zero] لم يُعثر على أي عنوان.
    [one] عُثر على عنوان واحد.
    [two] عُثر على عنوانين.
    [few] عُثر على { $count } عناوين.
   *[other] عُثر على { $count } عنوانًا.
}
staff-catalog-title-about = { $status }؛ حُدّث في { $date }
staff-catalog-title-never = { $status }؛ لم يُحدَّث قط
staff-catalog-more = المزيد من العناوين

## عنوان
staff-title-page-title = { $name }: البيانات والملفات
staff-title-done-accepted = قُبل تغييرك. تطبّقه المعالجة الخلفية بعد لحظات؛ وتقدّمه في السجل أدناه.
staff-title-formats = الصيغ
staff-title-no-files = ليس للعنوان ملفات بعد.
staff-format-derived = يُصنع من نسخة EPUB الأصلية عند أول طلب
staff-artifact-status-available = متاح
staff-artifact-status-inProduction = قيد الإنتاج
staff-artifact-status-withdrawn = مسحوب
staff-artifact-status-failed = تعذّر صنعه
staff-title-add-file = أضف ملف صيغة أو استبدله
staff-title-history = السجل
staff-title-no-changes = لا تغييرات بعد.
staff-history-heading = { $what }، { $when } بالتوقيت العالمي، بواسطة { $who }
staff-history-heading-format = { $what } ({ $format })، { $when } بالتوقيت العالمي، بواسطة { $who }
staff-history-updateAccepted = طُلب تغيير
staff-history-metadataUpdated = غُيّرت البيانات
staff-history-artifactUpdated = غُيّرت صيغة
staff-history-artifactAdded = أُضيفت صيغة
staff-history-restored = أُعيد
staff-history-statusChanged = غُيّرت الحالة
staff-history-updateNotApplied = لم يُطبَّق التغيير
staff-history-queued = بانتظار التطبيق.
staff-history-applied = طُبّق.
staff-history-applied-changes = طُبّق: { $changes }.
staff-history-not-applied = لم يُطبَّق:
staff-history-not-applied-changed = لم يُطبَّق: كان العنوان قد تغيّر.
staff-title-check-again = تحقّق مجددًا
staff-title-change = غيّر البيانات
staff-title-field-title = العنوان
staff-title-field-subtitle = العنوان الفرعي
staff-title-field-series = السلسلة
staff-title-field-series-number = الرقم في السلسلة
staff-title-field-publisher = الناشر
staff-title-field-edition = الطبعة
staff-title-field-isbn = ISBN
staff-title-field-isbn-hint = ISBN-10 أو ISBN-13؛ يُحفظ بصيغة ISBN-13.
staff-title-field-copyright-hint = أربعة أرقام، مثل 1998.
staff-title-field-youngest = أصغر عمر للقراءة
staff-title-field-oldest = أكبر عمر للقراءة
staff-title-field-years-hint = بالسنوات.
staff-title-field-authors = المؤلفون
staff-title-field-authors-hint = واحد في كل سطر، كما يُكتب الاسم: Jane Austen.
staff-title-field-languages = اللغات
staff-title-field-languages-hint = واحدة في كل سطر، كلٌّ منها رمز من ثلاثة أحرف مثل ara.
staff-title-field-synopsis = الملخّص
staff-title-flag-adult = للبالغين فقط
staff-title-flag-recommend = يمكن التوصية به
staff-title-availability = الإتاحة
staff-title-is-withdrawn = العنوان مسحوب: لا يستطيع القرّاء العثور عليه ولا تنزيله.
staff-title-restore = أعد العنوان
staff-title-withdraw = اسحب العنوان

## صيغة من صيغ عنوان
staff-artifact-heading = { $title }: { $format }
staff-artifact-file = الملف
staff-artifact-no-file = لا ملف
staff-artifact-added = أُضيف
staff-artifact-change = غيّر بيانات هذه الصيغة
staff-artifact-gbs = معرّف Global Book Service
staff-artifact-gbs-hint = الرقم الذي يعطيه ABC Global Book Service لهذا الملف، إن كان له رقم.
staff-artifact-own-id = معرّفك الخاص
staff-artifact-own-id-hint = الرقم الذي يعطيه نظام مكتبتك الخاص لهذا الملف.
staff-artifact-supplier = المورّد
staff-artifact-funded-by = بتمويل من
staff-artifact-duration = مدة التشغيل
staff-artifact-duration-hint = بصيغة PTnHnMnS: PT9H30M تعني تسع ساعات ونصفًا.
staff-artifact-producers = المنتجون
staff-braille-code = رمز برايل
staff-braille-code-ueb = برايل الإنجليزية الموحّدة (UEB)
staff-braille-code-ebae = برايل الإنجليزية، الطبعة الأمريكية (EBAE)
staff-braille-code-standardEnglishBraille = برايل الإنجليزية القياسية
staff-braille-code-musicBrailleCode = رموز برايل الموسيقية
staff-braille-code-french = الفرنسية
staff-braille-code-frenchQuebec = الفرنسية (كيبك)
staff-braille-code-frenchUnified = الفرنسية (الموحّدة)
staff-braille-code-spanish = الإسبانية
staff-braille-contracted = مختصر
staff-braille-uncontracted = غير مختصر
staff-braille-how-made = طريقة صنعه
staff-braille-transcribed = نسخه شخص
staff-braille-automated = ترجمه برنامج
staff-braille-layout = تخطيط المدوّنة الموسيقية
staff-braille-layout-none = ليس موسيقى، أو غير مسجّل
staff-braille-layout-barOverBar = مازورة فوق مازورة
staff-braille-layout-barByBar = مازورة بعد مازورة
staff-braille-volumes = المجلدات
staff-braille-volumes-hint = كم مجلد برايل.
staff-braille-transcriber = الناسخ

## ملفات صيغة
staff-files-title = { $title }: أضف ملف صيغة أو استبدله
staff-files-intro = يصير الملف نسخة العنوان بتلك الصيغة، أو يستبدل النسخة التي لديه. ينزّله القرّاء حالما يُطبَّق التغيير؛ وتقدّمه في سجل العنوان.
staff-files-format = الصيغة
staff-files-choose-format = اختر صيغة
staff-files = الملفات
staff-files-hint = ملف واحد لـEPUB 3 وPDF وWord. لـDAISY، اختر كل ملفات الكتاب معًا (مع ملف الحزمة، أو ncc.html لـDAISY 2.02)؛ ولبرايل، كل مجلداته .brf. يمكن أن يصل كل ملف إلى 1 غيغابايت.
staff-files-upload = ارفع الملفات
staff-files-format-missing = اختر صيغة الملفات
staff-files-none = اختر الملف، أو لـDAISY وبرايل كل ملفات الكتاب
staff-files-one = الـ{ $format } ملف واحد: اختر ملفًا واحدًا
staff-files-twice = ملفان اسمهما { $name }: كل اسم مرة واحدة
staff-files-not-epub = الملف ليس EPUB 3 صالحًا للاستخدام: { $why }
staff-files-not-pdf = الملف ليس PDF
staff-files-not-word = الملف ليس مستند Word
staff-files-daisy2 = يحتاج كتاب DAISY 2.02 إلى ملف ncc.html بين الملفات
staff-files-daisy3 = يحتاج كتاب DAISY 3 إلى ملف الحزمة (.opf) بين الملفات
staff-files-braille = يحتاج كتاب برايل إلى ملفاته .brf (أو .brl)

## رفع ملفات EPUB
staff-import-outcomes = ما آل إليه كل ملف
staff-import-all = { $files ->
    [one] استُورد الملف.
    [two] استُورد الملفان كلاهما.
    [few] استُوردت الملفات الـ{ $files } كلها.
   *[other] استُورد الـ{ $files } ملفًا كلها.
}
staff-import-none = { $files ->
    [one] تعذّر استيراد الملف.
    [two] تعذّر استيراد الملفين كليهما.
    [few] تعذّر استيراد أي من الملفات الـ{ $files }.
   *[other] تعذّر استيراد أي من الـ{ $files } ملفًا.
}
staff-import-some = استُورد { $imported } من { $files } ملفات؛ والبقية مذكورة مع السبب.
staff-import-added = أُضيف: { $title }
staff-import-updated = حُدّث: { $title } (الكتاب نفسه كان هنا من قبل)
staff-import-refused = لم يُستورد:
staff-import-intro = يصير كل ملف EPUB 3 عنوانًا، ببياناته المأخوذة من البيانات الوصفية للكتاب نفسه وخصائص إتاحته. الكتاب المرفوع مجددًا (بنفس ISBN، أو بنفس المعرّف إن لم يكن) يحدّث عنوانه بدل إضافة عنوان آخر.
staff-import-files = ملفات EPUB
staff-import-files-hint = اختر ملفًا واحدًا أو أكثر. يمكن أن يصل كل منها إلى 200 ميغابايت.
staff-import-files-missing = اختر ملف EPUB 3 واحدًا أو أكثر
staff-import-usage = حقوق النشر
staff-import-usage-keep = أبقِ ما لكل عنوان؛ محفوظ الحقوق للعنوان الجديد
staff-import-usage-copyright = محفوظ الحقوق
staff-import-usage-publicDomain = ملك عام
staff-import-usage-creativeCommons = المشاع الإبداعي
staff-import-status-keep = أبقِ ما لكل عنوان؛ منشور للعنوان الجديد
staff-import-status-live = منشور: يجده القرّاء فورًا
staff-import-status-new = جديد: لا يُعرض على القرّاء بعد
staff-import-category = أضف إلى فئة
staff-import-no-category = لا توجد فئة كهذه
staff-import-upload = ارفع العناوين وأضفها

## الدوريات
staff-series-title-contains = العنوان يحتوي على
staff-series-find = ابحث
staff-series-found = { $count ->
    [0] لم يُعثر على أي دورية.
    [zero] لم يُعثر على أي دورية.
    [one] عُثر على دورية واحدة.
    [two] عُثر على دوريتين.
    [few] عُثر على { $count } دوريات.
   *[other] عُثر على { $count } دورية.
}
staff-series-about-issn = ISSN { $issn }؛ { $kind }
staff-series-type-newspaper = صحيفة
staff-series-type-magazine = مجلة
staff-series-type-journal = دورية علمية
staff-series-more = المزيد من الدوريات
staff-series-new = دورية جديدة
staff-series-id-hint = أحرف وأرقام وشرطات، مثل daily-news؛ لا يمكن تغييره لاحقًا.
staff-series-issn = ISSN
staff-series-issn-hint = أربعة أرقام وشرطة وأربعة أخرى، مثل 0028-0836.
staff-series-description = الوصف
staff-series-category-code = رمز فئتك الخاص
staff-series-category-code-hint = الرمز الذي يصنّفها به نظام مكتبتك الخاص.
staff-series-categories = الفئات
staff-series-countries = البلدان التي يمكن قراءتها فيها
staff-series-countries-hint = واحد في كل سطر، كلٌّ منها رمز من حرفين مثل EG؛ وعدم ذكر شيء يعني كل مكان.
staff-series-add = أضف الدورية
staff-series-id-missing = أدخل معرّفًا للسلسلة
staff-series-title-missing = أدخل عنوان السلسلة
staff-series-done-added = أُضيفت الدورية. أضف أعدادها أدناه.
staff-series-done-withdrawn = قُبل سحب العدد: يغادر القوائم بعد لحظات.
staff-editions = الأعداد
staff-edition-add-link = أضف عددًا
staff-editions-count = { $count ->
    [0] لا أعداد بعد.
    [zero] لا أعداد بعد.
    [one] عدد واحد.
    [two] عددان، الأحدث أولًا.
    [few] { $count } أعداد، الأحدث أولًا.
   *[other] { $count } عددًا، الأحدث أولًا.
}
staff-edition-about = صدر في { $date }؛ { $formats }
staff-editions-more = المزيد من الأعداد
staff-editions-newest = أحدث الأعداد
staff-editions-older = أعداد أقدم

## عدد
staff-edition-heading = { $series }: { $edition }
staff-edition-new-heading = { $series }: عدد جديد
staff-edition-the-periodical = الدورية
staff-edition-and-file = العدد وملفه
staff-edition-id-hint = فريد بين كل الأعداد، مثل daily-news-2026-11-27؛ لا يمكن تغييره لاحقًا.
staff-edition-name-hint = كما يراه القرّاء، مثل 27 نوفمبر 2026 أو العدد 48.
staff-edition-published = صدر في
staff-edition-until = متاح حتى (اختياري)
staff-edition-until-hint = اتركه فارغًا لإبقائه متاحًا.
staff-edition-files-hint = ملف واحد لـEPUB 3 وPDF وWord؛ ولـDAISY وبرايل، كل ملفات العدد معًا. يمكن أن يصل كل منها إلى 1 غيغابايت.
staff-edition-add = أضف العدد
staff-edition-withdrawn-means = لا يعود القرّاء يستطيعون العثور على العدد المسحوب ولا تنزيله.
staff-edition-withdraw = اسحب العدد
staff-edition-id-missing = أدخل معرّفًا للعدد
staff-edition-name-missing = أدخل اسم العدد، مثل تاريخه أو رقمه
staff-edition-date-missing = أدخل تاريخ صدوره
staff-edition-done-added = أُضيف العدد: يستطيع القرّاء العثور عليه وتنزيله.
