# صفحات الراعي: المؤسسة، وأعضاؤها، وعضو واحد، وعناوين لإسنادها.
org-done-tag = أُنشئ وسم المجموعة. اختره في صفحة أحد الأعضاء.
org-kind = النوع
org-address = العنوان
org-primary-contact = جهة الاتصال الرئيسية
org-members = الأعضاء
org-members-count = { $count ->
    [zero] لا أعضاء
    [one] عضو واحد
    [two] عضوان
    [few] { $count } أعضاء
   *[other] { $count } عضوًا
}
org-members-see = اعرض الأعضاء وغيّرهم
org-add-member = أضف عضوًا
org-sponsors = الرعاة
org-tags = وسوم المجموعات
org-tags-intro = يسمّي وسم المجموعة منطقة تعليمية أو مدرسة أو كليهما؛ امنحه للأعضاء لتجدهم به.
org-tags-none = لا توجد وسوم مجموعات بعد.
org-district = المنطقة التعليمية
org-school = المدرسة
org-make-tag = أنشئ الوسم
members-title = الأعضاء
members-show = اعرض
members-list-all = كل الأعضاء
members-list-quick = قائمتي السريعة
members-list-org = الأعضاء عبر المؤسسة فقط
members-list-individual = الأعضاء الذين لهم عضوية خاصة أيضًا
members-grade-optional = الصف الدراسي (اختياري)
members-in-order = بترتيب
members-order-last-name = اسم العائلة
members-order-first-name = الاسم الأول
members-order-grade = الصف الدراسي
members-order-birth = تاريخ الميلاد
members-order-district = المنطقة التعليمية
members-order-school = المدرسة
members-show-button = اعرض الأعضاء
members-more = المزيد من الأعضاء
members-next = الصفحة التالية
member-grade = الصف { $grade }
member-on-quick-list = في قائمتي السريعة
member-cannot-download = لا يستطيع التنزيل بعد
member-locked = مقفل
member-new-title = أضف عضوًا
member-new-intro = يقرأ العضو عبر مؤسستك. يمكن ملء الحقول التي تتركها فارغة لاحقًا.
member-new-button = أضف العضو
member-all = كل الأعضاء
member-first-name = الاسم الأول
member-last-name = اسم العائلة
member-user-name = اسم المستخدم (اختياري)
member-user-name-hint = عنوان بريد إلكتروني يسجّل به العضو دخوله. اتركه فارغًا لعضو يقرأ عبرك فقط.
member-password = كلمة مرور جديدة (اختيارية)
member-password-hint = من 8 إلى 32 حرفًا، فيها حرف ورقم.
member-birth = تاريخ الميلاد
member-birth-hint = بالسنة والشهر واليوم: 2012-09-30.
member-grade-label = الصف الدراسي
member-grade-hint = صف من قائمة ONIX رقم 77 أو من BIC، مثل 05 أو K أو P.
member-disabilities = إعاقات قراءة المطبوع
member-disability-visual = كفيف أو ضعيف البصر
member-disability-learning = صعوبة تعلّم، مثل عسر القراءة
member-disability-physical = إعاقة جسدية تصعّب حمل الصفحات أو تقليبها
member-disability-nonspecific = إعاقة أخرى عن قراءة المطبوع
member-plans = الخطط التعليمية
member-plan-iep = برنامج تعليمي فردي (IEP)
member-plan-section504 = خطة المادة 504
member-roster-tag = وسم المجموعة
member-roster-tag-none = بلا وسم
member-settings = الإعدادات
member-quick-list = في قائمتي السريعة
member-safe-search = بحث آمن: بلا عناوين للبالغين في عمليات بحثه
member-search-downloads = يستطيع تنزيل العناوين التي يجدها، لا المسندة إليه فقط
member-not-offered = اختر أحد الخيارات المعروضة
member-first-name-missing = اكتب الاسم الأول للعضو
member-last-name-missing = اكتب اسم عائلة العضو
member-birth-missing = اكتب تاريخ ميلاد العضو
member-grade-missing = اكتب الصف الدراسي للعضو
member-done-created = أُضيف العضو.
member-done-changed = حُفظت تغييراتك.
member-done-assigned = أُسند العنوان.
member-done-taken-back = سُحب العنوان.
member-yes = نعم
member-no = لا
member-fact-user-name = اسم المستخدم
member-fact-grade = الصف الدراسي
member-fact-roster-tag = وسم المجموعة
member-fact-agreement = الاتفاقية موقّعة
member-fact-may-download = يستطيع التنزيل
member-fact-account = الحساب
member-fact-locked = مقفل؛ اسأل المكتبة
member-assigned-heading = العناوين المسندة
member-assigned-none = لا عناوين مسندة إلى { $name }.
member-assigned-when = أُسند في { $date }
member-assigned-when-by = أسنده { $by } في { $date }
member-take-back = اسحب
member-more-assigned = المزيد من العناوين المسندة
member-find-label = ابحث عن عنوان لإسناده
member-find-region = عناوين لإسنادها
member-find-button = ابحث
member-change-heading = غيّر بيانات { $name }
member-keeps-own = يدير { $name } اسمه واسم المستخدم وكلمة المرور والإعاقات بنفسه؛ ويمكنك تغيير الباقي.
member-save = احفظ التغييرات
find-title = عناوين لإسنادها إلى { $name }
find-label = ابحث عن عناوين
find-words-missing = اكتب كلمات للبحث عن العناوين
find-count = { $count ->
    [0] لم يُعثر على عناوين
    [one] عُثر على عنوان واحد
    [two] عُثر على عنوانين
    [few] عُثر على { $count } عناوين
   *[other] عُثر على { $count } عنوانًا
}
find-count-first = عُثر على { $count } عنوانًا؛ تُعرض أول { $shown }
find-assign = أسند
find-assign-which = { $title } إلى { $name }
find-back = عُد إلى { $name }
assign-title = أسند { $title }
assign-done = { $count ->
    [one] أُسند العنوان إلى عضو واحد.
    [two] أُسند العنوان إلى عضوين.
    [few] أُسند العنوان إلى { $count } أعضاء.
   *[other] أُسند العنوان إلى { $count } عضوًا.
}
assign-which-members = أي الأعضاء
assign-to-whom = الأعضاء الذين يُسند إليهم
assign-already = { $name }: مُسند بالفعل.
assign-cannot-yet = لا يستطيع تنزيله بعد:
assign-button = أسند إلى الأعضاء المحددين
assign-choose = اختر عضوًا واحدًا على الأقل لإسناد العنوان إليه
