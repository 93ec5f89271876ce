import type { MessageCatalogue } from './en.js';

/** The emails and the text message in German, formal ('Sie'). Keys and {placeholders} mirror en.ts. */
export const MESSAGES_DE: MessageCatalogue = {
  // Durations, in the emails and the text message
  ac_MessageOneMinute: '1 Minute',
  ac_MessageMinutes: '{count} Minuten',
  ac_MessageOneSecond: '1 Sekunde',
  ac_MessageSeconds: '{count} Sekunden',

  // The text message
  ac_SmsVerificationCode: 'Ihr Bestätigungscode für {company} lautet {code}. Er läuft in {duration} ab.',

  // Every email
  ac_MailFooter: 'Eine automatische Nachricht zu Ihrem Konto bei {company}.',
  ac_MailOpenAccount: 'Zu meinem Konto',
  ac_MailWasYou: 'Waren Sie das? Dann ist nichts zu tun.',
  ac_MailNotYou: 'Waren Sie das nicht? Öffnen Sie Ihr Konto, um es zu prüfen, und wenden Sie sich an {company}.',
  ac_MailCodeNeverShare: '{duration} gültig. Geben Sie ihn nicht weiter.',
  ac_MailViaEmailCode: 'einem per E-Mail gesendeten Code',
  ac_MailViaPasskey: 'einem Passkey',
  ac_MailViaNamedPasskey: 'einem Passkey ({name})',

  // Confirming an email address
  ac_MailVerifyEmailTitle: 'Bestätigen Sie Ihre E-Mail-Adresse',
  ac_MailVerifyEmailPreheader: 'Ihr Code ist {duration} gültig.',
  ac_MailVerifyEmailIntro:
    'Geben Sie diesen Code in Ihrem Konto bei {company} ein, um diese E-Mail-Adresse zu bestätigen:',
  ac_MailVerifyEmailValidity: 'Der Code ist {duration} gültig.',
  ac_MailVerifyEmailIgnore:
    'Sie haben das nicht angefordert? Dann können Sie diese E-Mail ignorieren: Es ändert sich nichts.',

  // Signing in with an emailed code
  ac_MailSignInCodeSubject: 'Ihr Anmeldecode für {company}',
  ac_MailSignInCodeHeading: 'Anmelden bei {company}',
  ac_MailSignInCodeIntro: 'Geben Sie diesen Code ein, um sich anzumelden:',
  ac_MailSignInCodeValidity:
    'Der Code ist {duration} gültig. Geben Sie ihn nicht weiter: {company} wird Sie nie danach fragen.',
  ac_MailSignInCodeIgnore:
    'Sie wollten sich nicht anmelden? Dann können Sie diese E-Mail ignorieren: Ihr Konto bleibt sicher.',

  // Deleting the account
  ac_MailDeletionCodeSubject: 'Bestätigen Sie die Löschung Ihres Kontos bei {company}',
  ac_MailDeletionCodeHeading: 'Bestätigen Sie die Löschung Ihres Kontos',
  ac_MailDeletionCodeIntro: 'Geben Sie diesen Code in Ihrem Konto bei {company} ein, um es zu löschen:',
  ac_MailDeletionCodeValidity:
    'Der Code ist {duration} gültig. Geben Sie ihn nicht weiter: Wer ihn hat, kann Ihr Konto löschen.',
  ac_MailDeletionCodeIgnore:
    'Sie haben das nicht angefordert? Dann ignorieren Sie diese E-Mail: Ihr Konto bleibt bestehen. Möglicherweise kann sich jemand anderes anmelden, wenden Sie sich daher an {company}.',
  ac_MailDeletionScheduledSubject: 'Ihr Konto bei {company} wird gelöscht',
  ac_MailDeletionScheduledPreheader: 'Am {time}, es sei denn, Sie melden sich vorher an.',
  ac_MailDeletionScheduledHeading: 'Ihr Konto wird gelöscht',
  ac_MailDeletionScheduledIntro:
    'Sie haben die Löschung Ihres Kontos bei {company} angefordert. Es wird am {time} gelöscht.',
  ac_MailDeletionScheduledUndo:
    'Haben Sie es sich anders überlegt? Melden Sie sich vorher an, dann bleibt Ihr Konto bestehen.',

  // Security notices
  ac_MailEmailChangeTitle: 'Ihre E-Mail-Adresse wird geändert',
  ac_MailEmailChangePreheader: 'Eine Änderung zu {email} wurde angefordert.',
  ac_MailEmailChangeIntro:
    'Jemand hat angefordert, die E-Mail-Adresse Ihres Kontos bei {company} in {email} zu ändern.',
  ac_MailEmailChangeWhen: 'Die Änderung wird wirksam, sobald der an die neue Adresse gesendete Code eingegeben ist.',
  ac_MailNewBrowserSubject: 'Neue Anmeldung in Ihrem Konto bei {company}',
  ac_MailNewBrowserPreheader: '{browser}, {time}',
  ac_MailNewBrowserHeading: 'Neue Anmeldung in Ihrem Konto',
  ac_MailNewBrowserIntro: 'Bei {company} hat sich ein Browser, den wir noch nicht kannten, in Ihrem Konto angemeldet.',
  ac_MailNewBrowserBrowser: 'Browser',
  ac_MailNewBrowserTime: 'Zeitpunkt',
  ac_MailNewBrowserMethod: 'Angemeldet mit',
  ac_MailNewBrowserSignOut:
    'Waren Sie das nicht? Melden Sie diesen Browser auf Ihrer Sitzungsseite ab und wenden Sie sich an {company}.',
  ac_MailCheckSessions: 'Meine Sitzungen prüfen',
  ac_MailPhoneVerifiedTitle: 'Ihre Telefonnummer ist bestätigt',
  ac_MailPhoneVerifiedPreheader: '{phone} ist jetzt bestätigt.',
  ac_MailPhoneVerifiedIntro: 'Die Telefonnummer {phone} ist jetzt in Ihrem Konto bei {company} bestätigt.',
  ac_MailPhoneChangedTitle: 'Ihre Telefonnummer wurde geändert',
  ac_MailPhoneChangedPreheader: 'Ihre Telefonnummer ist jetzt {phone}.',
  ac_MailPhoneChangedIntro: 'Die Telefonnummer Ihres Kontos bei {company} ist jetzt {phone}.',
  ac_MailPhoneRemovedPreheader: 'Ihre Telefonnummer wurde entfernt.',
  ac_MailPhoneRemovedIntro: 'Die Telefonnummer wurde aus Ihrem Konto bei {company} entfernt.',
  ac_MailMethodLinkedTitle: 'Eine Anmeldemethode wurde hinzugefügt',
  ac_MailMethodLinkedPreheader: 'Sie können sich jetzt mit {method} anmelden.',
  ac_MailMethodLinkedIntro: 'Sie können sich bei {company} jetzt mit {method} anmelden.',
  ac_MailMethodRemovedTitle: 'Eine Anmeldemethode wurde entfernt',
  ac_MailMethodRemovedPreheader: 'Die Anmeldung mit {method} ist nicht mehr möglich.',
  ac_MailMethodRemovedIntro: 'Mit {method} können Sie sich nicht mehr bei {company} anmelden.',
  ac_MailManageNotifications: 'Wählen Sie, worüber wir Sie informieren',
  ac_MailUnsubscribe: 'Diese E-Mails abbestellen',
  ac_MailOrderNumber: 'Bestellung',
  ac_MailOrderCarrier: 'Versanddienstleister',
  ac_MailCarrierSays: 'Meldung des Versanddienstleisters',
  ac_MailViewOrder: 'Meine Bestellung ansehen',
  ac_MailTrackParcel: 'Mein Paket verfolgen',
  ac_MailOrderConfirmedSubject: 'Ihre Bestellung {order} ist bestätigt',
  ac_MailOrderConfirmedIntro: 'Vielen Dank für Ihre Bestellung. Wir sagen Ihnen Bescheid, sobald sie unterwegs ist.',
  ac_MailOrderShippedSubject: 'Ihre Bestellung {order} ist unterwegs',
  ac_MailOrderShippedIntro: 'Ihr Paket wurde dem Versanddienstleister übergeben.',
  ac_MailOutForDeliverySubject: 'Ihre Bestellung {order} kommt heute',
  ac_MailOutForDeliveryIntro: 'Ihr Paket ist in der Zustellung.',
  ac_MailDeliveredSubject: 'Ihre Bestellung {order} wurde zugestellt',
  ac_MailDeliveredIntro: 'Ihr Paket wurde zugestellt. Viel Freude damit.',
  ac_MailDeliveryProblemSubject: 'Ein Problem bei der Zustellung von {order}',
  ac_MailDeliveryProblemIntro:
    'Ihr Paket konnte nicht wie geplant zugestellt werden. Öffnen Sie Ihre Bestellung, um zu sehen, was zu tun ist.',
  ac_MailReturnSubject: 'Ihre Rücksendung {number}: {status}',
  ac_MailReturnIntro: 'Es gibt Neuigkeiten zu Ihrer Rücksendung {number}: {status}.',
  ac_MailViewReturn: 'Meine Rücksendung ansehen',
  ac_MailReturnStatusRequested: 'Ihre Anfrage ist eingegangen',
  ac_MailReturnStatusApproved: 'genehmigt',
  ac_MailReturnStatusRejected: 'nicht angenommen',
  ac_MailReturnStatusLabel: 'Ihr Rücksendeetikett ist bereit',
  ac_MailReturnStatusReceived: 'eingegangen',
  ac_MailReturnStatusRefunded: 'erstattet',
  ac_MailReturnStatusCancelled: 'storniert',
  ac_MailReturnStatusUpdated: 'aktualisiert',
  ac_MailWishlistHeading: 'Neuigkeiten zu Ihrer Wunschliste',
  ac_MailWishlistSubject: '{count} Produkte auf Ihrer Wunschliste haben sich geändert',
  ac_MailWishlistIntro: 'Sie wollten erfahren, wenn sich diese Produkte ändern:',
  ac_MailBackInStockSubject: '{name} ist wieder vorrätig',
  ac_MailBackInStock: 'Wieder vorrätig',
  ac_MailPriceDropSubject: '{name} ist jetzt günstiger',
  ac_MailPriceDrop: 'Jetzt {new} (vorher {old})',
  ac_MailViewWishlist: 'Meine Wunschliste ansehen',
  ac_SmsNotice: '{company}: {subject}. {url}',
  ac_SmsStop: 'Keine SMS mehr hierzu: {url}',
  ac_UnsubscribeTitle: 'Diese Nachrichten abbestellen?',
  ac_UnsubscribeAsk: 'Sie erhalten dann keine {what} mehr per {channel} von {company}.',
  ac_UnsubscribeButton: 'Abbestellen',
  ac_UnsubscribeDoneTitle: 'Erledigt',
  ac_UnsubscribeDone: 'Sie erhalten keine {what} mehr per {channel}.',
  ac_UnsubscribeInvalid:
    'Dieser Link ist nicht gültig. In Ihrem Konto wählen Sie, welche Nachrichten wir Ihnen senden.',
  ac_UnsubscribeSettings: 'Meine Benachrichtigungseinstellungen',
  ac_NoticeOrderConfirmed: 'Bestellbestätigungen',
  ac_NoticeOrderShipped: 'Nachrichten über den Versand Ihrer Bestellung',
  ac_NoticeOutForDelivery: 'Nachrichten über die Zustellung Ihres Pakets',
  ac_NoticeDelivered: 'Zustellbestätigungen',
  ac_NoticeDeliveryProblem: 'Nachrichten über Zustellprobleme',
  ac_NoticeReturnUpdate: 'Nachrichten zu Ihren Rücksendungen',
  ac_NoticeBackInStock: 'Hinweise, wenn etwas wieder vorrätig ist',
  ac_NoticePriceDrop: 'Hinweise auf Preissenkungen',
  ac_NoticeByEmail: 'E-Mail',
  ac_NoticeBySms: 'SMS',
};
