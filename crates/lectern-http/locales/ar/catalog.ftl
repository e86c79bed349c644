# صفحات الفهرس: الصفحة الرئيسية والبحث ونتائجه والعناوين المدرجة.
home-title = الصفحة الرئيسية
home-new-arrivals = وصل حديثًا
home-nothing-new = لم تصل أي عناوين بعد.
home-all-new = كل العناوين الجديدة
home-popular-lists = القوائم الشائعة

search-box-label = ابحث عن العناوين أو المؤلفين أو الموضوعات
search-button = بحث
search-browse = تصفّح المكتبة
search-results-for = نتائج البحث عن «{ $keyword }»
search-found =
    { $count ->
        [0] لم يُعثر على أي عنوان
        [one] عُثر على عنوان واحد
        [two] عُثر على عنوانين
        [few] عُثر على { $count } عناوين
        [many] عُثر على { $count } عنوانًا
       *[other] عُثر على { $count } عنوان
    }
search-sort-label = الترتيب حسب
search-sort-button = رتّب
search-sort-relevance = الأكثر صلة
search-sort-title = العنوان، من الألف إلى الياء
search-sort-author = المؤلف، من الألف إلى الياء
search-sort-newest = الأحدث أولًا
search-titles = العناوين
search-nothing-found = جرّب كلمات أخرى، أو اختيارات أقل ضمن «{ search-narrow }».
search-pages = صفحات النتائج
search-previous = الصفحة السابقة
search-next = الصفحة التالية
search-narrow = تضييق النتائج

facet-any = الكل
facet-accessibility = إمكانية الوصول
facet-textual = يُقرأ بقارئ الشاشة وحده
facet-auditory = يُقرأ بالاستماع وحده
facet-tactile = يُقرأ باللمس وحده (برايل)
facet-synchronized = نص وصوت متزامنان
facet-hazards = المخاطر
facet-no-flashing = لا خطر من الوميض
facet-no-motion = لا خطر من محاكاة الحركة
facet-no-sound = لا خطر من الصوت
facet-format = الصيغة
facet-category = الفئة
facet-language = اللغة
facet-reading-age = عمر القراءة
facet-age = العمر { $count }

# العنوان كما تعرضه القوائم.
title-by = تأليف { $names }
title-formats = الصيغ: { $formats }

# الصيغ كما يعرفها القرّاء.
format-DAISY = DAISY نصي
format-DAISY_AUDIO = DAISY صوتي
format-DAISY_2_AUDIO = DAISY 2.02 صوتي
format-BRF = BRF (صيغة برايل)
format-EPUB3 = EPUB 3
format-PDF = PDF
format-DOCX = Word (DOCX)
