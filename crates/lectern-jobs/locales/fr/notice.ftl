notice-heading = Avis de droit d’auteur
notice-terms-heading = Conditions d’utilisation
notice-statement = Cet exemplaire de « { $title } » (titre { $serviceId } de { $site }) a été préparé par { $site } le { $date } pour { $name } (compte utilisateur { $account }), téléchargement { $download }, marque du destinataire { $mark }.
notice-personal-use = Il est réservé à l’usage personnel d’une personne empêchée de lire un imprimé. Ne le copiez pas pour autrui, ne le partagez pas et ne le redistribuez pas.
notice-copyright = L’œuvre reste protégée par le droit d’auteur. { $site } fournit cet exemplaire accessible au titre des exceptions au droit d’auteur en faveur des personnes empêchées de lire ; tout usage au-delà de ces conditions peut porter atteinte aux droits du titulaire.
notice-guest = un visiteur de { $site }
