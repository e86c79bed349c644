# إطار كل صفحة: رابط التخطي والتنقل والتذييل واختيار اللغة.
skip-to-main = انتقل إلى المحتوى الرئيسي
nav-main = القائمة الرئيسية
nav-search = بحث
nav-books = كتبي
nav-lists = قوائم قراءتي
nav-documents = مستنداتي
nav-account = حسابي
nav-organization = مؤسستي
nav-staff = الموظفون
signed-in-as = تم تسجيل الدخول باسم { $name }
sign-out = تسجيل الخروج
sign-in = تسجيل الدخول
title-staff = الموظفون
footer-about = { $site }: كتب ميسّرة للقرّاء ذوي إعاقات قراءة المطبوعات.
language-label = اللغة
language-change = تغيير اللغة

# كلمات تشترك فيها صفحات كثيرة.
form-problem = توجد مشكلة
form-error = خطأ:
search-the-library = ابحث في المكتبة
form-fill-in = املأ هذا الحقل
