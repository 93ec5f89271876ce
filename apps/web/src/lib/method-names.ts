/** How the account area names a sign-in method: a provider's brand, the shop's own sign-on, a code or a passkey. */
import type { Translate } from './i18n';

/** Brands keep their own names in every language. */
const BRANDS: Record<string, string> = {
  google: 'Google',
  apple: 'Apple',
  facebook: 'Facebook',
  steam: 'Steam',
  telegram: 'Telegram',
};

export function methodName(method: string | null, t: Translate, company: string): string {
  switch (method) {
    case 'sso':
      return t('ac_MethodSso', { company });
    case 'auth0':
      return t('ac_MethodAuth0', { company });
    case 'email':
      return t('ac_MethodEmail');
    case 'passkey':
      return t('ac_MethodPasskey');
    case null:
      return t('ac_StatusUnknown');
    default:
      return BRANDS[method] ?? method;
  }
}
