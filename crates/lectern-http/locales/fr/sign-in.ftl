# Se connecter et se déconnecter, et les pages d’une erreur.
sign-in-title = Se connecter
sign-in-intro = Connectez-vous avec votre compte { $site } pour télécharger des titres et garder vos listes de lecture.
sign-in-apps-heading = Se connecter depuis une application de lecture
sign-in-apps-catalog = Les applications de lecture qui lisent les catalogues de bibliothèques (OPDS), comme Thorium Reader, KOReader et Librera, ajoutent cette bibliothèque par l’adresse de son catalogue :
sign-in-apps-help = Quand l’application le demande, connectez-vous avec le même nom d’utilisateur ou la même adresse e-mail et le même mot de passe que sur cette page. Si l’application dit que le mot de passe est incorrect, connectez-vous d’abord ici pour le vérifier ; après plusieurs essais erronés, la bibliothèque vous demande d’attendre un peu avant le suivant. Si votre compte est bloqué ou si vous avez oublié votre mot de passe, adressez-vous à votre bibliothèque.
sign-in-username = Nom d’utilisateur ou adresse e-mail
sign-in-password = Mot de passe
sign-in-button = Se connecter
sign-in-enter-username = Saisissez votre nom d’utilisateur ou votre adresse e-mail
sign-in-enter-password = Saisissez votre mot de passe
sign-in-not-right = Le nom d’utilisateur ou le mot de passe est incorrect. Vérifiez-les et réessayez.
sign-in-too-many = Il y a eu trop de tentatives de connexion à ce compte. Attendez une minute, puis réessayez.
sign-in-locked = Ce compte est bloqué. Contactez votre bibliothèque pour le débloquer.

signed-out-title = Déconnecté
signed-out-heading = Vous êtes déconnecté
signed-out-status = Vous n’êtes plus connecté sur ce navigateur.
signed-out-sign-in-again = Se reconnecter

error-not-found = Page introuvable
error-forbidden = Vous ne pouvez pas faire cela
error-too-many = Trop de demandes
error-changed = Ceci a changé
error-went-wrong = Une erreur s’est produite
error-go-home = Aller à la page d’accueil
error-go-library-home = Aller à la page d’accueil de la bibliothèque

# Les pages du serveur de jetons : une application demande à utiliser le compte d’un lecteur.
oauth-sign-in-to = Se connecter à { $client }
oauth-wants = { $client } veut utiliser le compte de votre bibliothèque. Connectez-vous pour continuer.
consent-title = Autoriser { $client } à utiliser votre compte ?
consent-signed-in-as = Vous êtes connecté en tant que { $name }.
consent-if-you-allow = Si vous l’autorisez, { $client } pourra :
consent-account = voir les informations de votre compte, comme votre nom et l’état de votre adhésion ;
consent-search = chercher dans la collection de la bibliothèque et télécharger des titres pour vous ;
consent-keep = garder vos listes de lecture, vos signets et votre position de lecture.
consent-withdraw = Vous pouvez retirer cette autorisation à tout moment en vous déconnectant de l’application.
consent-allow = Autoriser
consent-deny = Refuser

oauth-error-start = Nous n'avons pas pu commencer la connexion
oauth-error-no-client = L'application n'a pas dit qui elle est (client_id manque).
oauth-error-unknown-client = L'application n'est pas enregistrée auprès de cette bibliothèque.
oauth-error-redirect = L'application a demandé à revenir à une adresse qu'elle n'a pas enregistrée ; nous nous sommes arrêtés ici pour protéger votre compte.
oauth-error-form-expired = Ce formulaire a expiré
oauth-error-form-foreign = Le formulaire envoyé ne venait pas de cette page de connexion ; nous l'avons donc ignoré.
oauth-error-continue = Nous n'avons pas pu poursuivre la connexion
oauth-error-client-gone = L'application n'est plus enregistrée auprès de cette bibliothèque.
oauth-error-sign-in-first = Connectez-vous d'abord
oauth-error-sign-in-before = Connectez-vous avant de choisir d'autoriser ou non l'application.
oauth-error-account-gone = Ce compte ne peut plus se connecter. Contactez votre bibliothèque.
oauth-error-expired = Votre connexion a expiré
oauth-error-expired-why = Cette connexion est terminée ou a pris trop de temps. Recommencez depuis l'application.
oauth-error-our-side = Un problème est survenu de notre côté. Réessayez dans quelques minutes.
oauth-error-go-back = Revenez à l'application d'où vous veniez et réessayez. Si cela se reproduit, contactez votre bibliothèque et dites-lui ce qu'indique cette page.
