/**
 * The demo shoppers. The demo identity provider offers them on its sign-in page and the demo seed
 * gives each the data that shows a different state of the account area.
 */
export interface Persona {
  /** Subject at the demo identity provider. */
  subject: string;
  firstName: string;
  lastName: string;
  email: string;
  /** What this shopper demonstrates, shown on the demo sign-in page. */
  note: string;
}

export const PERSONAS = {
  emma: {
    subject: 'demo-emma',
    firstName: 'Emma',
    lastName: 'de Vries',
    email: 'emma.devries@example.com',
    note: 'Long-time customer: many orders in every status, vouchers, achievements, wishlist',
  },
  sofia: {
    subject: 'demo-sofia',
    firstName: 'Sofia',
    lastName: 'Jansen',
    email: 'sofia.jansen@example.com',
    note: 'Phone number not verified yet, profile partly filled in, a few orders',
  },
  lukas: {
    subject: 'demo-lukas',
    firstName: 'Lukas',
    lastName: 'Schneider',
    email: 'lukas.schneider@example.com',
    note: 'German-speaking shopper paying in Swiss francs, company address with a VAT number',
  },
  noah: {
    subject: 'demo-noah',
    firstName: 'Noah',
    lastName: 'Visser',
    email: 'noah.visser@example.com',
    note: 'Brand-new account with no orders, addresses or achievements yet',
  },
  lotte: {
    subject: 'demo-lotte',
    firstName: '',
    lastName: '',
    email: 'lotte.meijer@example.com',
    note: 'Signs in for the first time: goes through onboarding',
  },
} as const satisfies Record<string, Persona>;

export type PersonaName = keyof typeof PERSONAS;

export const DEMO_PROVIDER = 'sso';
