# ما تقوله الواجهة البرمجية والصفحات حين ترفض طلبًا، أو لا تجد شيئًا، أو يتعارض الطلب مع ما هو
# محفوظ. يحمل العنصر النائب معرّفًا كما أُرسل.

## لا شيء بهذا الاسم
absent-title = لا يوجد عنوان '{ $id }'
absent-periodical = لا توجد دورية '{ $id }'
absent-edition = لا يوجد عدد '{ $edition }' من '{ $periodical }'
absent-site = لا يوجد موقع '{ $id }'
absent-organization = لا توجد مؤسسة '{ $id }'
absent-account = لا يوجد حساب '{ $id }'
absent-reading-list = لا توجد قائمة قراءة '{ $id }'
absent-popular-list = لا توجد قائمة شائعة '{ $id }'
absent-client-key = لا يوجد مفتاح عميل '{ $id }'
absent-page = لا توجد صفحة كهذه
absent-book-file = ملف الكتاب لم يعد موجودًا هنا
absent-artifact = ليس للعنوان '{ $id }' صيغة { $format }
absent-book-at-recording-link = فتح هذا الرابط تسجيلًا للاستماع، لا كتابًا للقراءة
absent-recording-at-book-link = فتح هذا الرابط كتابًا للقراءة، لا تسجيلًا للاستماع
absent-withdrawn = سُحب هذا العنوان أو هذا العدد؛ لم تعد ملفاته متاحة
absent-my-agreement = لم توقّع أي اتفاقية
absent-agreement = ليس للحساب اتفاقية '{ $id }'
absent-sync-key = ليس لديك مفتاح مزامنة
absent-my-subscription = ليس لديك اشتراك ساري المفعول
absent-subscription = ليس للحساب اشتراك '{ $id }'
absent-member-for-you = لا يوجد عضو '{ $id }' تتولى أمره
absent-assignment = العنوان '{ $id }' غير مخصّص لهذا العضو
absent-account-organization = هذا الحساب لا ينتمي إلى أي مؤسسة
absent-user-name = لا يوجد اسم مستخدم كهذا
absent-user-name-account = لا يوجد حساب باسم المستخدم '{ $name }'
absent-submission = لا يوجد طلب '{ $id }' قيد المراجعة
absent-org-sponsor = ليس لمؤسستك راعٍ '{ $id }'
absent-org-member = ليس لمؤسستك عضو '{ $id }'
absent-recording = تسجيل المكتبة للعنوان '{ $id }' لم يعد موجودًا هنا
absent-track = مقطع التسجيل لم يعد موجودًا هنا
absent-catalog = لا يوجد فهرس هنا
absent-disability = ليس في ملف الحساب إعاقة '{ $kind }'
absent-partner-drive = لا توجد وحدة تخزين شريكة متصلة
absent-narration-in-progress = ما زال السرد الصوتي قيد الإعداد
absent-bookmark = ليس لديك إشارة مرجعية في ذلك الموضع من '{ $id }' بصيغة { $format }
absent-highlight = ليس لديك تمييز في ذلك الموضع من '{ $id }' بصيغة { $format }
absent-title-for-list = لا يوجد عنوان متاح '{ $id }' يستطيع صاحب القائمة رؤيته
absent-title-on-list = العنوان '{ $id }' ليس في هذه القائمة
absent-document = ليس لديك مستند '{ $id }'
absent-authority-request = لا يوجد طلب كهذا؛ تحقق من الرقم الوارد في البريد الإلكتروني
absent-book-part = ليس في الكتاب ملف '{ $path }'
absent-file = لا يوجد ملف كهذا
absent-download-file = الملف لم يعد موجودًا هنا؛ اطلب التنزيل مرة أخرى
absent-category = لا توجد فئة '{ $name }'
absent-bisac = لا يوجد موضوع BISAC '{ $code }'
absent-language = لا توجد لغة '{ $code }': اللغات رموز ISO 639-2 مثل 'ara'
absent-catalog-named = لا يوجد فهرس '{ $id }' هنا
absent-narration-file = ليس في السرد الصوتي ملف '{ $name }'
absent-print-page = ليس في هذا الكتاب الصفحة المطبوعة { $page }
absent-part-in-file = هذا الجزء من الكتاب مفقود من ملفه
absent-track-number = ليس في التسجيل المقطع { $number }
absent-part-number = ليس في الكتاب الجزء { $number }
absent-any-library = لا توجد مكتبة على هذا الخادم بعد
absent-position = ليس لديك موضع قراءة في '{ $id }' بصيغة { $format }
absent-partner-drive-set-up = لم تُعدّ أي وحدة تخزين شريكة لهذه المكتبة
absent-partner-drive-connected = لم تربط أي وحدة تخزين شريكة؛ أرسل رمز الوحدة
absent-partner-drive-token = انتهت صلاحية رمز وحدة التخزين الشريكة ولا يمكن تجديده؛ اربطها مرة أخرى
absent-resource = لا يوجد مورد '{ $id }'
absent-route = لا يوجد مورد في { $path }
absent-format = لا توجد صيغة '{ $format }'
absent-library = لا توجد مكتبة '{ $id }' هنا
absent-library-here = لا توجد مكتبة هنا

## رفضته القواعد
refused-org-adds-no-members = مؤسستك غير مخوّلة بإضافة أعضاء؛ اطلب ذلك من المكتبة
refused-epub-not-here-yet = ملف EPUB 3 للعنوان '{ $id }' لم يصل بعد؛ يمكن قراءته على الإنترنت حين يصل
refused-no-epub = ليس للعنوان '{ $id }' ملف EPUB 3، فلا يمكن قراءته على الإنترنت؛ نزّل إحدى صيغه
refused-document-failed = تعذّر جعل المستند '{ $id }' سهل الوصول، فلا يمكن قراءته
refused-document-in-progress = ما زال العمل جاريًا على جعل المستند '{ $id }' سهل الوصول؛ افتحه مرة أخرى بعد بضع ثوانٍ
refused-part-too-large = { $name } أكبر من أن يُقرأ على الإنترنت؛ نزّل الكتاب
refused-edit-names-nothing = أرسل واحدًا على الأقل من هذه المعاملات: { $params }
refused-school-kept-by-org = مؤسستك هي التي تحفظ مدرستك وصفّك؛ اطلب من راعيك تغييرهما
refused-only-org-members-go-individual = أعضاء المؤسسات وحدهم يصبحون أعضاء أفرادًا
refused-download-for = لا يمكنك التنزيل لـ '{ $member }': الرعاة ينزّلون لأعضاء مؤسستهم، ومساعدو العضويات لحسابات موقعهم
refused-account-locked = هذا الحساب مقفل؛ تواصل مع مكتبتك
refused-referrals-privileged = تسجّل الإحالاتِ تطبيقاتُ المكتبة نفسها (مفاتيح العملاء ذات صلاحيات إدارة العضويات)
refused-administrators-only = المسؤولون وحدهم يديرون مفاتيح العملاء ومواقع المكتبة
refused-account-elsewhere = ينشئ مساعدو العضويات الحسابات في موقعهم فقط
refused-no-password = ليس لهذا الحساب كلمة مرور لتغييرها
refused-password-wrong = كلمة المرور الحالية غير صحيحة
refused-accounts-privileged = تُنشأ الحسابات عبر تطبيقات المكتبة نفسها (مفاتيح العملاء ذات صلاحيات إدارة العضويات)
refused-signed-in-already = أنت مسجّل الدخول إلى حساب بالفعل؛ سجّل الخروج لإنشاء حساب آخر
refused-assigned-to-org-members = تُخصَّص العناوين لأعضاء المؤسسات
refused-primary-contact-changes = جهة الاتصال الرئيسية للمؤسسة وحدها تغيّرها
refused-primary-contact-hands-over = جهة الاتصال الرئيسية وحدها تسلّم هذا الدور إلى راعٍ آخر
refused-directory-import = يستورد مساعدو العضويات الدليل المرجعي
refused-organizations-elsewhere = يبحث مساعدو العضويات في مؤسسات موقعهم فقط
refused-organization-elsewhere = ينشئ مساعدو العضويات المؤسسات في موقعهم فقط
refused-accounts-elsewhere = يبحث مساعدو العضويات في حسابات موقعهم فقط
refused-changes-administrators = المسؤولون وحدهم يقرؤون سجل التغييرات
refused-privileged-clients = تطبيقات المكتبة نفسها وحدها (مفاتيح العملاء ذات صلاحيات إدارة العضويات) يمكنها فعل ذلك
refused-proof-elsewhere = يراجع مساعدو العضويات إثباتات موقعهم فقط
refused-sponsors-only = رعاة المؤسسة وحدهم يديرونها
refused-organization-gone = مؤسستك لم تعد موجودة
refused-recording-not-ready = لا يمكن الاستماع إلى تسجيل المكتبة للعنوان '{ $id }' بعد.
refused-recording-not-arrived = لا يمكن الاستماع إلى تسجيل المكتبة للعنوان '{ $id }' بعد. لم يصل ملفه إلى المكتبة بعد.
refused-recording-in-production = لا يمكن الاستماع إلى تسجيل المكتبة للعنوان '{ $id }' بعد. إنه قيد الإنتاج ولم يجهز بعد.
refused-recording-withdrawn = لا يمكن الاستماع إلى تسجيل المكتبة للعنوان '{ $id }' بعد. لقد سُحب ولم يعد يُعار.
refused-recording-failed = لا يمكن الاستماع إلى تسجيل المكتبة للعنوان '{ $id }' بعد. تعذّر إنتاجه.
refused-recording-unreadable = لا يمكن الاستماع إلى تسجيل المكتبة للعنوان '{ $id }' على الإنترنت؛ نزّله بصيغة DAISY الصوتية
refused-narration-failed = تعذّر إعداد السرد الصوتي للعنوان '{ $id }'
refused-narration-own-document = تسرد المكتبة عناوينها الخاصة؛ أما مستندك الخاص فتقرؤه بصوت عالٍ أصوات متصفحك
refused-narration-recorded = العنوان '{ $id }' مسرود في تسجيل المكتبة الخاص، وهو غير مصنوع من ملف EPUB الخاص به: استمع إليه من صفحة العنوان
refused-not-narrated = العنوان '{ $id }' غير مسرود: لا يُصنع له كلام
refused-org-list = القوائم المشتركة مع مؤسسة (access=org) مخصّصة لأعضائها ورعاتها
refused-not-your-member = { $param }: '{ $id }' ليس عضوًا في مؤسسة تتولى أمرها
refused-authorities-privileged = تجيب الجهات المختصة عبر تطبيقات المكتبة نفسها (مفاتيح العملاء ذات صلاحيات إدارة العضويات)
refused-staff-pages = هذه الصفحات مخصّصة لمساعدي العضويات ومساعدي المجموعة والمسؤولين في المكتبة
refused-staff-pages-elsewhere = هذه صفحات موظفي { $site }؛ صفحاتك في /{ $yours }/staff
refused-membership-privileged = إدارة العضويات مقصورة على مفاتيح العملاء ذات صلاحيات إدارة العضويات
refused-membership-role = مساعدو العضويات والمسؤولون وحدهم يمكنهم فعل ذلك
refused-administrator-account = المسؤولون وحدهم يمكنهم إدارة حساب مسؤول
refused-own-list-subscription = لا يمكنك الاشتراك في قائمتك الخاصة
refused-private-list-subscription = لا يمكن الاشتراك في قائمة خاصة
refused-list-change = صاحب القائمة وحده، أو راعٍ أو مساعد عضويات له صلاحيات عليه، يمكنه تغيير هذه القائمة
refused-collection-role = مساعدو المجموعة والمسؤولون وحدهم يمكنهم فعل ذلك
refused-reading-link = رابط القراءة هذا غير صالح؛ افتح الكتاب مرة أخرى
refused-reading-link-expired = انتهت صلاحية رابط القراءة هذا؛ افتح الكتاب مرة أخرى
refused-file-link = رابط الملف هذا غير صالح؛ اطلب التنزيل مرة أخرى
refused-file-link-expired = انتهت صلاحية رابط الملف هذا؛ اطلب التنزيل مرة أخرى
refused-not-for-member = هذا العنوان غير متاح للعضو الذي تنزّل له
refused-partner-drive-privileged = تُربط وحدات التخزين الشريكة عبر تطبيقات المكتبة نفسها (مفاتيح العملاء ذات صلاحيات إدارة العضويات)
refused-key-disabled = عُطّل مفتاح api_key هذا
refused-form-expired = انتهت صلاحية هذا النموذج أو أنه لم يأتِ من هذا الموقع. ارجع إلى الخلف، وأعد تحميل الصفحة، وأرسله مرة أخرى.

## أكثر من اللازم الآن
too-many-narrations = يجري الآن إعداد { $count } من التسجيلات المسرودة لك؛ اطلب مرة أخرى حين يجهز أحدها
too-many-packages = يجري الآن إعداد { $count } من الحزم لك؛ اطلب مرة أخرى حين تجهز إحداها
too-many-guests = كثير من ضيوف هذا التطبيق ينتظرون حزمًا؛ اطلب مرة أخرى بعد دقيقة، أو سجّل الدخول
too-many-sign-ins = محاولات تسجيل دخول فاشلة كثيرة؛ أعد المحاولة لاحقًا
too-many-for-user = طلبات كثيرة لهذا المستخدم؛ أعد المحاولة لاحقًا

## يتعارض مع ما هو محفوظ
conflict-promotion-used-up = نفد الرمز الترويجي في هذه الأثناء
conflict-credits-spent = أُنفقت أرصدة الحساب في هذه الأثناء؛ أعد المحاولة
conflict-partner-identity = لهذه الهوية الشريكة حساب هنا بالفعل: سجّل الدخول بها
conflict-submission-decided = بُتّ في هذا الطلب بالفعل
conflict-site-key-changes = مفتاح الموقع الخاص (مفتاح فهرس OPDS ومفتاح صفحات الويب) لا يتغير إلا مع الموقع
conflict-site-key-secret = مفتاح الموقع الخاص عام وليس له سر
conflict-title-removed = أُزيل العنوان '{ $id }' من المجموعة؛ لا يعيده إلا تعديل titleStatus
conflict-request-answered = أُجيب عن هذا الطلب بالفعل
conflict-staff-in-organization = هذا حساب أحد الموظفين: القراء والرعاة وحدهم ينتمون إلى المؤسسات، لا الموظفون ولا المتطوعون
conflict-primary-contact = هذا الحساب هو جهة الاتصال الرئيسية لـ { $organization }؛ عيّن جهة اتصال رئيسية أخرى أولًا
why-site-id-taken = لموقع آخر هذا المعرّف بالفعل؛ اختر غيره
why-client-key-taken = هذا المفتاح موجود بالفعل؛ اختر غيره، أو اتركه فارغًا للحصول على مفتاح عشوائي
why-popular-list-id-taken = لقائمة شائعة أخرى هذا المعرّف بالفعل؛ اختر غيره
why-product-identifier-of = '{ $identifier }' هو معرّف المنتج للعنوان '{ $title }'
why-user-name-taken = اسم المستخدم هذا يخص حسابًا آخر
why-highlight-there = لديك تمييز في ذلك الموضع بالفعل؛ غيّره باستخدام PUT
why-product-identifier-taken = لعنوان آخر في هذا الموقع معرّف المنتج هذا
why-series-id-taken = لدورية أخرى هذا المعرّف
why-edition-id-taken = لعدد آخر هذا المعرّف

## ملف لم يستطع الاستيراد أو التحزيم أخذه
epub-not-zip = ليس أرشيف zip، فليس EPUB: { $why }
epub-zip-entry = لا يمكن قراءة المدخل { $entry } في الأرشيف: { $why }
epub-no-container = الملف META-INF/container.xml مفقود، فهذا ليس EPUB
epub-no-rootfile = لا يسمي META-INF/container.xml أي مستند حزمة (لا rootfile له full-path)
epub-no-package = مستند الحزمة { $path } الذي يسميه META-INF/container.xml ليس في الأرشيف
epub-not-epub3 = إصدار الحزمة "{ $version }" ليس EPUB 3: لا تُقبل إلا منشورات EPUB 3.x
epub-not-xml = { $file } ليس XML سليم البنية: { $why }
epub-no-metadata = ليس في مستند الحزمة { $element }
epub-unstampable = لا يمكن وسم مستند الحزمة: { $why }
epub-bad-timestamp = قيمة issued_at في الإشعار "{ $value }" ليست طابعًا زمنيًا بالصيغة YYYY-MM-DDThh:mm:ssZ
import-same-book = هو الكتاب نفسه الذي في { $first } (معرّف الخدمة { $id })، فتُرك
import-not-read = تعذرت قراءة الملف المرفوع: { $why }
import-not-stored = تعذر النسخ إلى مخزن الملفات: { $why }

## سطر من ملف CSV مرفوع (دليل المنظمات المرجعية)
csv-line = السطر { $line }: { $why }
csv-line-unread = السطر { $line }: { $why }
csv-empty = الملف فارغ: يجب أن يكون سطره الأول ترويسة تسمي الأعمدة { $columns }
csv-no-header = يجب أن يكون السطر 1 سطر ترويسة؛ { $count ->
        [one] ينقصه العمود
        [two] ينقصه العمودان
       *[other] تنقصه الأعمدة
    } { $missing } (نصه: { $reads })
why-state-other-country = '{ $state }' يسمي بلدًا غير '{ $country }'
why-subdivision = يجب أن يكون رمز تقسيم إداري، مثل CA أو US-CA

## إجابات المخزن الشريك التي لم يستطع Lectern استعمالها
drive-unreachable = لم يجب المخزن الشريك؛ حاول لاحقًا
drive-unreadable = أجاب المخزن الشريك بما لا يُقرأ: { $what }
drive-files-url = عنوان ملفات المخزن الشريك لا يستطيع أن يسمي ملفًا
drive-answered = أجاب المخزن الشريك { $what }
drive-broke-off = قطع المخزن الشريك الاتصال: { $what }

## مفاتيح هوية الشريك
partner-keys-unreachable = تعذر جلب مفاتيح الشريك: { $why }
