# رسائل أخطاء واجهة البرمجة وأسباب القواعد. اسم المعامل هو اسمه في المواصفة.
api-missing-param = المعامل المطلوب '{ $param }' مفقود
api-invalid-param = المعامل '{ $param }' غير صالح: { $why }
why-required = مطلوب
why-not-empty = يجب ألا يكون فارغًا
why-not-blank = يجب ألا يكون فارغًا
why-at-most-chars = يجب ألا يزيد على { $max } حرفًا
why-in-future = لا يمكن أن يكون في المستقبل
why-date = يجب أن يكون تاريخًا مكتوبًا بالصيغة YYYY-MM-DD
why-before = لا يمكن أن يكون قبل { $start }
why-percent-outside = { $value } ليست نسبة مئوية بين { $low } و{ $high }
why-sent-with = يجب أن يُرسل مع { $other } مُغيَّر
why-own-colours-need = مطلوب للسمة 'own'، مع { $other }
why-width-does-not-fit = { $width } لا يناسب برايل { $format }، وأطوال أسطره { $widths }
why-too-faint = تباين { $text } على { $background } هو { $ratio }:1؛ ويحتاج النص إلى { $least }:1 على الأقل
why-not-one-of = '{ $value }' ليست أيًا من هذه القيم: { $values }
