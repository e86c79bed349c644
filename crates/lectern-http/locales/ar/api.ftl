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
