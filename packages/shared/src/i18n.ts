/**
 * One mechanism for every French text that crosses the wire or comes out of a shared schema:
 * the French text (the spec's, word for word) is the key, `localize(text, 'en')` answers its
 * English form, and anything unknown stays French (the fallback). The API applies it to every
 * answer's `message` and `fieldErrors` when the request's `Accept-Language` prefers English; the
 * web app applies it to form validation messages, client-side errors and shared labels.
 */
export const MESSAGE_LANGUAGES = ['fr', 'en'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

const EXACT: Record<string, string> = {
  // Generic answers, framework and network
  'Accès refusé': 'Access denied',
  'Authentification requise': 'Authentication required',
  'Ressource introuvable': 'Resource not found',
  'Données invalides': 'Invalid data',
  'Valeur invalide': 'Invalid value',
  'Valeur trop grande': 'Value too large',
  'Requête invalide': 'Invalid request',
  'Requête HTTP invalide': 'Invalid HTTP request',
  'Erreur interne du serveur': 'Internal server error',
  'Une erreur est survenue': 'An error occurred',
  'Erreur de connexion au serveur': 'Could not connect to the server',
  'Timeout de connexion': 'Connection timed out',
  'Mot de passe modifié. Vos autres appareils ont été déconnectés.': 'Password changed. Your other devices were signed out.',
  'Le mot de passe actuel est incorrect': 'The current password is wrong',
  'Le nouveau mot de passe doit être différent de l’actuel': 'The new password must differ from the current one',
  'Appareil déconnecté': 'Device signed out',
  'Vous avez été déconnecté partout': 'You were signed out everywhere',
  'Session introuvable': 'Session not found',
  'Événement envoyé pour approbation : il sera publié après validation par un administrateur':
    'Event sent for approval: it will be published once an administrator approves it',
  'Cet événement attend déjà l’approbation d’un administrateur': 'This event is already waiting for an administrator’s approval',
  'Vous êtes hors ligne : rien n’est perdu, réessayez quand la connexion revient.':
    'You are offline: nothing is lost, try again when the connection is back.',
  'Service momentanément indisponible. Réessayez dans un instant.': 'Service temporarily unavailable. Try again in a moment.',
  'Désolé, une erreur est survenue. Veuillez réessayer plus tard.': 'Sorry, an error occurred. Please try again later.',
  'Le corps de la requête est vide': 'The request body is empty',
  'Le corps de la requête n’est pas un JSON valide': 'The request body is not valid JSON',
  'La requête est trop volumineuse': 'The request is too large',
  'Type de contenu non pris en charge': 'Unsupported content type',
  'Longueur de contenu invalide': 'Invalid content length',
  'Le fichier est trop volumineux': 'The file is too large',
  'Trop de parties dans le formulaire': 'Too many parts in the form',
  'Trop de fichiers': 'Too many files',
  'Trop de champs dans le formulaire': 'Too many fields in the form',
  'Le formulaire doit être envoyé en multipart/form-data': 'The form must be sent as multipart/form-data',
  'Le formulaire envoyé est incomplet ou mal formé': 'The form sent is incomplete or malformed',
  'La requête a mis trop de temps à arriver': 'The request took too long to arrive',
  'Les en-têtes de la requête sont trop volumineux': 'The request headers are too large',
  'Identifiant invalide': 'Invalid identifier',
  'Date invalide': 'Invalid date',
  'Heure invalide': 'Invalid time',
  'Non disponible': 'Not available',
  'Statut invalide': 'Invalid status',
  'Statut inconnu': 'Unknown status',
  'Onglet inconnu': 'Unknown tab',
  'Catégorie inconnue': 'Unknown category',
  'Filtre de date inconnu': 'Unknown date filter',
  'Période invalide (30 ou 90 jours)': 'Invalid period (30 or 90 days)',
  'Vous n’avez pas la permission requise pour cette action': 'You do not have the permission this action requires',
  // Sign-in, sign-up, codes, passwords
  'Connexion réussie !': 'Signed in successfully!',
  'Déconnexion réussie': 'Signed out',
  'Identifiants invalides': 'Invalid credentials',
  'Identifiants invalides ou réponse inattendue du serveur': 'Invalid credentials or unexpected server response',
  'Identifiant et mot de passe requis': 'Identifier and password required',
  'Identifiant requis': 'Identifier required',
  'Prénom requis': 'First name required',
  "Le nom d'utilisateur doit contenir entre 3 et 30 caractères": 'The username must have 3 to 30 characters',
  "Le nom d'utilisateur ne peut contenir que des lettres, des chiffres, « . », « _ » et « - »":
    'The username can only contain letters, digits, “.”, “_” and “-”',
  "Le nom d'utilisateur ne doit pas mélanger plusieurs alphabets (latin, cyrillique, grec…)":
    'The username must not mix several alphabets (Latin, Cyrillic, Greek…)',
  'Nom requis': 'Last name required',
  'Permission inconnue': 'Unknown permission',
  '100 tentatives au plus': '100 attempts at most',
  'Un badge vaut 1': 'A badge is worth 1',
  'Email requis': 'E-mail required',
  "Nom d'utilisateur requis": 'Username required',
  'Confirmez le mot de passe': 'Confirm the password',
  'Veuillez entrer les 6 chiffres du code': 'Please enter the 6 digits of the code',
  'Mot de passe requis': 'Password required',
  'Le mot de passe est requis': 'Password is required',
  'Les mots de passe ne correspondent pas': 'The passwords do not match',
  'Ce mot de passe est trop courant. Choisissez-en un autre.': 'This password is too common. Choose another one.',
  'Mot de passe modifié avec succès': 'Password changed successfully',
  'Mot de passe modifié': 'Password changed',
  'Adresse e-mail invalide': 'Invalid e-mail address',
  'Adresse e-mail requise': 'E-mail address required',
  'L’adresse e-mail est requise': 'The e-mail address is required',
  'Numéro de téléphone invalide': 'Invalid phone number',
  'Numéro de téléphone requis': 'Phone number required',
  'Le prénom est requis': 'First name is required',
  'Le nom est requis': 'The name is required',
  'Veuillez renseigner au moins un email ou un numéro de téléphone.': 'Please give at least an e-mail or a phone number.',
  'Ce compte existe déjà': 'This account already exists',
  'Cette adresse e-mail est déjà utilisée': 'This e-mail address is already in use',
  'Ce numéro de téléphone est déjà utilisé': 'This phone number is already in use',
  'Ce compte est bloqué. Contactez le support.': 'This account is blocked. Contact support.',
  'Ce compte n’est pas un administrateur': 'This account is not an administrator',
  'Compte bloqué': 'Account blocked',
  'Compte débloqué': 'Account unblocked',
  'Compte introuvable': 'Account not found',
  'Compte supprimé': 'Account deleted',
  'Compte vérifié': 'Account verified',
  'Compte vérifié avec succès': 'Account verified successfully',
  'Compte vérifié avec succès! Un email de confirmation vous a été envoyé.':
    'Account verified successfully! A confirmation e-mail has been sent to you.',
  'Utilisateur introuvable': 'User not found',
  'Code OTP invalide': 'Invalid OTP code',
  'Code OTP expiré. Demandez un nouveau code.': 'OTP code expired. Ask for a new code.',
  'Trop de tentatives avec ce code. Demandez un nouveau code.': 'Too many attempts with this code. Ask for a new code.',
  'Nouveau code OTP envoyé !': 'New OTP code sent!',
  'Un code OTP a été envoyé pour vérification': 'An OTP code has been sent for verification',
  'Un code de réinitialisation a été envoyé à votre adresse email': 'A reset code has been sent to your e-mail address',
  'Un code de réinitialisation a été envoyé par SMS à votre numéro de téléphone':
    'A reset code has been sent by SMS to your phone number',
  'E-mail ou numéro de téléphone requis': 'E-mail or phone number required',
  'Adresse e-mail ou numéro de téléphone invalide': 'Invalid e-mail address or phone number',
  'Donnez l’adresse e-mail ou le numéro de téléphone, pas les deux': 'Give the e-mail address or the phone number, not both',
  'Un email de confirmation vous a été envoyé.': 'A confirmation e-mail has been sent to you.',
  'Aucun contact trouvé. Veuillez vous réinscrire.': 'No contact found. Please sign up again.',
  'Inscription réussie ! Un code de vérification vous a été envoyé par SMS et par email.':
    'Signed up! A verification code has been sent to you by SMS and e-mail.',
  'Inscription réussie ! Un code de vérification vous a été envoyé par SMS.':
    'Signed up! A verification code has been sent to you by SMS.',
  'Inscription réussie ! Un code de vérification vous a été envoyé par email.':
    'Signed up! A verification code has been sent to you by e-mail.',
  'Session expirée ou invalide. Veuillez vous reconnecter.': 'Session expired or invalid. Please sign in again.',
  'Envoi trop rapide. Vérifiez vos informations et réessayez dans un instant.':
    'Sent too quickly. Check your details and try again in a moment.',
  'Code de parrainage invalide': 'Invalid referral code',
  'Au moins un pays pour les SMS': 'At least one country for SMS',
  'Code pays invalide (deux lettres, ex. CM)': 'Invalid country code (two letters, e.g. CM)',
  'Date de lancement invalide : une vraie date entre 2024 et 2100': 'Invalid launch date: a real date between 2024 and 2100',
  'Le texte envoyé contient des caractères de contrôle non autorisés':
    'The text sent contains control characters that are not allowed',
  'Une valeur envoyée ne peut pas être enregistrée': 'A value sent cannot be stored',
  'Trop de codes ont été envoyés à ce compte ou à ce contact. Réessayez dans une heure.':
    'Too many codes were sent to this account or contact. Try again in an hour.',
  'L’organisateur a modifié un événement publié : il est masqué du public jusqu’à une nouvelle publication.':
    'The organiser changed a published event: it is hidden from the public until it is published again.',
  'Nouveau lien de partage créé ; l’ancien ne fonctionne plus': 'New share link created; the old one no longer works',
  // Waiting list
  'Merci de votre intérêt ! Vous serez notifié dès que nous serons prêts.':
    'Thank you for your interest! You will be notified as soon as we are ready.',
  'Vous êtes déjà inscrit sur la liste d’attente. Merci de votre intérêt, nous vous préviendrons dès que nous serons prêts !':
    'You are already on the waiting list. Thank you for your interest, we will let you know as soon as we are ready!',
  'Entrée introuvable dans la liste d’attente': 'Entry not found in the waiting list',
  'Entrée supprimée de la liste d’attente': 'Entry removed from the waiting list',
  // Administrators
  'Administrateur ajouté avec succès !': 'Administrator added successfully!',
  'Administrateur approuvé': 'Administrator approved',
  'Droits mis à jour': 'Rights updated',
  'Débloquez ce compte avant de l’approuver': 'Unblock this account before approving it',
  'Le rôle doit être admin': 'The role must be admin',
  'Le rôle superadmin ne peut pas être attribué': 'The superadmin role cannot be granted',
  'Seul le rôle admin peut être attribué ici': 'Only the admin role can be granted here',
  'Un superadmin ne peut pas être révoqué': 'A superadmin cannot be revoked',
  'Un superadmin ne peut être ni modifié, ni bloqué, ni révoqué': 'A superadmin cannot be changed, blocked or revoked',
  'Vous ne pouvez pas bloquer ou débloquer votre propre compte': 'You cannot block or unblock your own account',
  'Vous ne pouvez pas modifier vos propres droits': 'You cannot change your own rights',
  'Vous ne pouvez pas révoquer votre propre compte': 'You cannot revoke your own account',
  'Type d’administrateur invalide': 'Invalid administrator type',
  'Action inconnue : block ou unblock': 'Unknown action: block or unblock',
  // Events
  'Événement créé': 'Event created',
  'Événement dupliqué : un nouveau brouillon': 'Event duplicated: a new draft',
  'Événement publié': 'Event published',
  'Événement annulé': 'Event cancelled',
  'Événement mis à jour': 'Event updated',
  'Événement supprimé': 'Event deleted',
  'Événement introuvable': 'Event not found',
  'Images ajoutées': 'Images added',
  'Image retirée': 'Image removed',
  'Image introuvable': 'Image not found',
  'Choisissez au moins une image': 'Choose at least one image',
  'Le titre est requis': 'The title is required',
  'La description est requise': 'The description is required',
  'La ville est requise': 'The city is required',
  'L’adresse est requise': 'The address is required',
  'La catégorie est requise': 'The category is required',
  'Choisissez une catégorie de la liste': 'Choose a category from the list',
  'La date de début est requise': 'The start date is required',
  'La date de fin est requise': 'The end date is required',
  'L’heure de début est requise': 'The start time is required',
  'L’heure de fin est requise': 'The end time is required',
  'La date et l’heure de début sont requises': 'The start date and time are required',
  'La date et l’heure de fin sont requises': 'The end date and time are required',
  'La date de fin doit être après la date de début': 'The end date must be after the start date',
  'Le nom du type de billet est requis': 'The ticket type name is required',
  'Le prix doit être un nombre entier de francs CFA, 0 ou plus': 'The price must be a whole number of CFA francs, 0 or more',
  'La quantité doit être d’au moins 1': 'The quantity must be at least 1',
  'Le nombre maximum de participants doit être d’au moins 1': 'The maximum number of participants must be at least 1',
  'Au moins un type de billet est requis': 'At least one ticket type is required',
  'Un seul type de billet est autorisé par événement': 'Only one ticket type is allowed per event',
  'Un tag fait 50 caractères au maximum': 'A tag is 50 characters at most',
  'Aucune modification demandée': 'No change requested',
  'Action inconnue : publish, cancel ou reopen': 'Unknown action: publish, cancel or reopen',
  'Seul un événement annulé peut être rouvert': 'Only a cancelled event can be reopened',
  'Un événement terminé ne peut plus être rouvert': 'An event that has ended can no longer be reopened',
  'Un événement annulé ne peut plus être modifié : rouvrez-le, il repasse en brouillon':
    'A cancelled event can no longer be changed: reopen it, it goes back to draft',
  'Événement rouvert : il repasse en brouillon': 'Event reopened: it is back to draft',
  'Seul un événement en brouillon peut être publié': 'Only a draft event can be published',
  'Seul un événement publié peut être annulé': 'Only a published event can be cancelled',
  'Filtre d’approbation inconnu': 'Unknown approval filter',
  'Le motif du refus est requis': 'The reason for the refusal is required',
  'Cet événement n’attend pas d’approbation': 'This event is not waiting for approval',
  'Événement approuvé et publié': 'Event approved and published',
  'Événement refusé : l’organisateur est prévenu': 'Event refused: the organiser has been told',
  'La publication de cet événement doit être approuvée par un administrateur':
    'Publishing this event must be approved by an administrator',
  'Les données de l’événement (champ « data ») sont requises': 'The event data (field “data”) is required',
  'Le champ « data » n’est pas un JSON valide': 'The field “data” is not valid JSON',
  'Trop d’images': 'Too many images',
  Brouillon: 'Draft',
  Publié: 'Published',
  Annulé: 'Cancelled',
  'Chaque image doit faire 10 Mo au maximum': 'Each image must be 10 MB at most',
  'Seules des images sont attendues (champ « images »)': 'Only images are expected (field “images”)',
  'Seule une image est attendue, dans le champ « logo »': 'Only one image is expected, in the field “logo”',
  'Page trop lointaine : affinez la recherche ou les filtres pour voir ces événements':
    'Page too far: narrow the search or the filters to see these events',
  'Page trop lointaine : affinez la recherche ou les filtres pour voir ces évènements.':
    'Page too far: narrow the search or the filters to see these events.',
  'Aucun évènement ne correspond à votre recherche.': 'No event matches your search.',
  'Aucun évènement à venir.': 'No upcoming event.',
  'Le service est très sollicité, réessayez dans quelques secondes.': 'The service is very busy, try again in a few seconds.',
  'Page trop lointaine : faites défiler les commentaires pour lire les plus anciens':
    'Page too far: scroll through the comments to read older ones',
  'Page trop lointaine : affinez la recherche ou les filtres': 'Page too far: narrow the search or the filters',
  'Curseur invalide : repartez de la première page': 'Invalid cursor: start again from the first page',
  // Taking part, comments, likes, reports
  'Participation enregistrée': 'You are taking part',
  'Vous participez déjà à cet événement': 'You are already taking part in this event',
  'Vous participez à cet événement': 'You are taking part in this event',
  'Vous ne participez pas à cet événement': 'You are not taking part in this event',
  'Participation retirée': 'You are no longer taking part',
  'Cet événement est privé : son lien de partage est nécessaire': 'This event is private: its share link is needed',
  'Cet événement n’est pas encore publié': 'This event is not published yet',
  'Cet événement a été annulé': 'This event has been cancelled',
  'Cet événement est complet': 'This event is full',
  'Cet événement n’accepte plus de participants': 'This event no longer accepts participants',
  'Commentaire ajouté': 'Comment added',
  'Commentaire introuvable': 'Comment not found',
  'Commentaire supprimé': 'Comment deleted',
  'Vous aimez cet événement': 'You like this event',
  'Vous n’aimez plus cet événement': 'You no longer like this event',
  'Vous n’aimez pas encore cet événement': 'You do not like this event yet',
  'Signalement envoyé': 'Report sent',
  'Signalement introuvable': 'Report not found',
  'Vous ne pouvez pas vous signaler vous-même': 'You cannot report yourself',
  'Ce compte est déjà bloqué': 'This account is already blocked',
  'Vous avez déjà signalé cet utilisateur ; votre signalement est en cours d’examen':
    'You have already reported this user; your report is being reviewed',
  'Vous avez déjà signalé ce commentaire ; votre signalement est en cours d’examen':
    'You have already reported this comment; your report is being reviewed',
  'Vous avez déjà signalé cet évènement ; votre signalement est en cours d’examen':
    'You have already reported this event; your report is being reviewed',
  'Vous ne pouvez pas signaler votre propre commentaire': 'You cannot report your own comment',
  'Vous ne pouvez pas signaler votre propre évènement': 'You cannot report your own event',
  'Cet évènement n’a plus d’organisateur : il ne peut pas être signalé':
    'This event no longer has an organiser: it cannot be reported',
  'Ce signalement ne porte pas sur un commentaire': 'This report is not about a comment',
  'Ce commentaire a déjà été supprimé': 'This comment has already been deleted',
  'Commentaire supprimé par la modération': 'Comment removed by moderation',
  'Action inconnue : dismiss, block ou remove-comment': 'Unknown action: dismiss, block or remove-comment',
  'Ce signalement a déjà été traité': 'This report has already been handled',
  'Signalement classé': 'Report closed',
  'Utilisateur bloqué': 'User blocked',
  // Event categories (EVENT_CATEGORY_LABELS)
  Concert: 'Concert',
  Festival: 'Festival',
  Conférence: 'Conference',
  Sport: 'Sport',
  'Art & Culture': 'Art & Culture',
  Gastronomie: 'Food',
  Business: 'Business',
  Formation: 'Training',
  Autre: 'Other',
  // Settings
  'Les paramètres ont été sauvegardés avec succès.': 'Settings saved successfully.',
  'Le nom du site est requis': 'The site name is required',
  'La durée de session est d’au moins 1 heure': 'The session length is at least 1 hour',
  'La durée de session est de 8760 heures (un an) au plus': 'The session length is 8,760 hours (one year) at most',
  'La longueur minimale du mot de passe est d’au moins 6': 'The minimum password length is at least 6',
  'La longueur minimale du mot de passe est de 64 au plus': 'The minimum password length is 64 at most',
  'La valeur doit être un nombre entier d’au moins 1': 'The value must be a whole number of at least 1',
  'Au moins 1 participant par évènement': 'At least 1 participant per event',
  'Au moins 1 tentative de connexion': 'At least 1 sign-in attempt',
  'Au moins 1 évènement par utilisateur': 'At least 1 event per user',
  // Partners and business pages
  'Action inconnue : activate ou deactivate': 'Unknown action: activate or deactivate',
  'Action inconnue : block, unblock, verify ou unverify': 'Unknown action: block, unblock, verify or unverify',
  'Aucun compte ne correspond à cet identifiant': 'No account matches this identifier',
  'Ce compte est bloqué : il ne peut pas être autorisé': 'This account is blocked: it cannot be authorised',
  'Ce compte est déjà autorisé pour ce partenaire': 'This account is already authorised for this partner',
  'Ce compte n’est pas un utilisateur autorisé de ce partenaire': 'This account is not an authorised user of this partner',
  'Ce partenaire est bloqué : il ne peut pas organiser d’événement': 'This partner is blocked: it cannot organise events',
  'Ce partenaire est déjà vérifié': 'This partner is already verified',
  'Ce partenaire n’a pas de logo': 'This partner has no logo',
  'Ce partenaire n’est pas vérifié': 'This partner is not verified',
  'Cet événement est déjà sur cette page': 'This event is already on this page',
  'Choisissez une image pour le logo': 'Choose an image for the logo',
  'Filtre de vérification inconnu': 'Unknown verification filter',
  'Informations modifiées': 'Details updated',
  'Le logo doit faire 10 Mo au maximum': 'The logo must be 10 MB at most',
  'Le nom de la page est requis': 'The page name is required',
  'Le site web doit être une URL valide (https://…)': 'The website must be a valid URL (https://…)',
  'Le type est requis': 'The type is required',
  'Logo mis à jour': 'Logo updated',
  'Logo retiré': 'Logo removed',
  'Page activée': 'Page activated',
  'Page créée': 'Page created',
  'Page introuvable': 'Page not found',
  'Page désactivée': 'Page deactivated',
  'Partenaire ajouté': 'Partner added',
  'Partenaire bloqué': 'Partner blocked',
  'Partenaire créé': 'Partner created',
  'Partenaire débloqué': 'Partner unblocked',
  'Partenaire introuvable': 'Partner not found',
  'Notification introuvable': 'Notification not found',
  'Vos préférences de notification sont enregistrées': 'Your notification preferences are saved',
  'Ce canal n’est pas proposé pour ce type de notification': 'This channel is not offered for this kind of notification',
  'Type de notification inconnu': 'Unknown kind of notification',
  'Canal inconnu': 'Unknown channel',
  'Aucune préférence envoyée': 'No preference sent',
  'Trop de préférences': 'Too many preferences',
  'Notification lue': 'Notification read',
  'Toutes les notifications sont lues': 'All notifications are read',
  'Notifications activées sur cet appareil': 'Notifications turned on for this device',
  'Notifications désactivées sur cet appareil': 'Notifications turned off for this device',
  'Abonnement introuvable': 'Subscription not found',
  'L’adresse d’abonnement doit commencer par https://': 'The subscription address must start with https://',
  'Adresse d’abonnement invalide': 'Invalid subscription address',
  'Clé de chiffrement invalide (p256dh : un point P-256 de 65 octets en base64url)':
    'Invalid encryption key (p256dh: a 65-byte P-256 point in base64url)',
  'Secret d’authentification invalide (auth : 16 octets en base64url)':
    'Invalid authentication secret (auth: 16 bytes in base64url)',
  'Les notifications push sont désactivées par l’équipe': 'Push notifications are turned off by the team',
  'Partenaire mis à jour': 'Partner updated',
  'Partenaire vérifié': 'Partner verified',
  'Saisissez l’e-mail, le téléphone ou le nom d’utilisateur du compte': 'Enter the account’s e-mail, phone or username',
  'Seul un partenaire actif peut être bloqué': 'Only an active partner can be blocked',
  'Seul un partenaire bloqué peut être débloqué': 'Only a blocked partner can be unblocked',
  'Seuls vos propres événements (ou ceux du partenaire de la page) peuvent y être ajoutés':
    'Only your own events (or those of the page’s partner) can be added to it',
  'Type inconnu': 'Unknown type',
  'Un partenaire utilise déjà cette adresse e-mail': 'A partner already uses this e-mail address',
  'Un seul logo à la fois': 'One logo at a time',
  'Utilisateur autorisé ajouté': 'Authorised user added',
  'Utilisateur autorisé retiré': 'Authorised user removed',
  'Vous ne pouvez gérer que vos propres pages': 'You can only manage your own pages',
  'Vous n’êtes pas un utilisateur autorisé de ce partenaire': 'You are not an authorised user of this partner',
  'Vérification retirée': 'Verification removed',
  'Événement ajouté à la page': 'Event added to the page',
  'Événement retiré de la page': 'Event removed from the page',
  Bloqué: 'Blocked',
  // Referrals and rewards
  'Règle introuvable': 'Rule not found',
  'Règle supprimée': 'Rule deleted',
  'Récompense introuvable': 'Reward not found',
  'Type de récompense invalide': 'Invalid reward type',
  'Type d’inscriptions invalide': 'Invalid sign-up type',
  'Le seuil doit être un nombre entier d’au moins 1': 'The threshold must be a whole number of at least 1',
  'Cette règle a déjà accordé des récompenses : désactivez-la plutôt que de la supprimer.':
    'This rule has already granted rewards: turn it off rather than delete it.',
  'Cette récompense a été révoquée : son statut ne peut plus changer.':
    'This reward was revoked: its status can no longer change.',
  'Cette récompense est déjà accordée.': 'This reward is already granted.',
  // Participants and organiser comments (issue 27 items 4 and 6)
  'Participant retiré : il a été prévenu': 'Participant removed: they have been told',
  'Cette personne ne participe pas à cet évènement': 'This person does not take part in this event',
  'L’organisateur vous a retiré de cet évènement : vous ne pouvez plus y participer':
    'The organiser removed you from this event: you can no longer take part',
  'Pour ne plus participer vous-même, utilisez « Me retirer » dans Mes participations':
    'To stop taking part yourself, use “Leave” in My participations',
  'Recherche trop longue (100 caractères au plus)': 'Search too long (100 characters at most)',
  'Numéro de page invalide': 'Invalid page number',
  // Door check-in and tickets (issue 27 item 4)
  'Billet manquant': 'Missing ticket',
  'Billet inconnu': 'Unknown ticket',
  'Nom d’entrée trop long (60 caractères au plus)': 'Entrance name too long (60 characters at most)',
  'Aucun scan à envoyer': 'No scan to send',
  '200 scans au plus par envoi': '200 scans at most per sending',
  'Indiquez le nom d’utilisateur, l’e-mail ou le téléphone': 'Enter the username, e-mail or phone',
  'Trop long (200 caractères au plus)': 'Too long (200 characters at most)',
  'Aucun compte ne correspond': 'No account matches',
  'Cette personne aide déjà à l’entrée de cet événement': 'This person already helps at this event’s door',
  'Vous êtes l’organisateur : vous scannez déjà les billets': 'You are the organiser: you already scan the tickets',
  'Cette personne n’aide pas à l’entrée de cet événement': 'This person does not help at this event’s door',
  'Aide à l’entrée retirée': 'Door helper removed',
  // Profile (issue 27 item 8)
  'Profil enregistré': 'Profile saved',
  'Aucune modification à enregistrer': 'Nothing to save',
  'Photo de profil enregistrée': 'Profile photo saved',
  'Photo de profil retirée': 'Profile photo removed',
  'Vous n’avez pas de photo de profil': 'You have no profile photo',
  'Choisissez une image pour votre photo': 'Choose an image for your photo',
  'La photo doit faire 10 Mo au maximum': 'The photo must be 10 MB at most',
  'Une seule photo à la fois': 'One photo at a time',
  'Seule une image est attendue, dans le champ « avatar »': 'Only an image is expected, in the field “avatar”',
  'La ville : 100 caractères au maximum': 'City: 100 characters at most',
  "Ce nom d'utilisateur est déjà utilisé": 'This username is already in use',
  // Contact change, data export, account deletion (issue 27 item 8)
  'Indiquez la nouvelle adresse e-mail ou le nouveau numéro': 'Enter the new e-mail address or the new number',
  'Changez l’adresse e-mail ou le numéro, pas les deux à la fois': 'Change the e-mail address or the number, not both at once',
  'C’est déjà votre adresse e-mail': 'This is already your e-mail address',
  'C’est déjà votre numéro de téléphone': 'This is already your phone number',
  'Un code de confirmation a été envoyé à la nouvelle adresse e-mail.': 'A confirmation code was sent to the new e-mail address.',
  'Un code de confirmation a été envoyé par SMS au nouveau numéro.': 'A confirmation code was sent by SMS to the new number.',
  'Adresse e-mail modifiée': 'E-mail address changed',
  'Numéro de téléphone modifié': 'Phone number changed',
  'Ce contact vient d’être pris par un autre compte. Choisissez-en un autre.':
    'This contact was just taken by another account. Choose another one.',
  'Vous avez déjà téléchargé vos données plusieurs fois récemment. Réessayez dans une heure.':
    'You have already downloaded your data several times recently. Try again in an hour.',
  'Tapez SUPPRIMER pour confirmer': 'Type SUPPRIMER to confirm',
  'Tapez exactement SUPPRIMER, en majuscules': 'Type SUPPRIMER exactly, in capital letters',
  'Saisissez votre mot de passe': 'Enter your password',
  'Mot de passe incorrect': 'Wrong password',
  'Un superadministrateur ne peut pas supprimer son compte : confiez d’abord ce rôle à un autre compte.':
    'A superadministrator cannot delete their account: first give this role to another account.',
  'Votre compte a été supprimé. Vos données personnelles ont été effacées.':
    'Your account was deleted. Your personal data was erased.',
  // Premium and payments: shared contract (issue 28, packages/shared/src/payments.ts)
  'Formule inconnue': 'Unknown plan',
  Mensuel: 'Monthly',
  Annuel: 'Yearly',
  'Opérateur inconnu : MTN Mobile Money ou Orange Money': 'Unknown operator: MTN Mobile Money or Orange Money',
  'Le paiement Mobile Money se fait avec un numéro mobile du Cameroun (+237 6…)':
    'Mobile Money payments need a Cameroonian mobile number (+237 6…)',
  'Paiement refusé sur votre téléphone. Aucun montant n’a été prélevé.': 'Payment declined on your phone. Nothing was charged.',
  'Solde insuffisant sur votre compte Mobile Money. Aucun montant n’a été prélevé.':
    'Insufficient balance on your Mobile Money account. Nothing was charged.',
  'Le paiement n’a pas été validé à temps. Aucun montant n’a été prélevé.':
    'The payment was not approved in time. Nothing was charged.',
  'Paiement annulé. Aucun montant n’a été prélevé.': 'Payment cancelled. Nothing was charged.',
  'L’opérateur n’a pas pu traiter le paiement. Aucun montant n’a été prélevé.':
    'The operator could not process the payment. Nothing was charged.',
  'En attente': 'Pending',
  'En vérification': 'Being checked',
  Réussi: 'Successful',
  Échoué: 'Failed',
  Remboursé: 'Refunded',
  'Clé de requête invalide': 'Invalid request key',
  'Motif requis': 'Reason required',
  'Motif requis (3 caractères au moins)': 'Reason required (at least 3 characters)',
  'Statistiques détaillées de vos évènements : jour par jour et par provenance':
    'Detailed statistics of your events: day by day and by source',
  'Pages d’évènement personnalisées : couleur, mise en page de la couverture et adresse courte':
    'Customised event pages: colour, cover layout and short address',
  'Près de moi : les évènements autour de vous, du plus proche au plus loin': 'Near me: the events around you, nearest first',
  'Cette fonction est réservée aux comptes Premium. Passez à Premium depuis votre espace.':
    'This feature is for Premium accounts. Go Premium from your space.',
  'Le prix mensuel est d’au moins 100 FCFA': 'The monthly price is at least 100 FCFA',
  'Le prix annuel est d’au moins 100 FCFA': 'The yearly price is at least 100 FCFA',
  // Payments: MTN MoMo adapter and emulator (helper mtn)
  // Payments: Orange Money adapter and emulator (helper orange)
  // Payments: service, routes, callbacks, jobs, receipts (helper pay)
  'Paiement créé': 'Payment created',
  'Demande de paiement envoyée à l’opérateur': 'Payment request sent to the operator',
  'Opérateur injoignable : statut inconnu, vérification automatique':
    'Operator unreachable: status unknown, checked automatically',
  'Demande refusée par l’opérateur': 'Request refused by the operator',
  'Paiement confirmé par l’opérateur': 'Payment confirmed by the operator',
  'Paiement non abouti chez l’opérateur': 'Payment not completed at the operator',
  'Délai de l’opérateur dépassé': 'The operator’s time limit passed',
  'Annulé par le payeur': 'Cancelled by the payer',
  'Demande close chez l’opérateur': 'Request closed at the operator',
  'Montant ou devise différents chez l’opérateur : paiement non compté':
    'Different amount or currency at the operator: payment not counted',
  'Statut vérifié par l’équipe': 'Status checked by the team',
  'Paiement introuvable': 'Payment not found',
  'Un paiement est déjà en cours : validez-le sur votre téléphone ou annulez-le avant d’en commencer un autre':
    'A payment is already under way: approve it on your phone or cancel it before starting another',
  'Rappel refusé': 'Callback refused',
  'Confirmez votre adresse e-mail ou votre numéro avant de payer': 'Confirm your e-mail address or number before paying',
  'Adresse de rappel invalide': 'Invalid callback address',
  // Premium page and payment screen (helper premium-web)
  // Transactions (helper transactions)
  'Transaction introuvable': 'Transaction not found',
  'Seul un paiement réussi peut être remboursé, et une seule fois': 'Only a successful payment can be refunded, and only once',
  'L’opérateur a refusé le remboursement. Rien n’a changé.': 'The operator refused the refund. Nothing changed.',
  'L’opérateur ne répond pas. Rien n’a changé ; réessayez dans quelques minutes.':
    'The operator does not answer. Nothing changed; try again in a few minutes.',
  'Remboursement effectué par l’opérateur': 'Refund made by the operator',
  'Remboursement enregistré': 'Refund recorded',
  'Statut vérifié auprès de l’opérateur': 'Status checked with the operator',
  'Demande envoyée à MTN Mobile Money': 'Request sent to MTN Mobile Money',
  'Demande envoyée à Orange Money': 'Request sent to Orange Money',
  // Revenue, plans settings, statistics (helper revenue)
  // Customisation of event pages (helper custom)
  Bleu: 'Blue',
  Indigo: 'Indigo',
  Violet: 'Violet',
  Framboise: 'Raspberry',
  Rouge: 'Red',
  'Terre cuite': 'Terracotta',
  'Vert forêt': 'Forest green',
  Ardoise: 'Slate',
  'Grande couverture': 'Large cover',
  Bandeau: 'Banner',
  'Couverture à côté du titre': 'Cover beside the title',
  'L’adresse courte fait au moins 3 caractères': 'The short address is at least 3 characters long',
  'L’adresse courte fait 40 caractères au maximum': 'The short address is at most 40 characters long',
  'L’adresse courte ne contient que des lettres minuscules sans accent, des chiffres et des tirets':
    'The short address holds only lower-case letters without accents, digits and hyphens',
  'L’adresse courte ne commence ni ne finit par un tiret, et n’a pas deux tirets de suite':
    'The short address neither starts nor ends with a hyphen, and has no two hyphens in a row',
  'Cette adresse courte est réservée au site : choisissez-en une autre':
    'This short address is reserved by the site: choose another one',
  'Cette adresse courte est déjà prise par un autre événement : choisissez-en une autre':
    'This short address is already taken by another event: choose another one',
  'Cette adresse courte est libre': 'This short address is free',
  'Choisissez une couleur de la palette': 'Choose a colour from the palette',
  'Choisissez une mise en page de la liste': 'Choose a layout from the list',
  // Près de moi (helper near)
  'Indiquez une position (latitude et longitude) ou une ville': 'Give a position (latitude and longitude) or a city',
  'La latitude est comprise entre -90 et 90': 'The latitude is between -90 and 90',
  'La longitude est comprise entre -180 et 180': 'The longitude is between -180 and 180',
  'Le rayon est compris entre 1 et 100 km': 'The radius is between 1 and 100 km',
  'Page trop lointaine : réduisez le rayon pour voir ces événements': 'Page too far: reduce the radius to see these events',
  // Organiser space, the rest of issue 27 (helper rest27)
  'Personne réautorisée : elle peut de nouveau s’inscrire': 'Person allowed back: they may join again',
  'Cette personne n’a pas été retirée de cet évènement': 'This person was not removed from this event',
  // Conversations and the real-time stream (issue 29, decision 063)
  'Le message ne peut pas être vide': 'The message cannot be empty',
  'Le message doit contenir au plus 2000 caractères': 'The message must be at most 2000 characters long',
  'Message envoyé': 'Message sent',
  'Conversation introuvable': 'Conversation not found',
  'Message introuvable dans cette conversation': 'Message not found in this conversation',
  'Seuls les participants de cet événement peuvent écrire à son organisateur':
    'Only the participants of this event may write to its organiser',
  'Cette personne ne participe pas à votre événement': 'This person does not take part in your event',
  'Vous êtes l’organisateur de cet événement': 'You are the organiser of this event',
  'Cet événement n’a pas d’organisateur à qui écrire': 'This event has no organiser to write to',
  'Vous ne pouvez pas écrire à cette personne': 'You cannot write to this person',
  'Conversation lue': 'Conversation read',
  'Cette personne est bloquée : elle ne peut plus vous écrire': 'This person is blocked: they can no longer write to you',
  'Cette personne est débloquée': 'This person is unblocked',
  'Vous ne pouvez pas vous bloquer vous-même': 'You cannot block yourself',
  'Conversation fermée': 'Conversation closed',
  'Conversation rouverte': 'Conversation reopened',
  'La conversation vous est attribuée': 'The conversation is assigned to you',
  'Le message contient des caractères qui inversent le sens du texte':
    'The message contains characters that reverse the text’s direction',
  'Ce flux se lit en server-sent events : envoyez l’en-tête Accept: text/event-stream':
    'This stream is read as server-sent events: send the header Accept: text/event-stream',
  // Announcements (decision 067)
  'L’annonce ne peut pas être vide': 'The announcement cannot be empty',
  'L’annonce doit contenir au plus 1000 caractères': 'The announcement must be at most 1000 characters long',
  'Destinataires inconnus : all, admitted ou not_admitted': 'Unknown recipients: all, admitted or not_admitted',
  'Date d’envoi invalide': 'Invalid sending date',
  'La date d’envoi doit être dans le futur': 'The sending date must be in the future',
  'La date d’envoi doit être dans les 30 prochains jours': 'The sending date must be within the next 30 days',
  'Annonce envoyée': 'Announcement sent',
  'Annonce programmée': 'Announcement scheduled',
  'Envoi annulé': 'Sending cancelled',
  'Annonce introuvable': 'Announcement not found',
  'Cette annonce est déjà envoyée': 'This announcement has already been sent',
  'Cet événement est annulé : vous ne pouvez plus écrire à ses participants':
    'This event is cancelled: you can no longer write to its participants',
  'Aucun participant ne correspond à ces destinataires': 'No participant matches these recipients',
  'Les liens seront possibles dans vos annonces quand votre premier événement aura eu lieu':
    'Links will be allowed in your announcements once your first event has taken place',
  'Signalement envoyé : l’équipe va examiner cette conversation': 'Report sent: the team will look into this conversation',
  'Signalement envoyé, et cette personne est bloquée : elle ne peut plus vous écrire':
    'Report sent, and this person is blocked: they can no longer write to you',
  'Vous avez déjà signalé cette conversation ; votre signalement est en cours d’examen':
    'You have already reported this conversation; your report is being reviewed',
  'Une conversation avec l’équipe ne se signale pas : écrivez-nous ce qui ne va pas':
    'A conversation with the team cannot be reported: write to us about what is wrong',
  'Indiquez oui ou non': 'Answer yes or no',
  // The outbox's dead letters (issue 29, decision 066)
  'Envoi introuvable': 'Message not found',
  'Ce message n’est plus en échec : il a déjà été renvoyé ou supprimé':
    'This message has not failed any more: it was already sent again or deleted',
  'Cet appareil n’est plus abonné aux notifications : ce message ne peut plus être envoyé':
    'This device is no longer subscribed to notifications: this message can no longer be sent',
  'Le message repart : il sera envoyé dans la minute': 'The message is queued again: it will go out within a minute',
  'Aucun message à renvoyer': 'No message to send again',
  'Message supprimé : il ne sera pas envoyé': 'Message deleted: it will not be sent',
  'Canal inconnu (email, sms ou push)': 'Unknown channel (email, sms or push)',
  // Photos in messages (issue 29, decision 065)
  'Choisissez une photo à envoyer': 'Choose a photo to send',
  'Une seule photo par message': 'One photo per message',
  'Seule une image est attendue, dans le champ « image »': 'Only an image is expected, in the field “image”',
  'Photo introuvable : choisissez-la de nouveau': 'Photo not found: choose it again',
  'Photo prête à envoyer': 'Photo ready to send',
  // 'Publicités' (issue 30, decision 068)
  Publicité: 'Ad',
  'Campagne créée : payez-la pour l’envoyer en validation': 'Campaign created: pay for it to send it for approval',
  'Campagne introuvable': 'Campaign not found',
  'Vous ne pouvez promouvoir que vos propres évènements, publiés et à venir':
    'You can only promote your own events, published and upcoming',
  'Choisissez au moins une ville, ou tout le Cameroun': 'Choose at least one city, or all of Cameroon',
  'La campagne ne peut pas commencer dans le passé': 'The campaign cannot start in the past',
  'La campagne doit commencer dans les 90 prochains jours': 'The campaign must start within the next 90 days',
  'Une campagne dure au plus 60 jours': 'A campaign lasts 60 days at most',
  'Date de début invalide': 'Invalid start date',
  'Date de fin invalide': 'Invalid end date',
  'Budget invalide': 'Invalid budget',
  'Emplacement inconnu': 'Unknown placement',
  'Ville inconnue': 'Unknown city',
  'Cette campagne n’est plus à payer': 'This campaign is no longer to be paid',
  'Validez le paiement sur votre téléphone': 'Approve the payment on your phone',
  'Cette campagne n’attend pas de validation': 'This campaign is not awaiting approval',
  'Seule une campagne validée peut être suspendue': 'Only an approved campaign can be suspended',
  'Seule une campagne suspendue peut reprendre': 'Only a suspended campaign can resume',
  'Indiquez le motif': 'Give the reason',
  'Campagne validée': 'Campaign approved',
  'Campagne refusée et remboursée': 'Campaign refused and refunded',
  'Campagne suspendue': 'Campaign suspended',
  'Campagne reprise': 'Campaign resumed',
  'Le remboursement n’a pas abouti : la campagne reste en attente. Réessayez plus tard.':
    'The refund did not go through: the campaign stays pending. Try again later.',
  'L’évènement n’est plus public (annulé, dépublié ou bloqué)':
    'The event is no longer public (cancelled, unpublished or blocked)',
};

/** Messages with a number or a name in them. */
const PATTERNS: [RegExp, string][] = [
  [/^Le budget est inférieur au prix de cette campagne : (.+)$/, 'The budget is below this campaign’s price: $1'],
  [/^(\d+) caractères au maximum$/, '$1 characters at most'],
  [/^Prénom : 60 caractères au maximum$/, 'First name: 60 characters at most'],
  [/^Nom : 60 caractères au maximum$/, 'Last name: 60 characters at most'],
  [/^(.+) : 60 caractères au maximum$/, '$1: 60 characters at most'],
  [/^([\d\s\u202f\u00a0]+) au maximum$/, '$1 at most'],
  [/^(\d+) tags au maximum$/, '$1 tags at most'],
  [/^(\d+) types de billets au maximum$/, '$1 ticket types at most'],
  [/^Le mot de passe doit contenir au moins (\d+) caractères$/, 'The password must contain at least $1 characters'],
  [/^Le mot de passe doit contenir au plus (\d+) caractères$/, 'The password must contain at most $1 characters'],
  [/^Trop de tentatives\. Réessayez dans (\d+) secondes\.$/, 'Too many attempts. Try again in $1 seconds.'],
  [/^Compte bloqué\. Réessayez après (.+)$/, 'Account blocked. Try again after $1'],
  [
    /^Le fichier « (.+) » n’est pas une image valide \(PNG, JPG, GIF ou WebP\)$/,
    'The file “$1” is not a valid image (PNG, JPG, GIF or WebP)',
  ],
  [/^L’image « (.+) » dépasse 10 Mo$/, 'The image “$1” is over 10 MB'],
  [/^Champ inconnu « (.+) » : l’événement va dans le champ « data »$/, 'Unknown field “$1”: the event goes in the field “data”'],
  [/^Le nombre maximum de participants ne peut pas dépasser (\d+)$/, 'The maximum number of participants cannot exceed $1'],
  [
    /^Le nombre maximum de participants ne peut pas être inférieur au nombre d’inscrits \((\d+)\)$/,
    'The maximum number of participants cannot be lower than the number of registrants ($1)',
  ],
  [/^Vous avez atteint la limite de (\d+) événements par utilisateur$/, 'You have reached the limit of $1 events per user'],
  [
    /^Vous avez atteint la limite de (\d+) annonces? par 24 heures\. Réessayez plus tard\.$/,
    'You have reached the limit of $1 announcements per 24 hours. Try again later.',
  ],
  [/^Déjà utilisés : (.+)$/, 'Already in use: $1'],
  [
    /^Nous n’envoyons les SMS qu’aux numéros de : (.+)\. Utilisez un de ces numéros ou une adresse e-mail\.$/,
    'We only send SMS to numbers of: $1. Use one of these numbers or an e-mail address.',
  ],
  [/^Utilisateur autorisé ajouté : (.+)$/, 'Authorised user added: $1'],
  [/^Utilisateur autorisé retiré : (.+)$/, 'Authorised user removed: $1'],
  [/^Événement créé : (.+)$/, 'Event created: $1'],
  [
    /^Cet administrateur détient des permissions que vous n’avez pas \((.+)\)$/,
    'This administrator holds permissions you do not have ($1)',
  ],
  [
    /^Vous ne pouvez accorder ou retirer que des permissions que vous détenez \((.+)\)$/,
    'You can only grant or remove permissions you hold ($1)',
  ],
  // Transactions (helper transactions): a refund's line of the timeline
  [/^Remboursement enregistré à la main — motif : (.+)$/s, 'Refund recorded by hand — reason: $1'],
  [/^Remboursé par (.+) \(réf\. (.+)\) — motif : (.+)$/s, 'Refunded by $1 (ref. $2) — reason: $3'],
  // The outbox's dead letters (decision 066): 'Tout renvoyer'
  [
    /^(\d+) message\(s\) renvoyé\(s\) : ils partiront dans les prochaines minutes$/,
    '$1 message(s) queued again: they will go out within minutes',
  ],
  // zod's built-in French messages (zod/locales fr)
  [/^Trop petit : .*?(\d+) caractères?$/, 'Too short: at least $1 characters'],
  [/^Trop grand : .*?(\d+) caractères?$/, 'Too long: at most $1 characters'],
  [/^Trop petit : .*$/, 'Too small'],
  [/^Trop grand : .*$/, 'Too large'],
  [/^Clés? non reconnues? : (.+)$/, 'Unrecognized key(s): $1'],
  [/^Clé invalide dans (.+)$/, 'Invalid key in $1'],
  [/^Valeur invalide dans (.+)$/, 'Invalid value in $1'],
  [/^Nombre invalide : doit être un multiple de (.+)$/, 'Invalid number: must be a multiple of $1'],
  [/^Chaîne de caractères invalide.*$/, 'Invalid string'],
  [/^Entrée invalide.*$/, 'Invalid input'],
  [/^Option invalide.*$/, 'Invalid option'],
  [/^(.+) invalide$/, 'Invalid value'],
];

/** The English form of a known French text; the text itself otherwise (French is the fallback). */
export function localize(text: string, language: MessageLanguage | string): string {
  if (language !== 'en' || !text) return text;
  const exact = EXACT[text];
  if (exact !== undefined) return exact;
  for (const [pattern, replacement] of PATTERNS) {
    if (pattern.test(text)) return text.replace(pattern, replacement);
  }
  return text;
}

/** Whether a French text has an English form (used by the tests to find gaps). */
export function hasEnglish(text: string): boolean {
  return localize(text, 'en') !== text || EXACT[text] === text;
}

/** 'en' when `Accept-Language` prefers English over French, 'fr' otherwise (the fallback). */
export function languageFromHeader(header: string | undefined | null): MessageLanguage {
  if (!header) return 'fr';
  let best: { language: MessageLanguage; q: number } = { language: 'fr', q: -1 };
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.find((param) => param.trim().startsWith('q='));
    const q = qParam ? Number(qParam.trim().slice(2)) : 1;
    const language = tag.startsWith('en') ? 'en' : tag.startsWith('fr') ? 'fr' : null;
    if (language && Number.isFinite(q) && q > best.q) best = { language, q };
  }
  return best.language;
}

/** `{ message, fieldErrors }` of an answer in the given language (other fields unchanged). */
export function localizeBody<T>(body: T, language: MessageLanguage): T {
  if (language === 'fr' || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  const hasMessage = typeof record.message === 'string';
  const fieldErrors = record.fieldErrors;
  const hasFieldErrors = !!fieldErrors && typeof fieldErrors === 'object';
  if (!hasMessage && !hasFieldErrors) return body;
  const copy: Record<string, unknown> = { ...record };
  if (hasMessage) copy.message = localize(record.message as string, language);
  if (hasFieldErrors) {
    copy.fieldErrors = Object.fromEntries(
      Object.entries(fieldErrors as Record<string, unknown>).map(([key, messages]) => [
        key,
        Array.isArray(messages)
          ? messages.map((message) => (typeof message === 'string' ? localize(message, language) : message))
          : messages,
      ]),
    );
  }
  return copy as T;
}
