/**
 * The demo shoppers' address books, and the addresses as printed on their orders (the contract's
 * OrderAddress as JSON, with its multi-line text rendering).
 */
import { addressText, fullName, type OrderAddress } from '@account/contract';
import type { PersonaName } from '../../demo/personas.js';
import type { Row } from '../types.js';
import { DEMO_COUNTRIES } from './reference-data.js';
import type { Clock, SeedDb } from './seed-kit.js';

/** An address book entry's own columns (the shopper, default flags and timestamps come later). */
export type AddressSeed = Pick<
  Row<'addresses'>,
  | 'firstName'
  | 'lastName'
  | 'companyName'
  | 'vatNumber'
  | 'addressType'
  | 'email'
  | 'telephone'
  | 'country'
  | 'street'
  | 'houseNumber'
  | 'houseNumberSuffix'
  | 'zipCode'
  | 'city'
>;

const EMMA = { firstName: 'Emma', lastName: 'de Vries', email: 'emma.devries@example.com', telephone: '+31 612345678' };
const SOFIA = { firstName: 'Sofia', lastName: 'Jansen', email: 'sofia.jansen@example.com', telephone: '+32 470123456' };
const LUKAS = {
  firstName: 'Lukas',
  lastName: 'Schneider',
  email: 'lukas.schneider@example.com',
  telephone: '+41 791234567',
};
const PRIVATE = { companyName: '', vatNumber: '', addressType: 0 };

export const ADDRESSES = {
  emmaBilling: {
    ...EMMA,
    ...PRIVATE,
    country: 'NL',
    street: 'Prinsengracht',
    houseNumber: '263',
    houseNumberSuffix: 'A',
    zipCode: '1016 GV',
    city: 'Amsterdam',
  },
  emmaDelivery: {
    ...EMMA,
    ...PRIVATE,
    country: 'NL',
    street: 'Weesperzijde',
    houseNumber: '92',
    houseNumberSuffix: 'hs',
    zipCode: '1091 EK',
    city: 'Amsterdam',
  },
  emmaCompany: {
    ...EMMA,
    email: 'emma@studionoordlicht.nl',
    telephone: '+31 203456789',
    // Passes the Dutch check-digit test (eleven-test on the nine digits).
    companyName: 'Studio Noordlicht B.V.',
    vatNumber: 'NL859048378B01',
    addressType: 1,
    country: 'NL',
    street: 'Herengracht',
    houseNumber: '420',
    houseNumberSuffix: '',
    zipCode: '1017 BZ',
    city: 'Amsterdam',
  },
  emmaMother: {
    firstName: 'Marieke',
    lastName: 'de Vries',
    email: 'marieke.devries@example.com',
    telephone: '+32 486554433',
    ...PRIVATE,
    country: 'BE',
    street: 'Lange Gasthuisstraat',
    houseNumber: '27',
    houseNumberSuffix: 'bus 3',
    zipCode: '2000',
    city: 'Antwerpen',
  },
  emmaCabin: {
    ...EMMA,
    ...PRIVATE,
    country: 'DE',
    street: 'Bergstraße',
    houseNumber: '7',
    houseNumberSuffix: '',
    zipCode: '87561',
    city: 'Oberstdorf',
  },
  /** Where Emma lived before she moved: only on her oldest orders, no longer in her address book. */
  emmaFormer: {
    ...EMMA,
    ...PRIVATE,
    country: 'NL',
    street: 'Oudegracht',
    houseNumber: '158',
    houseNumberSuffix: 'bis',
    zipCode: '3511 AZ',
    city: 'Utrecht',
  },
  sofiaHome: {
    ...SOFIA,
    ...PRIVATE,
    country: 'BE',
    street: 'Korenmarkt',
    houseNumber: '14',
    houseNumberSuffix: '',
    zipCode: '9000',
    city: 'Gent',
  },
  lukasCompany: {
    ...LUKAS,
    email: 'buchhaltung@schneider-bergsport.ch',
    telephone: '+41 442345678',
    companyName: 'Schneider Bergsport GmbH',
    // A Swiss UID with a valid check digit, written as on Swiss invoices.
    vatNumber: 'CHE-116.281.710 MWST',
    addressType: 1,
    country: 'CH',
    street: 'Bahnhofstrasse',
    houseNumber: '52',
    houseNumberSuffix: '',
    zipCode: '8001',
    city: 'Zürich',
  },
  lukasHome: {
    ...LUKAS,
    ...PRIVATE,
    country: 'CH',
    street: 'Dorfstrasse',
    houseNumber: '18',
    houseNumberSuffix: 'b',
    zipCode: '3818',
    city: 'Grindelwald',
  },
} satisfies Record<string, AddressSeed>;

export type AddressKey = keyof typeof ADDRESSES;

/** Address books: [address, is default billing, is default delivery]. Noah and Lotte have none. */
const ADDRESS_BOOKS: Partial<Record<PersonaName, [AddressKey, boolean, boolean][]>> = {
  emma: [
    ['emmaBilling', true, false],
    ['emmaDelivery', false, true],
    ['emmaCompany', false, false],
    ['emmaMother', false, false],
    ['emmaCabin', false, false],
  ],
  // A default billing address only: the delivery slot stays empty.
  sofia: [['sofiaHome', true, false]],
  lukas: [
    ['lukasCompany', true, false],
    ['lukasHome', false, true],
  ],
};

/** When the first address of each book was added (Emma after her move from Utrecht). */
const ADDED_DAYS_AGO: Partial<Record<PersonaName, number>> = { emma: 640, sofia: 250, lukas: 700 };

export async function seedAddressBooks(db: SeedDb, shopperIds: Record<PersonaName, number>, time: Clock) {
  const rows = Object.entries(ADDRESS_BOOKS).flatMap(([persona, book]) =>
    (book ?? []).map(([key, isBilling, isShipping], index) => {
      const at = time.daysAgo((ADDED_DAYS_AGO[persona as PersonaName] ?? 0) - index * 37);
      return {
        shopperId: shopperIds[persona as PersonaName],
        ...ADDRESSES[key],
        isBilling: isBilling ? 1 : 0,
        isShipping: isShipping ? 1 : 0,
        extraFields: null,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
  await db.insertInto('addresses').values(rows).execute();
}

const countryNames = new Map(DEMO_COUNTRIES.map((c) => [c.code, c.name]));

/** The address as printed on an order, as the JSON stored with the order. */
export function orderAddressJson(key: AddressKey): string {
  const a: AddressSeed = ADDRESSES[key];
  const parts = {
    firstName: a.firstName,
    lastName: a.lastName,
    name: fullName(a),
    companyName: a.companyName,
    vatNumber: a.vatNumber,
    addressType: a.addressType,
    email: a.email,
    telephone: a.telephone,
    country: a.country,
    address: a.street,
    addressNumber: a.houseNumber,
    addressNumberSuffix: a.houseNumberSuffix,
    zipCode: a.zipCode,
    city: a.city,
  };
  const printed: OrderAddress = { ...parts, text: addressText(parts, (code) => countryNames.get(code) ?? code) };
  return JSON.stringify(printed);
}
