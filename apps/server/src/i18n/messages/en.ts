/**
 * The emails and the text message the server sends, in English: the server's part of the
 * catalogue, whose keys the Dutch and German parts must all have (MessageCatalogue). They live
 * apart from the UI catalogue because the browser never shows them: every page embeds the UI
 * texts, and these would only make it heavier. A shop overrides them key by key as any other text.
 *
 * Placeholders as in the UI catalogue: {company} is the shop's name, {duration} how long a code
 * lives (ac_MessageMinutes…), {time} a date and time, {method} a sign-in method (ac_MailVia…).
 */
export const MESSAGES_EN = {
  // Durations, in the emails and the text message
  ac_MessageOneMinute: '1 minute',
  ac_MessageMinutes: '{count} minutes',
  ac_MessageOneSecond: '1 second',
  ac_MessageSeconds: '{count} seconds',

  // The text message
  ac_SmsVerificationCode: 'Your {company} verification code is {code}. It expires in {duration}.',

  // Every email
  ac_MailFooter: 'An automatic message about your account at {company}.',
  ac_MailOpenAccount: 'Open my account',
  ac_MailWasYou: 'Was this you? Then there is nothing to do.',
  ac_MailNotYou: "Wasn't this you? Open your account to check it, and contact {company}.",
  ac_MailCodeNeverShare: 'Valid for {duration}. Never share it.',
  // A sign-in method as it follows 'with'; providers go by their own names, the shop's single sign-on by {company}
  ac_MailViaEmailCode: 'a code sent by email',
  ac_MailViaPasskey: 'a passkey',
  ac_MailViaNamedPasskey: 'a passkey ({name})',

  // Confirming an email address
  ac_MailVerifyEmailTitle: 'Confirm your email address',
  ac_MailVerifyEmailPreheader: 'Your code is valid for {duration}.',
  ac_MailVerifyEmailIntro: 'Enter this code in your {company} account to confirm this email address:',
  ac_MailVerifyEmailValidity: 'The code is valid for {duration}.',
  ac_MailVerifyEmailIgnore: "Didn't ask for this? Then you can ignore this email: nothing changes.",

  // Signing in with an emailed code
  ac_MailSignInCodeSubject: 'Your sign-in code for {company}',
  ac_MailSignInCodeHeading: 'Sign in to {company}',
  ac_MailSignInCodeIntro: 'Enter this code to sign in:',
  ac_MailSignInCodeValidity: 'The code is valid for {duration}. Never share it: {company} will never ask you for it.',
  ac_MailSignInCodeIgnore: "Didn't try to sign in? Then you can ignore this email: your account stays safe.",

  // Deleting the account
  ac_MailDeletionCodeSubject: 'Confirm deleting your {company} account',
  ac_MailDeletionCodeHeading: 'Confirm deleting your account',
  ac_MailDeletionCodeIntro: 'Enter this code in your {company} account to delete it:',
  ac_MailDeletionCodeValidity:
    'The code is valid for {duration}. Never share it: whoever has it can delete your account.',
  ac_MailDeletionCodeIgnore:
    "Didn't ask for this? Then ignore this email: your account stays. Someone may have your sign-in, so contact {company}.",
  ac_MailDeletionScheduledSubject: 'Your {company} account will be deleted',
  ac_MailDeletionScheduledPreheader: 'On {time}, unless you sign in before.',
  ac_MailDeletionScheduledHeading: 'Your account will be deleted',
  ac_MailDeletionScheduledIntro: 'You asked to delete your {company} account. It will be deleted on {time}.',
  ac_MailDeletionScheduledUndo: 'Changed your mind? Sign in before then and your account stays as it is.',

  // Security notices
  ac_MailEmailChangeTitle: 'Your email address is being changed',
  ac_MailEmailChangePreheader: 'A change to {email} was requested.',
  ac_MailEmailChangeIntro: 'Someone asked to change the email address of your {company} account to {email}.',
  ac_MailEmailChangeWhen: 'The change takes effect once the code sent to the new address is entered.',
  ac_MailNewBrowserSubject: 'New sign-in to your {company} account',
  ac_MailNewBrowserPreheader: '{browser}, {time}',
  ac_MailNewBrowserHeading: 'New sign-in to your account',
  ac_MailNewBrowserIntro: 'Your {company} account was signed in to from a browser not seen before.',
  ac_MailNewBrowserBrowser: 'Browser',
  ac_MailNewBrowserTime: 'Time',
  ac_MailNewBrowserMethod: 'Signed in with',
  ac_MailNewBrowserSignOut: "Wasn't this you? Sign that browser out on your sessions page, and contact {company}.",
  ac_MailCheckSessions: 'Check my sessions',
  ac_MailPhoneVerifiedTitle: 'Your phone number is confirmed',
  ac_MailPhoneVerifiedPreheader: '{phone} is now confirmed.',
  ac_MailPhoneVerifiedIntro: 'The phone number {phone} is now confirmed on your {company} account.',
  ac_MailPhoneChangedTitle: 'Your phone number was changed',
  ac_MailPhoneChangedPreheader: 'Your phone number is now {phone}.',
  ac_MailPhoneChangedIntro: 'The phone number of your {company} account is now {phone}.',
  ac_MailPhoneRemovedPreheader: 'Your phone number was removed.',
  ac_MailPhoneRemovedIntro: 'The phone number was removed from your {company} account.',
  ac_MailMethodLinkedTitle: 'A sign-in method was added',
  ac_MailMethodLinkedPreheader: 'You can now sign in with {method}.',
  ac_MailMethodLinkedIntro: 'You can now sign in to your {company} account with {method}.',
  ac_MailMethodRemovedTitle: 'A sign-in method was removed',
  ac_MailMethodRemovedPreheader: 'You can no longer sign in with {method}.',
  ac_MailMethodRemovedIntro: 'You can no longer sign in to your {company} account with {method}.',
  // Issue 47: messages the shopper can turn off; every one links to the settings and its unsubscribe
  ac_MailManageNotifications: 'Choose what we tell you about',
  ac_MailUnsubscribe: 'Stop these emails',
  ac_MailOrderNumber: 'Order',
  ac_MailOrderCarrier: 'Carrier',
  ac_MailCarrierSays: 'The carrier says',
  ac_MailViewOrder: 'View my order',
  ac_MailTrackParcel: 'Track my parcel',
  ac_MailOrderConfirmedSubject: 'Your order {order} is confirmed',
  ac_MailOrderConfirmedIntro: 'Thank you for your order. We will tell you when it is on its way.',
  ac_MailOrderShippedSubject: 'Your order {order} is on its way',
  ac_MailOrderShippedIntro: 'Your parcel has been handed to the carrier.',
  ac_MailOutForDeliverySubject: 'Your order {order} arrives today',
  ac_MailOutForDeliveryIntro: 'Your parcel is out for delivery.',
  ac_MailDeliveredSubject: 'Your order {order} has been delivered',
  ac_MailDeliveredIntro: 'Your parcel has been delivered. We hope you enjoy it.',
  ac_MailDeliveryProblemSubject: 'A problem with the delivery of {order}',
  ac_MailDeliveryProblemIntro:
    'The carrier could not deliver your parcel as planned. Open your order to see what to do.',
  ac_MailReturnSubject: 'Your return {number}: {status}',
  ac_MailReturnIntro: 'There is news about your return {number}: {status}.',
  ac_MailViewReturn: 'View my return',
  ac_MailReturnStatusRequested: 'we have your request',
  ac_MailReturnStatusApproved: 'approved',
  ac_MailReturnStatusRejected: 'not accepted',
  ac_MailReturnStatusLabel: 'your return label is ready',
  ac_MailReturnStatusReceived: 'received',
  ac_MailReturnStatusRefunded: 'refunded',
  ac_MailReturnStatusCancelled: 'cancelled',
  ac_MailReturnStatusUpdated: 'updated',
  ac_MailWishlistHeading: 'News about your wishlist',
  ac_MailWishlistSubject: '{count} products on your wishlist have changed',
  ac_MailWishlistIntro: 'You asked us to tell you when these products change:',
  ac_MailBackInStockSubject: '{name} is back in stock',
  ac_MailBackInStock: 'Back in stock',
  ac_MailPriceDropSubject: '{name} is cheaper now',
  ac_MailPriceDrop: 'Now {new} (was {old})',
  ac_MailViewWishlist: 'View my wishlist',
  // A text message that can be turned off
  ac_SmsNotice: '{company}: {subject}. {url}',
  ac_SmsStop: 'Stop these texts: {url}',
  // The unsubscribe page (issue 47)
  ac_UnsubscribeTitle: 'Stop these messages?',
  ac_UnsubscribeAsk: 'You will no longer get {what} by {channel} from {company}.',
  ac_UnsubscribeButton: 'Stop them',
  ac_UnsubscribeDoneTitle: 'Done',
  ac_UnsubscribeDone: 'You will no longer get {what} by {channel}.',
  ac_UnsubscribeInvalid: 'This link is not valid. You can choose what we send you in your account.',
  ac_UnsubscribeSettings: 'My notification settings',
  ac_NoticeOrderConfirmed: 'order confirmations',
  ac_NoticeOrderShipped: 'messages that your order has shipped',
  ac_NoticeOutForDelivery: 'messages that your parcel is out for delivery',
  ac_NoticeDelivered: 'delivery confirmations',
  ac_NoticeDeliveryProblem: 'messages about delivery problems',
  ac_NoticeReturnUpdate: 'return updates',
  ac_NoticeBackInStock: 'back-in-stock alerts',
  ac_NoticePriceDrop: 'price-drop alerts',
  ac_NoticeByEmail: 'email',
  ac_NoticeBySms: 'text message',
} as const;

export type MessageKey = keyof typeof MESSAGES_EN;
export type MessageCatalogue = Record<MessageKey, string>;
