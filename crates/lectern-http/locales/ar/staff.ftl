# صفحات الموظفين: صفحتهم الرئيسية وصفحات العضويات (الحسابات وسجلاتها وإثباتات الإعاقة المنتظرة للمراجعة والمؤسسات).
staff-title = الموظفون
staff-memberships = العضويات
staff-find-account = ابحث عن حساب
staff-add-account = أضف حسابًا
staff-proof-to-review = إثباتات الإعاقة المنتظرة للمراجعة
staff-waiting = { $count ->
    [0] لا شيء ينتظر
    [zero] لا شيء ينتظر
    [one] واحد ينتظر
    [two] اثنان ينتظران
    [few] { $count } تنتظر
   *[other] { $count } ينتظر
}
staff-find-organization = ابحث عن مؤسسة
staff-add-organization = أضف مؤسسة
staff-import-directory = استورد دليل المؤسسات
staff-administration = الإدارة
staff-clients = مفاتيح العملاء
staff-task-clients = { $link }: التطبيقات التي تتصل بالمكتبة، وتطبيق جديد بسرّه، ومفتاح مُعدَّل أو بسرّ جديد
staff-sites = المواقع
staff-task-sites = { $link }: المكتبات التي يشغّلها هذا الخادم، وموقع جديد، وموقع أُعيدت تسميته أو جُعل عامًا
staff-popular-lists = القوائم الشائعة
staff-task-lists = { $link }: القوائم التي يراها القرّاء في الصفحة الرئيسية وفي تطبيقاتهم، وقائمة جديدة، وعناوينها مضافةً ومرتّبةً ومحذوفة
staff-categories = الفئات ورموز BISAC
staff-task-categories = { $link }: الموضوعات التي يتصفّح بها القرّاء، وإضافة موضوع أو وصفه
staff-collection = المجموعة
staff-catalog = الفهرس
staff-task-catalog = { $link }: كل العناوين بكل حالاتها؛ غيّر بيانات عنوان أو اسحبه أو أعده
staff-import = أضف عناوين من ملفات EPUB
staff-task-import = { $link }: كتاب EPUB 3 واحد أو أكثر، كلٌّ منها عنوان ببياناته الوصفية الخاصة
staff-periodicals = الدوريات
staff-task-periodicals = { $link }: الصحف والمجلات والدوريات العلمية؛ دورية جديدة وبياناتها وأعدادها المضافة أو المسحوبة
staff-semicolon = ؛
staff-first-page = الصفحة الأولى
staff-next-page = الصفحة التالية
staff-choose = اختر
staff-yes = نعم
staff-no = لا
staff-none = لا يوجد
staff-no-preference = بلا تفضيل
staff-save-changes = احفظ التغييرات
staff-no-user-name = بلا اسم مستخدم
staff-locked = مقفل
staff-role = الدور
staff-role-any = أي دور
staff-role-keep = أبقِ أدواره الحالية
staff-role-individualMember = عضو فردي
staff-role-organizationMember = عضو في مؤسسة
staff-role-organizationSponsor = راعٍ لمؤسسة
staff-role-collectionAssistant = مساعد المجموعة
staff-role-membershipAssistant = مساعد العضويات
staff-role-administrator = مسؤول
staff-role-volunteer = متطوع
staff-role-trustedVolunteer = متطوع موثوق
staff-role-not-offered = اختر أحد الأدوار المعروضة
staff-proof-active = إثبات الإعاقة ساري
staff-proof-submitted = إثبات الإعاقة مُرسَل
staff-proof-missing = لا إثبات للإعاقة
staff-proof-status-active = ساري
staff-proof-status-submitted = مُرسَل
staff-proof-status-missing = لا يوجد
staff-subscription-active = نشط
staff-subscription-expired = منتهٍ
staff-subscription-missing = لا يوجد

## البحث عن حساب
staff-accounts = الحسابات
staff-accounts-keyword = الاسم أو اسم المستخدم أو البريد الإلكتروني
staff-accounts-keyword-hint = بداية أيٍّ منها؛ عدة كلمات تضيّق البحث.
staff-accounts-organization = معرّف المؤسسة (اختياري)
staff-accounts-find = ابحث عن الحسابات
staff-accounts-found = { $count ->
    [0] لم يُعثر على أي حساب.
    [zero] لم يُعثر على أي حساب.
    [one] عُثر على حساب واحد.
    [two] عُثر على حسابين.
    [few] عُثر على { $count } حسابات.
   *[other] عُثر على { $count } حسابًا.
}
staff-accounts-more = المزيد من الحسابات

## حساب، وحساب جديد
staff-account-add = أضف الحساب
staff-account-first-name = الاسم الأول
staff-account-last-name = اسم العائلة
staff-account-email = البريد الإلكتروني
staff-account-email-hint = وهو أيضًا اسم المستخدم الذي يسجّل به الشخص دخوله.
staff-account-phone = رقم الهاتف (اختياري)
staff-account-address1 = العنوان، السطر 1 (اختياري)
staff-account-address2 = العنوان، السطر 2 (اختياري)
staff-account-city = البلدة أو المدينة (اختياري)
staff-account-state = الولاية أو المقاطعة أو المحافظة (اختياري)
staff-account-postal-code = الرمز البريدي (اختياري)
staff-account-country = البلد
staff-account-country-hint = رمزه المكوّن من حرفين، مثل US أو GB أو CA.
staff-account-birth = تاريخ الميلاد
staff-account-birth-hint = بصيغة السنة والشهر واليوم: 1990-04-01. مطلوب للعضو الفردي.
staff-account-language = اللغة (اختياري)
staff-account-language-hint = رمزها المكوّن من ثلاثة أحرف، مثل ara أو eng.
staff-account-guardian-first-name = الاسم الأول للوصي (اختياري)
staff-account-guardian-last-name = اسم عائلة الوصي (اختياري)
staff-account-guardian-hint = للقاصر.
staff-account-password = كلمة المرور (اختيارية)
staff-account-password-hint = من 8 إلى 32 حرفًا، فيها حرف ورقم. اتركها فارغة لتعيينها لاحقًا.
staff-account-adult = يمكنه العثور على عناوين للبالغين
staff-account-first-name-missing = أدخل الاسم الأول
staff-account-last-name-missing = أدخل اسم العائلة
staff-account-email-missing = أدخل البريد الإلكتروني
staff-account-country-missing = أدخل رمز البلد المكوّن من حرفين
staff-account-password-missing = أدخل كلمة المرور الجديدة
staff-account-no-organization = لا توجد مؤسسة كهذه في هذا الموقع.
staff-account-organization-missing = أدخل معرّف المؤسسة
staff-account-done-created = أُضيف الحساب.
staff-account-done-changed = غُيّر الحساب.
staff-account-done-locked = قُفل الحساب: لا يمكنه تسجيل الدخول.
staff-account-done-unlocked = فُتح قفل الحساب.
staff-account-done-password = غُيّرت كلمة المرور. أخبر الشخص بكلمة مروره الجديدة.
staff-account-done-joined = أصبح الحساب الآن في المؤسسة.
staff-account-done-left = غادر الحساب مؤسسته: صار يقرأ الآن عضوًا فرديًا.
staff-fact-user-name = اسم المستخدم
staff-fact-identifier = معرّف الحساب
staff-fact-roles = الأدوار
staff-fact-proof = إثبات الإعاقة
staff-fact-subscription = الاشتراك
staff-fact-agreement = الاتفاقية موقّعة
staff-fact-may-download = يمكنه التنزيل
staff-fact-locked = مقفل
staff-account-change = غيّر الحساب
staff-account-signing-in = تسجيل الدخول
staff-account-is-locked = الحساب مقفل: لا يمكنه تسجيل الدخول.
staff-account-unlock = افتح قفل الحساب
staff-account-lock = اقفل الحساب
staff-account-password-problem = توجد مشكلة في كلمة المرور الجديدة
staff-account-new-password = كلمة المرور الجديدة
staff-account-password-rule = من 8 إلى 32 حرفًا، فيها حرف ورقم.
staff-account-set-password = عيّن كلمة المرور الجديدة
staff-account-organization = المؤسسة
staff-account-organization-problem = توجد مشكلة في المؤسسة
staff-account-move-to = انقله إلى المؤسسة (معرّفها)
staff-account-into = إلى المؤسسة (معرّفها)
staff-account-as = بصفة
staff-account-as-member = عضو
staff-account-as-sponsor = راعٍ
staff-account-move = انقل الحساب
staff-account-bring-in = أدخِل الحساب
staff-account-take-out = أخرِج الحساب من مؤسسته
staff-account-find-another = ابحث عن حساب آخر

## سجلات الحساب
staff-records = سجلات هذا الحساب
staff-records-account = الحساب
staff-records-agreements = الاتفاقيات
staff-records-subscriptions = الاشتراكات
staff-records-preferences = تفضيلات القراءة
staff-records-recommendations = التوصيات
staff-records-activity = القوائم والتنزيلات
staff-records-changes = سجل التغييرات

staff-agreements-title = اتفاقيات { $name }
staff-agreements-none = لا توجد اتفاقية مسجّلة.
staff-agreement-termsOfUse = شروط استخدام القارئ
staff-agreement-volunteer = اتفاقية المتطوع
staff-agreement-heading = { $kind }، وُقّعت في { $date }
staff-agreement-about = { $signed }؛ { $recorded }. { $standing }
staff-agreement-signed-as = وُقّعت باسم { $name }
staff-agreement-signed-as-guardian = وُقّعت باسم { $name }، من وصيّ قانوني
staff-agreement-recorded-by = سجّلها { $name }
staff-agreement-recorded-by-reader = سجّلها القارئ
staff-agreement-ended = انتهت في { $date }.
staff-agreement-in-force = سارية.
staff-agreement-end = أنهِ الاتفاقية الموقّعة في { $date }
staff-agreement-record-heading = سجّل اتفاقية موقّعة
staff-agreement = الاتفاقية
staff-agreement-date = تاريخ التوقيع
staff-agreement-date-hint = بصيغة السنة والشهر واليوم: 2026-11-02.
staff-agreement-print-name = الاسم كما كتبه الموقّع
staff-agreement-guardian = وقّعها وصيّ قانوني
staff-agreement-record = سجّل الاتفاقية
staff-agreement-date-missing = أدخل تاريخ التوقيع
staff-agreement-name-missing = أدخل الاسم كما كتبه الموقّع
staff-agreement-choose = اختر الاتفاقية
staff-agreement-done-recorded = سُجّلت الاتفاقية.
staff-agreement-done-ended = أُنهيت الاتفاقية اليوم.

staff-subscriptions-title = اشتراكات { $name }
staff-subscriptions-none = لا يوجد اشتراك مسجّل.
staff-subscription-heading = { $kind }، من { $start } إلى { $end }
staff-subscription-heading-no-end = { $kind }، من { $start }، بلا نهاية
staff-subscription-unlimited = تنزيلات غير محدودة
staff-subscription-monthly = { $count ->
    [zero] لا تنزيلات في الشهر
    [one] تنزيل واحد في الشهر
    [two] تنزيلان في الشهر
    [few] { $count } تنزيلات في الشهر
   *[other] { $count } تنزيلًا في الشهر
}
staff-subscription-in-all = { $count ->
    [zero] لا تنزيلات إجمالًا
    [one] تنزيل واحد إجمالًا
    [two] تنزيلان إجمالًا
    [few] { $count } تنزيلات إجمالًا
   *[other] { $count } تنزيلًا إجمالًا
}
staff-subscription-end-problem = توجد مشكلة في النهاية الجديدة
staff-subscription-last-day = اليوم الأخير
staff-subscription-last-day-hint = بصيغة السنة والشهر واليوم. يوم لاحق يمدّده؛ ويوم اليوم ينهيه.
staff-subscription-change-end = غيّر اليوم الأخير
staff-subscription-end-today = أنهِه اليوم
staff-subscriptions-more = المزيد من الاشتراكات
staff-subscription-grant-heading = امنح اشتراكًا
staff-subscription-kind = نوع الاشتراك
staff-subscription-first-day = اليوم الأول
staff-subscription-first-day-hint = بصيغة السنة والشهر واليوم: 2026-12-01.
staff-subscription-last-day-optional = اليوم الأخير (اختياري)
staff-subscription-no-end-hint = اتركه فارغًا ليكون بلا نهاية.
staff-subscription-allowed = التنزيلات المسموح بها (اختياري)
staff-subscription-allowed-hint = اتركه فارغًا لما يسمح به نوع الاشتراك.
staff-subscription-counted = احتساب التنزيلات
staff-timeframe-default = كما يحدده نوع الاشتراك
staff-timeframe-monthly = كل شهر
staff-timeframe-whole = طوال الاشتراك
staff-subscription-notes = ملاحظات (اختياري)
staff-subscription-grant = امنح الاشتراك
staff-subscription-start-missing = أدخل اليوم الأول
staff-subscription-choose = اختر نوع الاشتراك
staff-subscription-end-missing = أدخل اليوم الأخير
staff-subscription-done-granted = مُنح الاشتراك.
staff-subscription-done-changed = غُيّرت نهاية الاشتراك.
staff-subscription-done-ended = ينتهي الاشتراك اليوم.

staff-account-proof-title = إثبات إعاقة { $name }
staff-proof-on-file = في الملف
staff-proof-none-on-file = لا توجد إعاقة في الملف.
staff-proof-vouched-by = تشهد بها: { $source }.
staff-proof-who-vouches = من يشهد بها
staff-proof-change-source = غيّر من يشهد بها
staff-proof-take-off = احذفها
staff-proof-record-heading = سجّل إعاقة
staff-proof-disability = الإعاقة
staff-proof-record = سجّل الإعاقة
staff-proof-under-review = قيد المراجعة
staff-proof-nothing-waiting = لا شيء ينتظر المراجعة.
staff-proof-sent-on = أُرسل في { $date }:
staff-proof-decide-it = قرّر فيه ضمن إثباتات الإعاقة المنتظرة للمراجعة
staff-proof-decided-before = ما قُرّر من قبل
staff-proof-decided-approved = قُبل
staff-proof-decided-refused = رُفض
staff-proof-decided-closed = أُغلق
staff-proof-decided = { $when }: { $what } { $by } (أُرسل في { $sent }: { $sent_note })
staff-proof-decided-noted = { $when }: { $what } { $by }، «{ $note }» (أُرسل في { $sent }: { $sent_note })
staff-proof-decided-by = من { $name }
staff-proof-decided-by-answer = بردّ في الملف
staff-proof-disability-missing = اختر الإعاقة
staff-proof-source-missing = اختر من يشهد بها
staff-proof-done-recorded = سُجّلت الإعاقة: الإثبات ساري.
staff-proof-done-changed = غُيّر من يشهد بها.
staff-proof-done-removed = حُذفت الإعاقة.
staff-source-schoolVerified = تحقّقت منها مدرسة
staff-source-faxed = تأكيد مكتوب من جهة مختصة
staff-source-nls = National Library Service
staff-source-learningOrg = مؤسسة تعليمية
staff-source-trainingOrg = مؤسسة تدريب
staff-source-partner = مكتبة شريكة
staff-source-marrakeshPartner = شريك في معاهدة مراكش

staff-preferences-title = تفضيلات القراءة لدى { $name }
staff-preferences-intro = النموذج بكلمات القارئ نفسه: إنه النموذج الذي يراه في صفحة حسابه.
staff-preferences-save = احفظ التفضيلات
staff-preferences-done = حُفظت تفضيلات القراءة.

staff-profile-title = التوصيات لـ{ $name }
staff-profile-global = أوصِ أيضًا من المجموعة المشتركة
staff-profile-included-authors = مؤلفون يوصى بهم
staff-profile-excluded-authors = مؤلفون لا يوصى بهم أبدًا
staff-profile-included-categories = فئات يوصى بها
staff-profile-excluded-categories = فئات لا يوصى بها أبدًا
staff-profile-lines-hint = واحد في كل سطر؛ اتركه فارغًا لعدم وجود شيء.
staff-profile-warnings = لا توصِ أبدًا بعناوين فيها تحذير من
staff-warning-sex = الجنس
staff-warning-violence = العنف
staff-warning-drugs = المخدرات
staff-warning-language = اللغة البذيئة
staff-warning-intolerance = التعصب
staff-warning-adult = موضوعات للبالغين
staff-warning-unrated = غير مصنّف
staff-warning-contentWarning = أي تحذير آخر من المحتوى
staff-profile-narrator-voice = صوت الراوي
staff-gender-female = أنثوي
staff-gender-male = ذكوري
staff-gender-otherNonBinary = آخر أو غير ثنائي
staff-profile-narrator = الراوي
staff-narrator-human = راوٍ بشري
staff-narrator-tts = كلام مركّب
staff-profile-reading-age = عمر القراءة (اختياري)
staff-profile-reading-age-hint = بالسنوات، من 0 إلى 120.
staff-profile-save = احفظ ملف التوصيات
staff-profile-done = حُفظ ملف التوصيات.

staff-activity-title = قوائم { $name } وتنزيلاته
staff-activity-lists = قوائم القراءة
staff-activity-no-lists = لا قوائم قراءة خاصة به.
staff-activity-list = { $name }: { $count ->
        [zero] لا عناوين
        [one] عنوان واحد
        [two] عنوانان
        [few] { $count } عناوين
       *[other] { $count } عنوانًا
    }، { $access }، حُدّثت في { $date }
staff-list-access-private = خاصة
staff-list-access-shared = مشتركة مع قرّاء آخرين
staff-list-access-org = مشتركة مع مؤسسته
staff-activity-more-lists = المزيد من قوائم القراءة
staff-activity-downloads = التنزيلات
staff-activity-downloads-count = { $count ->
    [zero] لا تنزيلات.
    [one] تنزيل واحد.
    [two] تنزيلان، الأحدث أولًا.
    [few] { $count } تنزيلات، الأحدث أولًا.
   *[other] { $count } تنزيلًا، الأحدث أولًا.
}
staff-activity-download = { $title } ({ $format })، { $date }: { $status }
staff-activity-download-for = { $title } ({ $format })، { $date }، نزّله له { $by }: { $status }
staff-packaging-queued = بانتظار التجهيز
staff-packaging-packaging = قيد التجهيز
staff-packaging-ready = مجهّز
staff-packaging-failed = تعذّر تجهيزه
staff-packaging-streamed = قُرئ على الإنترنت
staff-activity-older = تنزيلات أقدم

staff-changes-title = سجل تغييرات { $name }
staff-changes-count = { $count ->
    [zero] لا تغييرات من موظفي المكتبة.
    [one] تغيير واحد أجراه موظفو المكتبة.
    [two] تغييران أجراهما موظفو المكتبة، الأحدث أولًا.
    [few] { $count } تغييرات أجراها موظفو المكتبة، الأحدث أولًا.
   *[other] { $count } تغييرًا أجراها موظفو المكتبة، الأحدث أولًا.
}
staff-change-heading = { $what }، { $when } بالتوقيت العالمي، بواسطة { $who }
staff-changes-nothing = لم يتغيّر شيء مما يُعرض.
staff-changes-none = لا شيء
staff-changes-older = تغييرات أقدم
staff-change-account-added = أُضيف الحساب
staff-change-account-changed = غُيّر الحساب
staff-change-password = عُيّنت كلمة المرور
staff-change-agreement-recorded = سُجّلت اتفاقية
staff-change-agreement-ended = أُنهيت اتفاقية
staff-change-subscription-granted = مُنح اشتراك
staff-change-subscription-changed = غُيّر اشتراك
staff-change-disability-removed = حُذفت إعاقة
staff-change-preferences = غُيّرت تفضيلات القراءة
staff-change-profile = غُيّر ملف التوصيات
staff-change-proof-decided = قُرّر في إثبات الإعاقة

## إثباتات الإعاقة المنتظرة للمراجعة
staff-proof-waiting = { $count ->
    [0] لا إثبات إعاقة ينتظر المراجعة.
    [zero] لا إثبات إعاقة ينتظر المراجعة.
    [one] طلب واحد ينتظر المراجعة.
    [two] طلبان ينتظران المراجعة، الأقدم أولًا.
    [few] { $count } طلبات تنتظر المراجعة، الأقدم أولًا.
   *[other] { $count } طلبًا تنتظر المراجعة، الأقدم أولًا.
}
staff-proof-sent = أُرسل
staff-proof-what-sent = ما أرسله
staff-proof-authority = طُلب التأكيد من
staff-proof-decision-problem = توجد مشكلة في هذا القرار
staff-proof-decision-for = القرار بشأن { $name }
staff-proof-approve = اقبل: سجّل الإعاقات أدناه
staff-proof-refuse = ارفض
staff-proof-disabilities = الإعاقات التي يبيّنها الإثبات
staff-proof-note = ملاحظة
staff-proof-note-hint = ما بيّنه الإثبات، أو سبب رفضك له: يقرؤها العضو. { $count ->
        [one] حرف واحد على الأكثر.
        [two] حرفان على الأكثر.
        [few] { $count } أحرف على الأكثر.
       *[other] { $count } حرفًا على الأكثر.
    }
staff-proof-record-decision = سجّل القرار بشأن { $name }
staff-proof-more = المزيد من الطلبات
staff-proof-decision-missing = اختر القبول أو الرفض
staff-proof-disabilities-missing = اختر الإعاقات التي يبيّنها الإثبات
staff-proof-note-missing = اذكر ما بيّنه الإثبات، أو سبب رفضك له
staff-proof-done-approved = قُبل: سُجّلت الإعاقات وصار إثبات العضو ساريًا.
staff-proof-done-refused = رُفض: يمكن للعضو قراءة ملاحظتك وإرسال إثبات آخر.

## المؤسسات
staff-orgs = المؤسسات
staff-orgs-keyword-hint = بداية أي كلمة من كلماته.
staff-orgs-find = ابحث عن المؤسسات
staff-orgs-found = { $count ->
    [0] لم يُعثر على أي مؤسسة.
    [zero] لم يُعثر على أي مؤسسة.
    [one] عُثر على مؤسسة واحدة.
    [two] عُثر على مؤسستين.
    [few] عُثر على { $count } مؤسسات.
   *[other] عُثر على { $count } مؤسسة.
}
staff-org-found = { $kind }؛ { $place }
staff-org-found-suspended = { $kind }؛ { $place }؛ موقوفة
staff-orgs-more = المزيد من المؤسسات
staff-org-type-school = مدرسة ابتدائية أو ثانوية
staff-org-type-schoolDistrict = منطقة تعليمية أو سلطة تعليمية محلية
staff-org-type-university = كلية أو جامعة
staff-org-type-library = مكتبة عامة أو مؤسسية
staff-org-type-agency = جهة تأهيل أو خدمات للأشخاص ذوي الإعاقة
staff-org-type-other = نوع آخر من المؤسسات
staff-org-kind = نوع المؤسسة
staff-org-add = أضف المؤسسة
staff-org-name = الاسم
staff-org-address1 = العنوان، السطر 1
staff-org-address2 = العنوان، السطر 2
staff-org-city = البلدة أو المدينة
staff-org-state = الولاية أو المقاطعة أو المحافظة
staff-org-postal-code = الرمز البريدي
staff-org-phone = رقم الهاتف
staff-org-website = الموقع الإلكتروني
staff-org-website-optional = الموقع الإلكتروني (اختياري)
staff-org-notes = ملاحظات
staff-org-notes-hint = لموظفي المكتبة.
staff-org-contact-first-name = الاسم الأول لجهة الاتصال الرئيسية
staff-org-contact-last-name = اسم عائلة جهة الاتصال الرئيسية
staff-org-contact-title = صفة جهة الاتصال الرئيسية
staff-org-contact-title-hint = مثل «معلّم الطلاب ذوي الإعاقة البصرية».
staff-org-contact-email = البريد الإلكتروني لجهة الاتصال الرئيسية
staff-org-contact-email-hint = وهو أيضًا اسم المستخدم الذي تسجّل به دخولها.
staff-org-contact-phone = رقم هاتف جهة الاتصال الرئيسية (اختياري)
staff-org-subscription-optional = نوع الاشتراك (اختياري)
staff-org-subscription-hint = اتركه فارغًا لما يحدده نوع المؤسسة.
staff-org-name-missing = أدخل اسم المؤسسة
staff-org-address1-missing = أدخل السطر الأول من العنوان
staff-org-city-missing = أدخل البلدة أو المدينة
staff-org-postal-code-missing = أدخل الرمز البريدي
staff-org-kind-missing = اختر نوع المؤسسة
staff-org-contact-first-name-missing = أدخل الاسم الأول لجهة الاتصال الرئيسية
staff-org-contact-last-name-missing = أدخل اسم عائلة جهة الاتصال الرئيسية
staff-org-contact-title-missing = أدخل صفة جهة الاتصال الرئيسية
staff-org-contact-email-missing = أدخل البريد الإلكتروني لجهة الاتصال الرئيسية
staff-org-this = هذه المؤسسة
staff-org-tab-organization = المؤسسة
staff-org-tab-members = الأعضاء والرعاة
staff-org-identifier = المعرّف
staff-org-primary-contact = جهة الاتصال الرئيسية
staff-org-allowance = التنزيلات المسموح بها للعضو
staff-org-allowance-100 = 100 شهريًا لكل عضو
staff-org-allowance-200 = 200 شهريًا لكل عضو
staff-org-allowance-300 = 300 شهريًا لكل عضو
staff-org-allowance-unlimited = غير محدودة
staff-org-change = غيّر المؤسسة
staff-org-settings = الاتفاقيات والإعدادات
staff-org-flag-agreementSigned = اتفاقية المؤسسة موقّعة
staff-org-flag-riderSigned = الملحق موقّع
staff-org-flag-canDownloadNIMAC = يمكنها تنزيل عناوين NIMAC
staff-org-flag-canCreateUsers = يمكنها إضافة أعضاء والشهادة بإثبات إعاقتهم
staff-org-flag-suspended = موقوفة: لا يستطيع أعضاؤها التنزيل
staff-org-flag-unreported = مستبعدة من التقارير
staff-org-flag-servicePlus = لديها الميزات المميزة
staff-org-flag-readingCompanion = لديها رفيق القراءة
staff-org-flag-safeSearch = بحث آمن للأعضاء الجدد
staff-org-flag-allowSearchDownloads = يمكن للأعضاء الجدد تنزيل ما يجدونه
staff-org-done-created = أُضيفت المؤسسة مع جهة اتصالها الرئيسية.
staff-org-done-changed = غُيّرت المؤسسة.
staff-org-members-title = أعضاء { $name } ورعاتها
staff-org-no-sponsors = لا رعاة.
staff-org-is-primary-contact = (جهة الاتصال الرئيسية)
staff-org-name-contact = عيّن جهة الاتصال الرئيسية
staff-org-bring-in-heading = أدخِل حسابًا
staff-org-user = اسم المستخدم أو معرّف الحساب
staff-org-user-missing = أدخل اسم مستخدم أو معرّف حساب
staff-org-sponsor-title = صفة الراعي (اختياري)
staff-org-username = اسم المستخدم (اختياري)
staff-org-username-hint = لعضو يسجّل دخوله بنفسه.
staff-org-members-count = { $count ->
    [0] لا أعضاء.
    [zero] لا أعضاء.
    [one] عضو واحد.
    [two] عضوان.
    [few] { $count } أعضاء.
   *[other] { $count } عضوًا.
}
staff-org-done-added = أُضيف العضو.
staff-org-done-contact = غُيّرت جهة الاتصال الرئيسية.

## دليل المؤسسات
staff-directory-intro = تُطابَق المؤسسات الجديدة مع هذا الدليل. يضيف الملف مؤسسات، أو يستبدل التي لها المعرّف نفسه.
staff-directory-problems = { $count ->
    [one] لم يُحمَّل شيء: في الملف مشكلة
    [two] لم يُحمَّل شيء: في الملف مشكلتان
    [few] لم يُحمَّل شيء: في الملف { $count } مشكلات
   *[other] لم يُحمَّل شيء: في الملف { $count } مشكلة
}
staff-directory-mend = أصلح الأسطر المذكورة وارفع الملف مجددًا.
staff-directory-file = ملف CSV
staff-directory-file-hint = سطره الأول يسمّي الأعمدة؛ يجب أن يحتوي على { $columns }، ويمكن أن يحتوي على parentName وaddress1 وaddress2 وcity وpostalCode وعنوان المقر. 10 ميغابايت على الأكثر.
staff-directory-load = افحص الملف وحمّله
staff-directory-file-missing = اختر ملف CSV للمؤسسات
staff-directory-loaded = { $count ->
    [one] حُمّلت مؤسسة واحدة في الدليل.
    [two] حُمّلت مؤسستان في الدليل.
    [few] حُمّلت { $count } مؤسسات في الدليل.
   *[other] حُمّلت { $count } مؤسسة في الدليل.
}
