# Les messages d'erreur de l'API et les raisons des règles. Le nom d'un paramètre est celui de la spécification.
api-missing-param = Paramètre obligatoire manquant « { $param } »
api-invalid-param = Paramètre non valide « { $param } » : { $why }
why-required = est obligatoire
why-not-empty = ne doit pas être vide
why-not-blank = ne doit pas être vide
why-at-most-chars = doit comporter au plus { $max } caractères
why-in-future = ne peut pas être dans le futur
why-date = doit être une date écrite AAAA-MM-JJ
why-before = ne peut pas être antérieure à { $start }
why-percent-outside = { $value } n'est pas un pourcentage de { $low } à { $high }
why-sent-with = doit être envoyé avec un { $other } modifié
why-own-colours-need = est nécessaire pour le thème « own », avec { $other }
why-width-does-not-fit = { $width } ne convient pas au braille { $format }, dont les longueurs de ligne sont { $widths }
why-too-faint = { $text } sur { $background } a un contraste de { $ratio }:1 ; le texte a besoin d'au moins { $least }:1
why-not-one-of = « { $value } » n'est aucune de ces valeurs : { $values }
