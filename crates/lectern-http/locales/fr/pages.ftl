# Le cadre de chaque page : son lien d'évitement, la navigation, le pied de page et le choix de la langue.
skip-to-main = Aller au contenu principal
nav-main = Principal
nav-search = Rechercher
nav-books = Mes livres
nav-lists = Mes listes de lecture
nav-documents = Mes documents
nav-account = Mon compte
nav-organization = Mon organisation
nav-staff = Personnel
signed-in-as = Connecté en tant que { $name }
sign-out = Se déconnecter
sign-in = Se connecter
title-staff = Personnel
footer-about = { $site } : des livres accessibles aux personnes ayant une déficience perceptuelle.
language-label = Langue
language-change = Changer la langue

# Mots que partagent de nombreuses pages.
form-problem = Il y a un problème
form-error = Erreur :
search-the-library = Rechercher dans la bibliothèque
form-fill-in = Remplissez ce champ
