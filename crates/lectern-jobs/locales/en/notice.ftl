# The copyright notice that goes with every download (COPYRIGHT-NOTICE.txt and .html, the last
# page of an EPUB, a Word document and a PDF), in the language of the reader it is for.
notice-heading = Copyright notice
notice-terms-heading = Terms of use
# $title is the book's title; $site the library's name; $serviceId the title's number in its
# catalog; $date the day it was packaged; $name the reader's name; $account their account's id;
# $download the download's id; $mark the recipient mark (16 hexadecimal digits).
notice-statement = This copy of “{ $title }” ({ $site } title { $serviceId }) was prepared by { $site } on { $date } for { $name } (user account { $account }), download { $download }, recipient mark { $mark }.
notice-personal-use = It is for the personal use of a person with a print disability only. Do not copy it for, share it with or redistribute it to anyone else.
notice-copyright = The work remains protected by copyright. { $site } provides this accessible copy under the exceptions to copyright law for people with print disabilities; use beyond these terms may infringe the rights of the copyright holder.
# Who a download made without signing in is for, in place of a reader's name.
notice-guest = a guest of { $site }
