/**
 * Every email the server sends, worded in English, Dutch and German (the UI's languages) and laid
 * out as multipart text + HTML in the shop's name, logo and colour. The HTML is the kind mail
 * clients agree on: nested tables, inline styles, a hidden preheader, no CSS they strip (no
 * <style>, no flexbox, no web fonts). Every value put into it is escaped.
 */
import { themeColours } from '@account/contract';
import type { MailMessage, RenderedMail } from './mail-transport.js';

export interface Branding {
  companyName: string;
  /** The logo as an absolute http(s) URL; null for none (the name is shown instead). */
  logoUrl: string | null;
  /** The shop's primary colour as #rrggbb. */
  primaryColour: string;
  /** The account area's address, for 'open my account' links. */
  accountUrl: string;
}

export const MAIL_LANGUAGES = ['en', 'nl', 'de'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** The mail language for a shopper's preference ('nl-NL', 'de', 'fr-BE'): its language when offered, else English. */
export function mailLanguage(preference: string | null | undefined): MailLanguage {
  const language = (preference ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return MAIL_LANGUAGES.find((offered) => offered === language) ?? 'en';
}

/** The shop's settings as an email needs them; a relative logo path is made absolute against the public URL. */
export function brandingFrom(
  settings: { companyName: string; logo: string | null; style: string },
  publicUrl: string,
): Branding {
  let logoUrl: string | null = null;
  if (settings.logo) {
    try {
      const url = new URL(settings.logo, `${publicUrl}/`);
      logoUrl = /^https?:$/.test(url.protocol) ? url.href : null;
    } catch {
      // An unusable logo setting: the name stands in.
    }
  }
  return {
    companyName: settings.companyName,
    logoUrl,
    primaryColour: themeColours(settings.style).primary,
    accountUrl: `${publicUrl}/account`,
  };
}

/** What one email says, before layout. */
interface Content {
  subject: string;
  preheader: string;
  heading: string;
  intro: string[];
  code?: string;
  details?: [label: string, value: string][];
  outro: string[];
  button?: { label: string; url: string };
}

interface Words {
  minutes(n: number): string;
  /**
   * A sign-in method as it follows 'with' ('met', 'mit'): a provider's brand, the shop's name for
   * its own sign-on, or the emailed code or a passkey (named, when `detail` gives its name).
   */
  via(method: string, shop: string, detail: string | null): string;
  formatTime(iso: string): string;
  footer(shop: string): string;
  openAccount: string;
  compose(message: MailMessage, shop: string, branding: Branding): Content;
}

const timeIn = (locale: string) => (iso: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);
};

/** The providers' own names, the same in every language. */
const BRANDS: Record<string, string> = {
  google: 'Google',
  apple: 'Apple',
  facebook: 'Facebook',
  steam: 'Steam',
  telegram: 'Telegram',
};

/** A method's name after 'with', from the language's words for the emailed code and a passkey. */
const methodWith =
  (emailedCode: string, passkey: string) =>
  (method: string, shop: string, detail: string | null): string => {
    if (method === 'email') return emailedCode;
    if (method === 'passkey') return detail ? `${passkey} (${detail})` : passkey;
    // The company single sign-on and the auth0-style login carry the shop's name (spec §1).
    if (method === 'sso' || method === 'auth0') return shop;
    return BRANDS[method] ?? method;
  };

const en: Words = {
  minutes: (n) => (n === 1 ? '1 minute' : `${n} minutes`),
  via: methodWith('a code sent by email', 'a passkey'),
  formatTime: timeIn('en-GB'),
  footer: (shop) => `An automatic message about your account at ${shop}.`,
  openAccount: 'Open my account',
  compose(message, shop, branding) {
    const notYou = `Wasn't this you? Open your account to check it, and contact ${shop}.`;
    switch (message.kind) {
      case 'email-verification-code': {
        const ttl = en.minutes(Math.round(message.ttlSeconds / 60));
        return {
          subject: 'Confirm your email address',
          preheader: `Your code is valid for ${ttl}.`,
          heading: 'Confirm your email address',
          intro: [`Enter this code in your ${shop} account to confirm this email address:`],
          code: message.code,
          outro: [
            `The code is valid for ${ttl}.`,
            "Didn't ask for this? Then you can ignore this email: nothing changes.",
          ],
        };
      }
      case 'sign-in-code': {
        const ttl = en.minutes(Math.round(message.ttlSeconds / 60));
        return {
          subject: `Your sign-in code for ${shop}`,
          preheader: `Valid for ${ttl}. Never share it.`,
          heading: `Sign in to ${shop}`,
          intro: ['Enter this code to sign in:'],
          code: message.code,
          outro: [
            `The code is valid for ${ttl}. Never share it: ${shop} will never ask you for it.`,
            "Didn't try to sign in? Then you can ignore this email: your account stays safe.",
          ],
        };
      }
      case 'account-deletion-code': {
        const ttl = en.minutes(Math.round(message.ttlSeconds / 60));
        return {
          subject: `Confirm deleting your ${shop} account`,
          preheader: `Valid for ${ttl}. Never share it.`,
          heading: 'Confirm deleting your account',
          intro: [`Enter this code in your ${shop} account to delete it:`],
          code: message.code,
          outro: [
            `The code is valid for ${ttl}. Never share it: whoever has it can delete your account.`,
            `Didn't ask for this? Then ignore this email: your account stays. Someone may have your sign-in, so contact ${shop}.`,
          ],
        };
      }
      case 'account-deletion-scheduled':
        return {
          subject: `Your ${shop} account will be deleted`,
          preheader: `On ${en.formatTime(message.dueAt)}, unless you sign in before.`,
          heading: 'Your account will be deleted',
          intro: [
            `You asked to delete your ${shop} account. It will be deleted on ${en.formatTime(message.dueAt)}.`,
            'Changed your mind? Sign in before then and your account stays as it is.',
          ],
          outro: [notYou],
          button: { label: en.openAccount, url: branding.accountUrl },
        };
      case 'email-change-requested':
        return {
          subject: 'Your email address is being changed',
          preheader: `A change to ${message.newEmail} was requested.`,
          heading: 'Your email address is being changed',
          intro: [
            `Someone asked to change the email address of your ${shop} account to ${message.newEmail}.`,
            'The change takes effect once the code sent to the new address is entered.',
          ],
          outro: ['Was this you? Then there is nothing to do.', notYou],
          button: { label: en.openAccount, url: branding.accountUrl },
        };
      case 'new-browser-sign-in':
        return {
          subject: `New sign-in to your ${shop} account`,
          preheader: `${message.browser}, ${en.formatTime(message.at)}`,
          heading: 'New sign-in to your account',
          intro: [`Your ${shop} account was signed in to from a browser not seen before.`],
          details: [
            ['Browser', message.browser],
            ['Time', en.formatTime(message.at)],
            ['Signed in with', en.via(message.method, shop, null)],
          ],
          outro: [
            'Was this you? Then there is nothing to do.',
            message.sessionsUrl
              ? `Wasn't this you? Sign that browser out on your sessions page, and contact ${shop}.`
              : notYou,
          ],
          button: message.sessionsUrl
            ? { label: 'Check my sessions', url: message.sessionsUrl }
            : { label: en.openAccount, url: branding.accountUrl },
        };
      case 'phone-verified':
        return {
          subject: 'Your phone number is confirmed',
          preheader: `${message.telephone} is now confirmed.`,
          heading: 'Your phone number is confirmed',
          intro: [`The phone number ${message.telephone} is now confirmed on your ${shop} account.`],
          outro: [notYou],
          button: { label: en.openAccount, url: branding.accountUrl },
        };
      case 'phone-changed':
        return {
          subject: 'Your phone number was changed',
          preheader: message.telephone
            ? `Your phone number is now ${message.telephone}.`
            : 'Your phone number was removed.',
          heading: 'Your phone number was changed',
          intro: [
            message.telephone
              ? `The phone number of your ${shop} account is now ${message.telephone}.`
              : `The phone number was removed from your ${shop} account.`,
          ],
          outro: [notYou],
          button: { label: en.openAccount, url: branding.accountUrl },
        };
      case 'sign-in-method-linked':
        return {
          subject: 'A sign-in method was added',
          preheader: `You can now sign in with ${en.via(message.method, shop, message.detail)}.`,
          heading: 'A sign-in method was added',
          intro: [`You can now sign in to your ${shop} account with ${en.via(message.method, shop, message.detail)}.`],
          outro: [notYou],
          button: { label: en.openAccount, url: branding.accountUrl },
        };
      case 'sign-in-method-removed':
        return {
          subject: 'A sign-in method was removed',
          preheader: `You can no longer sign in with ${en.via(message.method, shop, message.detail)}.`,
          heading: 'A sign-in method was removed',
          intro: [
            `You can no longer sign in to your ${shop} account with ${en.via(message.method, shop, message.detail)}.`,
          ],
          outro: [notYou],
          button: { label: en.openAccount, url: branding.accountUrl },
        };
    }
  },
};

const nl: Words = {
  via: methodWith('een code per e-mail', 'een passkey'),
  minutes: (n) => (n === 1 ? '1 minuut' : `${n} minuten`),
  formatTime: timeIn('nl-NL'),
  footer: (shop) => `Een automatisch bericht over je account bij ${shop}.`,
  openAccount: 'Naar mijn account',
  compose(message, shop, branding) {
    const notYou = `Was jij dit niet? Open je account om het te controleren en neem contact op met ${shop}.`;
    switch (message.kind) {
      case 'email-verification-code': {
        const ttl = nl.minutes(Math.round(message.ttlSeconds / 60));
        return {
          subject: 'Bevestig je e-mailadres',
          preheader: `Je code is ${ttl} geldig.`,
          heading: 'Bevestig je e-mailadres',
          intro: [`Vul deze code in bij je account van ${shop} om dit e-mailadres te bevestigen:`],
          code: message.code,
          outro: [
            `De code is ${ttl} geldig.`,
            'Heb je hier niet om gevraagd? Dan kun je deze e-mail negeren: er verandert niets.',
          ],
        };
      }
      case 'sign-in-code': {
        const ttl = nl.minutes(Math.round(message.ttlSeconds / 60));
        return {
          subject: `Je inlogcode voor ${shop}`,
          preheader: `${ttl} geldig. Deel hem met niemand.`,
          heading: `Inloggen bij ${shop}`,
          intro: ['Vul deze code in om in te loggen:'],
          code: message.code,
          outro: [
            `De code is ${ttl} geldig. Deel hem met niemand: ${shop} zal er nooit om vragen.`,
            'Probeerde je niet in te loggen? Dan kun je deze e-mail negeren: je account blijft veilig.',
          ],
        };
      }
      case 'account-deletion-code': {
        const ttl = nl.minutes(Math.round(message.ttlSeconds / 60));
        return {
          subject: `Bevestig het verwijderen van je account bij ${shop}`,
          preheader: `${ttl} geldig. Deel hem met niemand.`,
          heading: 'Bevestig het verwijderen van je account',
          intro: [`Vul deze code in bij je account van ${shop} om het te verwijderen:`],
          code: message.code,
          outro: [
            `De code is ${ttl} geldig. Deel hem met niemand: wie hem heeft, kan je account verwijderen.`,
            `Heb je hier niet om gevraagd? Negeer dan deze e-mail: je account blijft bestaan. Misschien kan iemand anders inloggen, dus neem contact op met ${shop}.`,
          ],
        };
      }
      case 'account-deletion-scheduled':
        return {
          subject: `Je account bij ${shop} wordt verwijderd`,
          preheader: `Op ${nl.formatTime(message.dueAt)}, tenzij je eerder inlogt.`,
          heading: 'Je account wordt verwijderd',
          intro: [
            `Je hebt gevraagd je account bij ${shop} te verwijderen. Dat gebeurt op ${nl.formatTime(message.dueAt)}.`,
            'Bedacht? Log voor die tijd in en je account blijft zoals het is.',
          ],
          outro: [notYou],
          button: { label: nl.openAccount, url: branding.accountUrl },
        };
      case 'email-change-requested':
        return {
          subject: 'Je e-mailadres wordt gewijzigd',
          preheader: `Er is gevraagd om een wijziging naar ${message.newEmail}.`,
          heading: 'Je e-mailadres wordt gewijzigd',
          intro: [
            `Iemand heeft gevraagd het e-mailadres van je account bij ${shop} te wijzigen in ${message.newEmail}.`,
            'De wijziging gaat in zodra de code die naar het nieuwe adres is gestuurd, is ingevuld.',
          ],
          outro: ['Was jij dit? Dan hoef je niets te doen.', notYou],
          button: { label: nl.openAccount, url: branding.accountUrl },
        };
      case 'new-browser-sign-in':
        return {
          subject: `Nieuwe aanmelding bij je account van ${shop}`,
          preheader: `${message.browser}, ${nl.formatTime(message.at)}`,
          heading: 'Nieuwe aanmelding bij je account',
          intro: [`Er is ingelogd op je account bij ${shop} vanuit een browser die we nog niet kenden.`],
          details: [
            ['Browser', message.browser],
            ['Tijdstip', nl.formatTime(message.at)],
            ['Ingelogd met', nl.via(message.method, shop, null)],
          ],
          outro: [
            'Was jij dit? Dan hoef je niets te doen.',
            message.sessionsUrl
              ? `Was jij dit niet? Meld die browser af op je sessiepagina en neem contact op met ${shop}.`
              : notYou,
          ],
          button: message.sessionsUrl
            ? { label: 'Mijn sessies bekijken', url: message.sessionsUrl }
            : { label: nl.openAccount, url: branding.accountUrl },
        };
      case 'phone-verified':
        return {
          subject: 'Je telefoonnummer is bevestigd',
          preheader: `${message.telephone} is nu bevestigd.`,
          heading: 'Je telefoonnummer is bevestigd',
          intro: [`Het telefoonnummer ${message.telephone} is nu bevestigd op je account bij ${shop}.`],
          outro: [notYou],
          button: { label: nl.openAccount, url: branding.accountUrl },
        };
      case 'phone-changed':
        return {
          subject: 'Je telefoonnummer is gewijzigd',
          preheader: message.telephone
            ? `Je telefoonnummer is nu ${message.telephone}.`
            : 'Je telefoonnummer is verwijderd.',
          heading: 'Je telefoonnummer is gewijzigd',
          intro: [
            message.telephone
              ? `Het telefoonnummer van je account bij ${shop} is nu ${message.telephone}.`
              : `Het telefoonnummer is verwijderd van je account bij ${shop}.`,
          ],
          outro: [notYou],
          button: { label: nl.openAccount, url: branding.accountUrl },
        };
      case 'sign-in-method-linked':
        return {
          subject: 'Er is een inlogmethode toegevoegd',
          preheader: `Je kunt nu inloggen met ${nl.via(message.method, shop, message.detail)}.`,
          heading: 'Er is een inlogmethode toegevoegd',
          intro: [`Je kunt nu met ${nl.via(message.method, shop, message.detail)} inloggen op je account bij ${shop}.`],
          outro: [notYou],
          button: { label: nl.openAccount, url: branding.accountUrl },
        };
      case 'sign-in-method-removed':
        return {
          subject: 'Er is een inlogmethode verwijderd',
          preheader: `Inloggen met ${nl.via(message.method, shop, message.detail)} kan niet meer.`,
          heading: 'Er is een inlogmethode verwijderd',
          intro: [
            `Met ${nl.via(message.method, shop, message.detail)} kun je niet meer inloggen op je account bij ${shop}.`,
          ],
          outro: [notYou],
          button: { label: nl.openAccount, url: branding.accountUrl },
        };
    }
  },
};

const de: Words = {
  via: methodWith('einem per E-Mail gesendeten Code', 'einem Passkey'),
  minutes: (n) => (n === 1 ? '1 Minute' : `${n} Minuten`),
  formatTime: timeIn('de-DE'),
  footer: (shop) => `Eine automatische Nachricht zu Ihrem Konto bei ${shop}.`,
  openAccount: 'Zu meinem Konto',
  compose(message, shop, branding) {
    const notYou = `Waren Sie das nicht? Öffnen Sie Ihr Konto, um es zu prüfen, und wenden Sie sich an ${shop}.`;
    switch (message.kind) {
      case 'email-verification-code': {
        const ttl = de.minutes(Math.round(message.ttlSeconds / 60));
        return {
          subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
          preheader: `Ihr Code ist ${ttl} gültig.`,
          heading: 'Bestätigen Sie Ihre E-Mail-Adresse',
          intro: [`Geben Sie diesen Code in Ihrem Konto bei ${shop} ein, um diese E-Mail-Adresse zu bestätigen:`],
          code: message.code,
          outro: [
            `Der Code ist ${ttl} gültig.`,
            'Sie haben das nicht angefordert? Dann können Sie diese E-Mail ignorieren: Es ändert sich nichts.',
          ],
        };
      }
      case 'sign-in-code': {
        const ttl = de.minutes(Math.round(message.ttlSeconds / 60));
        return {
          subject: `Ihr Anmeldecode für ${shop}`,
          preheader: `${ttl} gültig. Geben Sie ihn nicht weiter.`,
          heading: `Anmelden bei ${shop}`,
          intro: ['Geben Sie diesen Code ein, um sich anzumelden:'],
          code: message.code,
          outro: [
            `Der Code ist ${ttl} gültig. Geben Sie ihn nicht weiter: ${shop} wird Sie nie danach fragen.`,
            'Sie wollten sich nicht anmelden? Dann können Sie diese E-Mail ignorieren: Ihr Konto bleibt sicher.',
          ],
        };
      }
      case 'account-deletion-code': {
        const ttl = de.minutes(Math.round(message.ttlSeconds / 60));
        return {
          subject: `Bestätigen Sie die Löschung Ihres Kontos bei ${shop}`,
          preheader: `${ttl} gültig. Geben Sie ihn nicht weiter.`,
          heading: 'Bestätigen Sie die Löschung Ihres Kontos',
          intro: [`Geben Sie diesen Code in Ihrem Konto bei ${shop} ein, um es zu löschen:`],
          code: message.code,
          outro: [
            `Der Code ist ${ttl} gültig. Geben Sie ihn nicht weiter: Wer ihn hat, kann Ihr Konto löschen.`,
            `Sie haben das nicht angefordert? Dann ignorieren Sie diese E-Mail: Ihr Konto bleibt bestehen. Möglicherweise kann sich jemand anderes anmelden, wenden Sie sich daher an ${shop}.`,
          ],
        };
      }
      case 'account-deletion-scheduled':
        return {
          subject: `Ihr Konto bei ${shop} wird gelöscht`,
          preheader: `Am ${de.formatTime(message.dueAt)}, es sei denn, Sie melden sich vorher an.`,
          heading: 'Ihr Konto wird gelöscht',
          intro: [
            `Sie haben die Löschung Ihres Kontos bei ${shop} angefordert. Es wird am ${de.formatTime(message.dueAt)} gelöscht.`,
            'Haben Sie es sich anders überlegt? Melden Sie sich vorher an, dann bleibt Ihr Konto bestehen.',
          ],
          outro: [notYou],
          button: { label: de.openAccount, url: branding.accountUrl },
        };
      case 'email-change-requested':
        return {
          subject: 'Ihre E-Mail-Adresse wird geändert',
          preheader: `Eine Änderung zu ${message.newEmail} wurde angefordert.`,
          heading: 'Ihre E-Mail-Adresse wird geändert',
          intro: [
            `Jemand hat angefordert, die E-Mail-Adresse Ihres Kontos bei ${shop} in ${message.newEmail} zu ändern.`,
            'Die Änderung wird wirksam, sobald der an die neue Adresse gesendete Code eingegeben ist.',
          ],
          outro: ['Waren Sie das? Dann ist nichts zu tun.', notYou],
          button: { label: de.openAccount, url: branding.accountUrl },
        };
      case 'new-browser-sign-in':
        return {
          subject: `Neue Anmeldung in Ihrem Konto bei ${shop}`,
          preheader: `${message.browser}, ${de.formatTime(message.at)}`,
          heading: 'Neue Anmeldung in Ihrem Konto',
          intro: [`Bei ${shop} hat sich ein Browser, den wir noch nicht kannten, in Ihrem Konto angemeldet.`],
          details: [
            ['Browser', message.browser],
            ['Zeitpunkt', de.formatTime(message.at)],
            ['Angemeldet mit', de.via(message.method, shop, null)],
          ],
          outro: [
            'Waren Sie das? Dann ist nichts zu tun.',
            message.sessionsUrl
              ? `Waren Sie das nicht? Melden Sie diesen Browser auf Ihrer Sitzungsseite ab und wenden Sie sich an ${shop}.`
              : notYou,
          ],
          button: message.sessionsUrl
            ? { label: 'Meine Sitzungen prüfen', url: message.sessionsUrl }
            : { label: de.openAccount, url: branding.accountUrl },
        };
      case 'phone-verified':
        return {
          subject: 'Ihre Telefonnummer ist bestätigt',
          preheader: `${message.telephone} ist jetzt bestätigt.`,
          heading: 'Ihre Telefonnummer ist bestätigt',
          intro: [`Die Telefonnummer ${message.telephone} ist jetzt in Ihrem Konto bei ${shop} bestätigt.`],
          outro: [notYou],
          button: { label: de.openAccount, url: branding.accountUrl },
        };
      case 'phone-changed':
        return {
          subject: 'Ihre Telefonnummer wurde geändert',
          preheader: message.telephone
            ? `Ihre Telefonnummer ist jetzt ${message.telephone}.`
            : 'Ihre Telefonnummer wurde entfernt.',
          heading: 'Ihre Telefonnummer wurde geändert',
          intro: [
            message.telephone
              ? `Die Telefonnummer Ihres Kontos bei ${shop} ist jetzt ${message.telephone}.`
              : `Die Telefonnummer wurde aus Ihrem Konto bei ${shop} entfernt.`,
          ],
          outro: [notYou],
          button: { label: de.openAccount, url: branding.accountUrl },
        };
      case 'sign-in-method-linked':
        return {
          subject: 'Eine Anmeldemethode wurde hinzugefügt',
          preheader: `Sie können sich jetzt mit ${de.via(message.method, shop, message.detail)} anmelden.`,
          heading: 'Eine Anmeldemethode wurde hinzugefügt',
          intro: [`Sie können sich bei ${shop} jetzt mit ${de.via(message.method, shop, message.detail)} anmelden.`],
          outro: [notYou],
          button: { label: de.openAccount, url: branding.accountUrl },
        };
      case 'sign-in-method-removed':
        return {
          subject: 'Eine Anmeldemethode wurde entfernt',
          preheader: `Die Anmeldung mit ${de.via(message.method, shop, message.detail)} ist nicht mehr möglich.`,
          heading: 'Eine Anmeldemethode wurde entfernt',
          intro: [
            `Mit ${de.via(message.method, shop, message.detail)} können Sie sich nicht mehr bei ${shop} anmelden.`,
          ],
          outro: [notYou],
          button: { label: de.openAccount, url: branding.accountUrl },
        };
    }
  },
};

const WORDS: Record<MailLanguage, Words> = { en, nl, de };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const TEXT_COLOUR = '#1d2522';
const MUTED = '#55615d';
const PAGE = '#f3f5f4';

/** Only http(s) links go into an href: a stored value can never become a javascript: link. */
const safeUrl = (url: string) => (/^https?:\/\//i.test(url) ? url : null);

function html(content: Content, branding: Branding, language: MailLanguage, footer: string): string {
  const colours = themeColours(branding.primaryColour);
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:24px;color:${TEXT_COLOUR};word-break:break-word;overflow-wrap:anywhere">${escapeHtml(text)}</p>`;
  const logo = branding.logoUrl
    ? `<img src="${escapeHtml(branding.logoUrl)}" alt="${escapeHtml(branding.companyName)}" height="40" style="display:block;height:40px;width:auto;max-width:220px;border:0;outline:none;text-decoration:none;${FONT};font-size:20px;font-weight:700;color:${colours.primaryText}">`
    : `<span style="${FONT};font-size:20px;line-height:28px;font-weight:700;color:${colours.primaryText}">${escapeHtml(branding.companyName)}</span>`;
  // The code stands alone in a tinted box, in digits a reader cannot confuse, easy to select.
  const code = content.code
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px"><tr><td style="padding:12px 24px;background:${colours.lightest};border:1px solid ${colours.lighter};border-radius:8px;font-family:'SFMono-Regular',Menlo,Consolas,'Courier New',monospace;font-size:32px;line-height:40px;font-weight:700;letter-spacing:8px;color:${TEXT_COLOUR}">${escapeHtml(content.code)}</td></tr></table>`
    : '';
  const details = content.details
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="margin:0 0 16px;border-collapse:collapse">${content.details
        .map(
          ([label, value]) =>
            `<tr><td style="padding:8px 12px 8px 0;border-bottom:1px solid #e3e8e6;${FONT};font-size:14px;line-height:20px;color:${MUTED};white-space:nowrap;vertical-align:top">${escapeHtml(label)}</td><td style="padding:8px 0;border-bottom:1px solid #e3e8e6;${FONT};font-size:14px;line-height:20px;color:${TEXT_COLOUR};vertical-align:top">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const buttonUrl = content.button ? safeUrl(content.button.url) : null;
  const button =
    content.button && buttonUrl
      ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px"><tr><td style="border-radius:6px;background:${colours.primary}"><a href="${escapeHtml(buttonUrl)}" style="display:inline-block;padding:12px 24px;${FONT};font-size:16px;line-height:20px;font-weight:600;color:${colours.onPrimary};text-decoration:none;border-radius:6px">${escapeHtml(content.button.label)}</a></td></tr></table>`
      : '';
  // The preheader shows in the inbox list after the subject; the padding keeps the body's first words out of it.
  const preheader = `<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;color:${PAGE}">${escapeHtml(content.preheader)}${'&#8199;&#65279;&#847; '.repeat(40)}</div>`;
  return `<!doctype html>
<html lang="${language}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:${PAGE};-webkit-text-size-adjust:100%">
${preheader}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${PAGE}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#ffffff;border-top:4px solid ${colours.primary};border-radius:8px">
<tr><td style="padding:24px 32px 8px">${logo}</td></tr>
<tr><td style="padding:16px 32px 8px">
<h1 style="margin:0 0 16px;${FONT};font-size:22px;line-height:30px;font-weight:700;color:${TEXT_COLOUR}">${escapeHtml(content.heading)}</h1>
${content.intro.map(paragraph).join('\n')}
${code}${details}${content.outro.map(paragraph).join('\n')}
${button}
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid #e3e8e6;${FONT};font-size:13px;line-height:20px;color:${MUTED}">${escapeHtml(footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function text(content: Content, footer: string): string {
  const blocks = [content.heading, ...content.intro];
  if (content.code) blocks.push(`    ${content.code}`);
  if (content.details) blocks.push(content.details.map(([label, value]) => `${label}: ${value}`).join('\n'));
  blocks.push(...content.outro);
  const buttonUrl = content.button ? safeUrl(content.button.url) : null;
  if (content.button && buttonUrl) blocks.push(`${content.button.label}: ${buttonUrl}`);
  return `${blocks.join('\n\n')}\n\n-- \n${footer}\n`;
}

/** 'Shop <no-reply@shop.example>' or a bare address; a bare one gets the shop's name. */
function sender(from: string, companyName: string): { name: string; address: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(from);
  if (match?.[2]) return { name: match[1]?.trim() || companyName, address: match[2] };
  return { name: companyName, address: from.trim() };
}

/** The email for a message, in the shopper's language (English when theirs is not offered). */
export function renderMail(
  message: MailMessage,
  language: string | null,
  branding: Branding,
  from: string,
): RenderedMail {
  const lang = mailLanguage(language);
  const words = WORDS[lang];
  const content = words.compose(message, branding.companyName, branding);
  const footer = words.footer(branding.companyName);
  return {
    from: sender(from, branding.companyName),
    subject: content.subject,
    preheader: content.preheader,
    text: text(content, footer),
    html: html(content, branding, lang, footer),
  };
}
