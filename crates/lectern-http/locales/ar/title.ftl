# صفحة العنوان: ما هو، وكيف يُحصل عليه، وقراءة القارئ فيه.
title-cover = غلاف { $title }
title-download = تنزيل
title-cannot-download = لا يمكنك تنزيل هذا العنوان الآن:
title-sign-in-to-download = سجّل الدخول لتنزيل العناوين بحساب مكتبتك.
title-choose-format = اختر صيغة
title-counts-as-download = يُحتسب فتحه تنزيلًا واحدًا، مرة في الشهر.
title-read-online = اقرأ على الإنترنت
title-listen-online = استمع على الإنترنت
title-formats-unavailable = صيغ لا يمكنك تنزيلها
title-unavailable = { $format }: { $why }
title-your-reading = قراءتك
title-where-you-are = أين وصلت
title-your-members = أعضاؤك
title-assign = خصّص هذا العنوان لأعضاء، واعرف من يمكنه تنزيله
title-reading-lists = قوائم القراءة
title-added-to = أُضيف إلى { $list }.
title-no-lists = ليست لديك قوائم قراءة تضيف إليها هذا العنوان.
title-make-list = أنشئ قائمة قراءة
title-add-to = أضف هذا العنوان إلى
title-add-to-list = أضف إلى القائمة
title-no-accessibility = لا يمكن تنزيل أي صيغة من هذا العنوان بعد، فلا شيء يقال عن إمكانية الوصول إليه.

fact-translated-by = ترجمة
fact-edited-by = تحرير
fact-publisher = الناشر
fact-copyright = حقوق النشر
fact-edition = الطبعة
fact-language = اللغة
fact-categories = الفئات
fact-series = السلسلة
fact-series-number = { $series }، رقم { $number }
fact-reading-age = عمر القراءة
fact-ages-between = من { $from } إلى { $to } سنة
fact-ages-from = من { $from } سنة فما فوق
fact-ages-to = حتى { $to } سنة
fact-pages = الصفحات
fact-isbn = ISBN
fact-content-warnings = تحذيرات المحتوى

warning-contentWarning = محتوى قد يزعج
warning-sex = محتوى جنسي
warning-violence = عنف
warning-drugs = مخدرات
warning-language = لغة بذيئة
warning-intolerance = تعصّب
warning-adult = محتوى للبالغين
warning-unrated = غير مصنّف

format-in-a-zip = { $format }، مجلداته في ملف zip
not-ready-file-not-arrived = لم يصل ملفه إلى المكتبة بعد.
not-ready-in-production = يجري إنتاجه وليس جاهزًا بعد.
not-ready-withdrawn = سُحب ولم يعد يُعار.
not-ready-failed = تعذّر إنتاجه.
made-braille = يُصنع من EPUB وفق إعدادات برايل الخاصة بك عندما تطلبه
made-speech = يقرؤه صوت اصطناعي، ويُصنع عندما تطلبه
made-from-epub = يُصنع من EPUB عندما تطلبه

online-read-or-recording = أو اقرأه هنا في متصفحك دون تنزيل أي شيء، أو استمع إلى تسجيل المكتبة له، عنوانًا عنوانًا وصفحة صفحة.
online-read-or-narration = أو اقرأه هنا في متصفحك دون تنزيل أي شيء، أو استمع إليه بصوت المكتبة الاصطناعي وأنت تتابع النص.
online-read = أو اقرأه هنا في متصفحك دون تنزيل أي شيء.
online-recording = أو استمع هنا في متصفحك إلى تسجيل المكتبة له، عنوانًا عنوانًا وصفحة صفحة، دون تنزيل أي شيء.

not-made-speech = لا يستطيع Lectern قراءة هذا العنوان بصوت عالٍ: ليس لمركّب الكلام لديه، eSpeak NG، صوت للغة { $language }.
not-made-braille = لا يستطيع Lectern صنع نسخة برايل من هذا العنوان: ليست لديه جداول برايل للغة { $language }.

mark-bookmark-deleted = حُذفت الإشارة المرجعية.
mark-highlight-deleted = حُذف التظليل.
mark-bookmarks = الإشارات المرجعية
mark-highlights = التظليلات
mark-delete = احذف
mark-delete-bookmark = الإشارة المرجعية { $words }
mark-delete-highlight = التظليل { $words }
mark-position = { $format }: { $place } (في { $date })
mark-bookmark = { $format }: { $place }، أُنشئت في { $date }
mark-no-text = (لم يُحفظ نص)
mark-highlight = «{ $text }»
mark-highlight-noted = «{ $text }»، مع ملاحظة: { $note }
mark-through = عند { $percent }٪
mark-at-position = عند الموضع { $position }
mark-at = عند { $place }

# لماذا لا يستطيع القارئ تنزيل عنوان، أو ما ينبغي أن يعرفه قبل ذلك.
alert-title-not-live = هذا العنوان غير متاح للتنزيل.
alert-sign-in-required = سجّل الدخول لتنزيل هذا العنوان: لا يمكن تنزيل إلا عناوين الملك العام ورخص المشاع الإبداعي دون حساب.
alert-country-restricted = لا يمكن قراءة هذا العنوان إلا في بعض البلدان؛ سجّل الدخول لنعرف بلدك.
alert-not-a-member = الأعضاء وحدهم ينزّلون العناوين لأنفسهم؛ والرعاة ينزّلونها لأعضائهم.
alert-adult-content = في هذا العنوان محتوى للبالغين لا يسمح به هذا الحساب.
alert-country-not-yours = لا يمكن قراءة هذا العنوان في بلدك.
alert-agreement-missing = وقّع اتفاقية العضوية لتنزيل العناوين.
alert-subscription-expired = انتهى الاشتراك؛ جدّده لتنزيل العناوين.
alert-subscription-missing = يلزم اشتراك لتنزيل العناوين.
alert-proof-of-disability-pending = وصل إثبات الإعاقة ويجري التحقق منه.
alert-proof-of-disability-missing = يلزم إثبات إعاقة لتنزيل العناوين.
alert-organization-suspended = عضوية مؤسستك معلّقة؛ لا يستطيع أعضاؤها تنزيل العناوين.
alert-assigned-titles-only = تسمح لك مؤسستك بتنزيل العناوين المخصّصة لك فقط.
alert-nimac-restricted = هذا العنوان مقصور على الطلاب الذين لديهم خطة تعليمية، عن طريق مدرستهم.
alert-monthly-quota-reached = استُنفدت التنزيلات المسموح بها هذا الشهر، وعددها { $quota }.
alert-monthly-quota-low = تبقّى { $left } من أصل { $quota } تنزيلات هذا الشهر.
alert-subscription-quota-reached = استُنفدت التنزيلات المسموح بها في هذا الاشتراك، وعددها { $quota }.
alert-subscription-quota-low = تبقّى { $left } من أصل { $quota } تنزيلات هذا الاشتراك.

# نسخة من عنوان تُجهَّز للتنزيل.
download-ready-title = جاهزة: { $title }، { $format }
download-preparing-title = قيد التجهيز: { $title }، { $format }
download-not-asked-title = لم تُطلب بعد: { $title }، { $format }
download-heading = نسختك من { $title }
download-ready = نسختك بصيغة { $format } جاهزة.
download-link = نزّل ملف { $format }
download-preparing = تُجهَّز نسختك بصيغة { $format }. يستغرق ذلك عادةً أقل من دقيقة.
download-not-asked = لم تطلب نسخة بصيغة { $format } بعد. يُحتسب طلبها تنزيلًا.
download-check-again = تحقّق مرة أخرى
download-ask = اطلب النسخة بصيغة { $format }
download-back = العودة إلى { $title }

# كتبي: ما خُصّص للقارئ وما نزّله.
books-title = كتبي
books-assigned = المخصّصة لي
books-nothing-assigned = لم يُخصَّص لك شيء.
books-downloads = تنزيلاتي
books-no-downloads = لم تنزّل شيئًا بعد.
books-find-title = ابحث عن عنوان
books-earlier = تنزيلات سابقة
books-download-detail = { $format }، { $date }؛ { $status }
books-status-ready = جاهز
books-status-read-online = قُرئ على الإنترنت
books-status-preparing = قيد التجهيز
books-assigned-by-downloaded = خصّصه { $name }؛ نُزّل في { $date }
books-assigned-by-not-downloaded = خصّصه { $name }؛ لم يُنزَّل بعد
books-downloaded = نُزّل في { $date }
books-not-downloaded = لم يُنزَّل بعد
