import type { MessageCatalogue } from './en.js';

/** The emails and the text message in Dutch, informal ('je'). Keys and {placeholders} mirror en.ts. */
export const MESSAGES_NL: MessageCatalogue = {
  // Durations, in the emails and the text message
  ac_MessageOneMinute: '1 minuut',
  ac_MessageMinutes: '{count} minuten',
  ac_MessageOneSecond: '1 seconde',
  ac_MessageSeconds: '{count} seconden',

  // The text message
  ac_SmsVerificationCode: 'Je verificatiecode voor {company} is {code}. De code verloopt over {duration}.',

  // Every email
  ac_MailFooter: 'Een automatisch bericht over je account bij {company}.',
  ac_MailOpenAccount: 'Naar mijn account',
  ac_MailWasYou: 'Was jij dit? Dan hoef je niets te doen.',
  ac_MailNotYou: 'Was jij dit niet? Open je account om het te controleren en neem contact op met {company}.',
  ac_MailCodeNeverShare: '{duration} geldig. Deel hem met niemand.',
  ac_MailViaEmailCode: 'een code per e-mail',
  ac_MailViaPasskey: 'een passkey',
  ac_MailViaNamedPasskey: 'een passkey ({name})',

  // Confirming an email address
  ac_MailVerifyEmailTitle: 'Bevestig je e-mailadres',
  ac_MailVerifyEmailPreheader: 'Je code is {duration} geldig.',
  ac_MailVerifyEmailIntro: 'Vul deze code in bij je account van {company} om dit e-mailadres te bevestigen:',
  ac_MailVerifyEmailValidity: 'De code is {duration} geldig.',
  ac_MailVerifyEmailIgnore: 'Heb je hier niet om gevraagd? Dan kun je deze e-mail negeren: er verandert niets.',

  // Signing in with an emailed code
  ac_MailSignInCodeSubject: 'Je inlogcode voor {company}',
  ac_MailSignInCodeHeading: 'Inloggen bij {company}',
  ac_MailSignInCodeIntro: 'Vul deze code in om in te loggen:',
  ac_MailSignInCodeValidity: 'De code is {duration} geldig. Deel hem met niemand: {company} zal er nooit om vragen.',
  ac_MailSignInCodeIgnore: 'Probeerde je niet in te loggen? Dan kun je deze e-mail negeren: je account blijft veilig.',

  // Deleting the account
  ac_MailDeletionCodeSubject: 'Bevestig het verwijderen van je account bij {company}',
  ac_MailDeletionCodeHeading: 'Bevestig het verwijderen van je account',
  ac_MailDeletionCodeIntro: 'Vul deze code in bij je account van {company} om het te verwijderen:',
  ac_MailDeletionCodeValidity:
    'De code is {duration} geldig. Deel hem met niemand: wie hem heeft, kan je account verwijderen.',
  ac_MailDeletionCodeIgnore:
    'Heb je hier niet om gevraagd? Negeer dan deze e-mail: je account blijft bestaan. Misschien kan iemand anders inloggen, dus neem contact op met {company}.',
  ac_MailDeletionScheduledSubject: 'Je account bij {company} wordt verwijderd',
  ac_MailDeletionScheduledPreheader: 'Op {time}, tenzij je eerder inlogt.',
  ac_MailDeletionScheduledHeading: 'Je account wordt verwijderd',
  ac_MailDeletionScheduledIntro: 'Je hebt gevraagd je account bij {company} te verwijderen. Dat gebeurt op {time}.',
  ac_MailDeletionScheduledUndo: 'Bedacht? Log voor die tijd in en je account blijft zoals het is.',

  // Security notices
  ac_MailEmailChangeTitle: 'Je e-mailadres wordt gewijzigd',
  ac_MailEmailChangePreheader: 'Er is gevraagd om een wijziging naar {email}.',
  ac_MailEmailChangeIntro: 'Iemand heeft gevraagd het e-mailadres van je account bij {company} te wijzigen in {email}.',
  ac_MailEmailChangeWhen: 'De wijziging gaat in zodra de code die naar het nieuwe adres is gestuurd, is ingevuld.',
  ac_MailNewBrowserSubject: 'Nieuwe inlog op je account bij {company}',
  ac_MailNewBrowserPreheader: '{browser}, {time}',
  ac_MailNewBrowserHeading: 'Nieuwe inlog op je account',
  ac_MailNewBrowserIntro: 'Er is ingelogd op je account bij {company} vanuit een browser die we nog niet kenden.',
  ac_MailNewBrowserBrowser: 'Browser',
  ac_MailNewBrowserTime: 'Tijdstip',
  ac_MailNewBrowserMethod: 'Ingelogd met',
  ac_MailNewBrowserSignOut:
    'Was jij dit niet? Log die browser uit op je sessiepagina en neem contact op met {company}.',
  ac_MailCheckSessions: 'Mijn sessies bekijken',
  ac_MailPhoneVerifiedTitle: 'Je telefoonnummer is bevestigd',
  ac_MailPhoneVerifiedPreheader: '{phone} is nu bevestigd.',
  ac_MailPhoneVerifiedIntro: 'Het telefoonnummer {phone} is nu bevestigd op je account bij {company}.',
  ac_MailPhoneChangedTitle: 'Je telefoonnummer is gewijzigd',
  ac_MailPhoneChangedPreheader: 'Je telefoonnummer is nu {phone}.',
  ac_MailPhoneChangedIntro: 'Het telefoonnummer van je account bij {company} is nu {phone}.',
  ac_MailPhoneRemovedPreheader: 'Je telefoonnummer is verwijderd.',
  ac_MailPhoneRemovedIntro: 'Het telefoonnummer is verwijderd van je account bij {company}.',
  ac_MailMethodLinkedTitle: 'Er is een inlogmethode toegevoegd',
  ac_MailMethodLinkedPreheader: 'Je kunt nu inloggen met {method}.',
  ac_MailMethodLinkedIntro: 'Je kunt nu met {method} inloggen op je account bij {company}.',
  ac_MailMethodRemovedTitle: 'Er is een inlogmethode verwijderd',
  ac_MailMethodRemovedPreheader: 'Inloggen met {method} kan niet meer.',
  ac_MailMethodRemovedIntro: 'Met {method} kun je niet meer inloggen op je account bij {company}.',
};
