notice-heading = Aviso de derechos de autor
notice-terms-heading = Condiciones de uso
notice-statement = Esta copia de «{ $title }» (título { $serviceId } de { $site }) fue preparada por { $site } el { $date } para { $name } (cuenta de usuario { $account }), descarga { $download }, marca del destinatario { $mark }.
notice-personal-use = Es solo para el uso personal de una persona con una discapacidad para acceder al texto impreso. No la copie para otras personas, ni la comparta ni la redistribuya.
notice-copyright = La obra sigue protegida por derechos de autor. { $site } ofrece esta copia accesible al amparo de las excepciones a los derechos de autor en favor de las personas con discapacidad para acceder al texto impreso; cualquier uso que vaya más allá de estas condiciones puede infringir los derechos del titular.
notice-guest = una persona visitante de { $site }
