/**
 * §7 POST /address, PATCH /address, DELETE /address/{addressId} on the real server and database:
 * the server re-validates every address with the shared rules against the shop's own field
 * definitions (§3 Address form field definition, §5 Address form), keeps one default billing and
 * one default delivery address per shopper (§4 Set default, Address delete), and never touches
 * another shopper's address. Bodies are sent with capitalised keys, as the web client does (§7).
 */
import { Address, DEFAULT_ADDRESS_FIELDS, FEATURES, FIELD_TYPES, field } from '@account/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_ADDRESS } from './fixtures/addresses.js';
import { TestBrowser } from './support/browser.js';
import { accountOf, signIn } from './support/sign-in.js';
import { api, databaseKind, putSetting, startServer, switchOff, type TestServer } from './support/test-app.js';

/** The demo shop: all features, EU VAT reverse charge on, the default address fields. */
let server: TestServer;
/** EU VAT reverse charge off, and the shop's own field definitions (see SHOP_FIELDS). */
let shopServer: TestServer;
/** AddressBook switched off before first use. */
let featureOffServer: TestServer;

/** A shop's own layout: zip code of at least 4, city of at most 40, company fields required, an extra Floor field. */
const SHOP_FIELDS = [
  ...DEFAULT_ADDRESS_FIELDS.map((f) => {
    if (f.orderField === 'ZipCode') return { ...f, minLength: 4 };
    if (f.orderField === 'City') return { ...f, maxLength: 40 };
    if (f.orderField === 'CompanyName' || f.orderField === 'VatNumber') return { ...f, required: true };
    return f;
  }),
  field({ orderField: 'Floor', row: 9, width: 25, type: FIELD_TYPES.numberText }),
  field({ orderField: 'Intro', row: 10, width: 100, type: FIELD_TYPES.paragraph }),
];

beforeAll(async () => {
  [server, shopServer, featureOffServer] = await Promise.all([startServer(), startServer(), startServer()]);
  // Before the first settings read, so that no cached copy hides the change.
  await putSetting(shopServer, 'enableEuVatReverse', false);
  await putSetting(shopServer, 'addressFields', SHOP_FIELDS);
  await switchOff(featureOffServer, FEATURES.addressBook);
});
afterAll(async () => {
  await Promise.all([server?.close(), shopServer?.close(), featureOffServer?.close()]);
});

const ADDRESS = api('/address');

const PRIVATE = PRIVATE_ADDRESS;
/** A Dutch VAT number with a correct check digit. */
const NL_VAT = 'NL859048378B01';
const COMPANY = { ...PRIVATE, AddressType: 1, CompanyName: 'Bos B.V.', VatNumber: NL_VAT };
/** Passes the shared rules but not the server's email check (local part over 64 characters). */
const BAD_EMAIL = `${'a'.repeat(65)}@example.com`;

async function signedIn(subject = 'new', s: TestServer = server): Promise<TestBrowser> {
  const browser = new TestBrowser(s.app);
  await signIn(browser, subject);
  return browser;
}

const addresses = async (browser: TestBrowser) => (await accountOf(browser)).addresses;

const create = (browser: TestBrowser, body: unknown) => browser.request({ method: 'POST', url: ADDRESS, body });
const patch = (browser: TestBrowser, body: unknown) => browser.request({ method: 'PATCH', url: ADDRESS, body });
const remove = (browser: TestBrowser, id: number | string) =>
  browser.request({ method: 'DELETE', url: `${ADDRESS}/${id}` });

async function created(browser: TestBrowser, body: Record<string, unknown> = PRIVATE): Promise<Address> {
  const response = await create(browser, body);
  expect(response.statusCode, response.body).toBe(200);
  return Address.parse(response.json());
}

async function patched(browser: TestBrowser, body: Record<string, unknown>): Promise<Address> {
  const response = await patch(browser, body);
  expect(response.statusCode, response.body).toBe(200);
  return Address.parse(response.json());
}

/** A 400 in the one error body whose fields are exactly `fields`. */
function expectFields(response: LightMyRequestResponse, fields: Record<string, string>) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({ status: 400, code: 'validation_failed', message: expect.any(String), fields });
}

/** Which of the addresses (by id) are the default billing and delivery ones. */
async function defaults(browser: TestBrowser) {
  const list = await addresses(browser);
  return {
    billing: list.filter((a) => a.isBilling).map((a) => a.addressId),
    shipping: list.filter((a) => a.isShipping).map((a) => a.addressId),
  };
}

/** A fresh shopper with `count` addresses, oldest first (the first is both defaults). */
async function shopperWith(count: number, s: TestServer = server): Promise<{ browser: TestBrowser; ids: number[] }> {
  const browser = await signedIn('new', s);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push((await created(browser, { ...PRIVATE, City: `City ${i}` })).addressId);
  return { browser, ids };
}

const rowsOf = (s: TestServer, shopperIdOrAddressIds: { shopper: number } | { ids: number[] }) => {
  const query = s.app.db.kysely.selectFrom('addresses').selectAll().orderBy('id');
  return 'shopper' in shopperIdOrAddressIds
    ? query.where('shopperId', '=', shopperIdOrAddressIds.shopper).execute()
    : query.where('id', 'in', shopperIdOrAddressIds.ids).execute();
};

describe(`§7 POST /address: add an address (${databaseKind})`, () => {
  it('§3 Address: saves every field trimmed, name is first plus last; the account lists it', async () => {
    const browser = await signedIn();
    const address = await created(browser, { ...PRIVATE, FirstName: '  Anna ', City: ' Amsterdam  ', Country: 'nl' });
    expect(address).toEqual({
      addressId: expect.any(Number),
      firstName: 'Anna',
      lastName: 'de Boer',
      name: 'Anna de Boer',
      companyName: '',
      vatNumber: '',
      addressType: 0,
      email: 'anna.deboer@example.com',
      telephone: '+31 612345678',
      country: 'NL',
      address: 'Keizersgracht',
      addressNumber: '12',
      addressNumberSuffix: '',
      zipCode: '1015 CJ',
      city: 'Amsterdam',
      isBilling: true,
      isShipping: true,
      extraFields: {},
    });
    expect(await addresses(browser)).toEqual([address]);
  });

  it('§3 Address: name is computed (first plus last, trimmed), never stored or taken from the body', async () => {
    const browser = await signedIn();
    const address = await created(browser, { ...PRIVATE, Name: 'Someone Else' });
    expect(address.name).toBe('Anna de Boer');
    const [row] = await rowsOf(server, { ids: [address.addressId] });
    expect(row).not.toHaveProperty('name');
  });

  it('§4 Address form: a private address stores no company name or VAT number', async () => {
    const browser = await signedIn();
    const address = await created(browser, { ...PRIVATE, CompanyName: 'Bos B.V.', VatNumber: NL_VAT });
    expect(address).toMatchObject({ addressType: 0, companyName: '', vatNumber: '' });
    const [row] = await rowsOf(server, { ids: [address.addressId] });
    expect(row).toMatchObject({ companyName: '', vatNumber: '' });
  });

  it('§3 Address: a company address keeps its company name and VAT number', async () => {
    const browser = await signedIn();
    expect(await created(browser, COMPANY)).toMatchObject({
      addressType: 1,
      companyName: 'Bos B.V.',
      vatNumber: NL_VAT,
    });
  });

  it.each([
    ['FirstName', { FirstName: 'ac_FirstNameRequiredMessage' }],
    ['LastName', { LastName: 'ac_LastNameRequiredMessage' }],
    ['Email', { Email: 'ac_EmailRequiredMessage', ConfirmEmail: 'ac_EmailAdressesDontMatch' }],
    ['ConfirmEmail', { ConfirmEmail: 'ac_ConfirmEmailRequiredMessage' }],
    ['Telephone', { Telephone: 'ac_TelephoneRequiredMessage', ConfirmTelephone: 'ac_TelephoneNumbersDontMatch' }],
    ['ConfirmTelephone', { ConfirmTelephone: 'ac_ConfirmTelephoneRequiredMessage' }],
    ['Country', { Country: 'ac_CountryRequiredMessage' }],
    ['Address', { Address: 'ac_AddressRequiredMessage' }],
    ['AddressNumber', { AddressNumber: 'ac_AddressNumberRequiredMessage' }],
    ['ZipCode', { ZipCode: 'ac_ZipCodeRequiredMessage' }],
    ['City', { City: 'ac_CityRequiredMessage' }],
  ])(
    '§5 Address form: %s is required (empty or blank): 400 with ac_{Field}RequiredMessage, nothing saved',
    async (name, fields) => {
      const browser = await signedIn();
      for (const value of ['', '   ']) expectFields(await create(browser, { ...PRIVATE, [name]: value }), fields);
      // Left out entirely counts as empty too (a confirmation left out confirms its own field).
      const without: Record<string, unknown> = { ...PRIVATE };
      delete without[name];
      if (!name.startsWith('Confirm')) expectFields(await create(browser, without), fields);
      expect(await addresses(browser)).toEqual([]);
    },
  );

  it('§5 Address form: optional fields (company name, VAT number, suffix) may stay empty', async () => {
    const browser = await signedIn();
    const { AddressNumberSuffix: _, ...withoutSuffix } = PRIVATE;
    expect((await create(browser, withoutSuffix)).statusCode).toBe(200);
    expect((await create(browser, { ...COMPANY, CompanyName: '', VatNumber: '' })).statusCode).toBe(200);
  });

  it('§5 Address form: telephone numbers have at least 7 digits (ac_{Field}InvalidMinLengthMessage)', async () => {
    const browser = await signedIn();
    expectFields(await create(browser, { ...PRIVATE, Telephone: '+31 612345', ConfirmTelephone: '+31 612345' }), {
      Telephone: 'ac_TelephoneInvalidMinLengthMessage',
      ConfirmTelephone: 'ac_ConfirmTelephoneInvalidMinLengthMessage',
    });
    expect(
      (await create(browser, { ...PRIVATE, Telephone: '+354 6111234', ConfirmTelephone: '+354 6111234' })).statusCode,
    ).toBe(200);
  });

  it('§5 Phone field: a number that cannot exist for its calling code (0000000) is refused with ac_TelephoneInvalidMessage', async () => {
    const browser = await signedIn();
    for (const telephone of ['+31 0000000', '+31 6123456']) {
      expectFields(await create(browser, { ...PRIVATE, Telephone: telephone, ConfirmTelephone: telephone }), {
        Telephone: 'ac_TelephoneInvalidMessage',
      });
    }
    expect(await addresses(browser)).toEqual([]);
  });

  it('§3 Address form field definition: the shop’s own minimum length is enforced', async () => {
    const browser = await signedIn('new', shopServer);
    const body = { ...PRIVATE, ExtraFields: { Floor: '2' } };
    expectFields(await create(browser, { ...body, ZipCode: '101' }), { ZipCode: 'ac_ZipCodeInvalidMinLengthMessage' });
    expect((await create(browser, { ...body, ZipCode: '1015' })).statusCode).toBe(200);
  });

  it('§9 Field lengths: text at most 250, company name 100, phone numbers 20 digits (ac_FieldInvalidMaxLengthMessage)', async () => {
    const browser = await signedIn();
    const long = (n: number) => 'x'.repeat(n);
    expectFields(await create(browser, { ...PRIVATE, City: long(251) }), { City: 'ac_FieldInvalidMaxLengthMessage' });
    expectFields(await create(browser, { ...COMPANY, CompanyName: long(101) }), {
      CompanyName: 'ac_FieldInvalidMaxLengthMessage',
    });
    const phone = `+31 ${'1'.repeat(21)}`;
    expectFields(await create(browser, { ...PRIVATE, Telephone: phone, ConfirmTelephone: phone }), {
      Telephone: 'ac_FieldInvalidMaxLengthMessage',
      ConfirmTelephone: 'ac_FieldInvalidMaxLengthMessage',
    });
    expect(await addresses(browser)).toEqual([]);
    const longest = { ...COMPANY, City: long(250), CompanyName: long(100) };
    // No number of 20 digits is a real one (libphonenumber's longest are 17), so a long real one stands in.
    const longPhone = '+49 30123456789012';
    expect(await created(browser, { ...longest, Telephone: longPhone, ConfirmTelephone: longPhone })).toMatchObject({
      city: long(250),
      companyName: long(100),
    });
  });

  it('§3 Address form field definition: the shop’s own maximum length is enforced', async () => {
    const browser = await signedIn('new', shopServer);
    const body = { ...PRIVATE, ExtraFields: { Floor: '2' } };
    expectFields(await create(browser, { ...body, City: 'x'.repeat(41) }), { City: 'ac_FieldInvalidMaxLengthMessage' });
    expect((await create(browser, { ...body, City: 'x'.repeat(40) })).statusCode).toBe(200);
  });

  it('§5 Address form: ConfirmEmail must equal Email, ConfirmTelephone must equal Telephone', async () => {
    const browser = await signedIn();
    expectFields(await create(browser, { ...PRIVATE, ConfirmEmail: 'other@example.com' }), {
      ConfirmEmail: 'ac_EmailAdressesDontMatch',
    });
    expectFields(await create(browser, { ...PRIVATE, ConfirmTelephone: '+31 612345679' }), {
      ConfirmTelephone: 'ac_TelephoneNumbersDontMatch',
    });
    expect(await addresses(browser)).toEqual([]);
    // The email confirmation ignores letter case.
    expect((await create(browser, { ...PRIVATE, ConfirmEmail: 'Anna.DeBoer@example.com' })).statusCode).toBe(200);
  });

  it('§5 Address form: company name and VAT number are not required for a private address', async () => {
    const browser = await signedIn('new', shopServer);
    const body = { ...PRIVATE, ExtraFields: { Floor: '2' } };
    expect((await create(browser, body)).statusCode).toBe(200);
    expectFields(await create(browser, { ...body, AddressType: 1 }), {
      CompanyName: 'ac_CompanyNameRequiredMessage',
      VatNumber: 'ac_VatNumberRequiredMessage',
    });
  });

  it('§3 Address: the country must be one of the shop’s countries (ac_CountryRequiredMessage)', async () => {
    const browser = await signedIn();
    expectFields(await create(browser, { ...PRIVATE, Country: 'XX' }), { Country: 'ac_CountryRequiredMessage' });
    expectFields(await create(browser, { ...PRIVATE, Country: 'NLD' }), { Country: 'ac_FieldInvalidMaxLengthMessage' });
    expect(await addresses(browser)).toEqual([]);
  });

  it('§5 Address form: the email is checked by the server (ac_EmailIsInvalidMessage)', async () => {
    const browser = await signedIn();
    for (const email of ['not-an-email', 'anna@localhost', BAD_EMAIL]) {
      expectFields(await create(browser, { ...PRIVATE, Email: email, ConfirmEmail: email }), {
        Email: 'ac_EmailIsInvalidMessage',
      });
    }
    expect(await addresses(browser)).toEqual([]);
  });

  it('§3 Address form field definition: values of the shop’s extra fields are validated and kept by orderField', async () => {
    const browser = await signedIn('new', shopServer);
    expectFields(await create(browser, PRIVATE), { Floor: 'ac_FloorRequiredMessage' });
    const address = await created(browser, { ...PRIVATE, ExtraFields: { floor: ' 3 ', Unknown: 'dropped' } });
    const [row] = await rowsOf(shopServer, { ids: [address.addressId] });
    expect(JSON.parse(row?.extraFields ?? 'null')).toEqual({ Floor: '3' });
    // A shop without extra fields keeps none.
    const plain = await created(await signedIn(), { ...PRIVATE, ExtraFields: { Floor: '3' } });
    expect((await rowsOf(server, { ids: [plain.addressId] }))[0]?.extraFields).toBeNull();
  });

  it('§5 Address form: every problem is reported at once', async () => {
    const browser = await signedIn();
    expectFields(
      await create(browser, {
        ...COMPANY,
        FirstName: '',
        City: '',
        Country: 'XX',
        Email: 'nope',
        ConfirmEmail: 'nope',
      }),
      {
        FirstName: 'ac_FirstNameRequiredMessage',
        City: 'ac_CityRequiredMessage',
        Country: 'ac_CountryRequiredMessage',
        Email: 'ac_EmailIsInvalidMessage',
      },
    );
  });
});

describe(`§5 Address form: the EU VAT reverse charge (${databaseKind})`, () => {
  it('on: a company address needs a VAT number valid for its country (ac_VatNumberIsInvalidMessage)', async () => {
    const browser = await signedIn();
    expectFields(await create(browser, { ...COMPANY, VatNumber: 'NL859048377B01' }), {
      VatNumber: 'ac_VatNumberIsInvalidMessage',
    });
    // A Belgian number is not valid for the Netherlands; a Swiss number is not an EU one.
    expectFields(await create(browser, { ...COMPANY, VatNumber: 'BE0123456749' }), {
      VatNumber: 'ac_VatNumberIsInvalidMessage',
    });
    expectFields(await create(browser, { ...COMPANY, Country: 'CH', VatNumber: 'CHE-116.281.710 MWST' }), {
      VatNumber: 'ac_VatNumberIsInvalidMessage',
    });
    expect(await addresses(browser)).toEqual([]);
    expect(await created(browser, { ...COMPANY, VatNumber: 'nl 8590.48378-b01' })).toMatchObject({
      vatNumber: 'nl 8590.48378-b01',
    });
    expect(await created(browser, { ...COMPANY, Country: 'GR', VatNumber: 'EL123456783' })).toMatchObject({
      country: 'GR',
    });
  });

  it('on: a private address, or a company address without a VAT number, is not checked', async () => {
    const browser = await signedIn();
    expect((await create(browser, { ...PRIVATE, VatNumber: 'NL859048377B01' })).statusCode).toBe(200);
    expect((await create(browser, { ...COMPANY, VatNumber: '' })).statusCode).toBe(200);
  });

  it('off: the VAT number is not checked', async () => {
    const browser = await signedIn('new', shopServer);
    const body = { ...COMPANY, VatNumber: 'NL859048377B01', ExtraFields: { Floor: '1' } };
    expect(await created(browser, body)).toMatchObject({ vatNumber: 'NL859048377B01' });
    expect(await created(browser, { ...body, Country: 'CH', VatNumber: 'CHE-116.281.710 MWST' })).toMatchObject({
      country: 'CH',
    });
  });
});

describe(`§7 PATCH /address: change an address (${databaseKind})`, () => {
  it('§7 only the fields sent change; the others keep their values; the account reflects it', async () => {
    const { browser, ids } = await shopperWith(2);
    const [before] = await rowsOf(server, { ids: [ids[1]!] });
    const address = await patched(browser, { AddressId: ids[1], City: ' Utrecht ', LastName: 'Visser' });
    expect(address).toEqual({
      ...(await addresses(browser)).find((a) => a.addressId === ids[1]),
      city: 'Utrecht',
      lastName: 'Visser',
      name: 'Anna Visser',
    });
    expect(address).toMatchObject({ firstName: 'Anna', zipCode: '1015 CJ', isBilling: false, isShipping: false });
    const [after] = await rowsOf(server, { ids: [ids[1]!] });
    expect(after).toEqual({ ...before, city: 'Utrecht', lastName: 'Visser', updatedAt: expect.any(String) });
    expect(after!.updatedAt > before!.updatedAt).toBe(true);
  });

  it('§5 Address form: the address as it would be stored is validated, with the same keys', async () => {
    const { browser, ids } = await shopperWith(1);
    const id = ids[0]!;
    const before = await addresses(browser);
    expectFields(await patch(browser, { AddressId: id, City: '' }), { City: 'ac_CityRequiredMessage' });
    expectFields(await patch(browser, { AddressId: id, Country: 'XX' }), { Country: 'ac_CountryRequiredMessage' });
    expectFields(await patch(browser, { AddressId: id, Email: 'nope' }), { Email: 'ac_EmailIsInvalidMessage' });
    expectFields(await patch(browser, { AddressId: id, Email: 'new@example.com', ConfirmEmail: 'old@example.com' }), {
      ConfirmEmail: 'ac_EmailAdressesDontMatch',
    });
    expectFields(await patch(browser, { AddressId: id, ConfirmTelephone: '+31 600000000' }), {
      ConfirmTelephone: 'ac_TelephoneNumbersDontMatch',
    });
    expectFields(await patch(browser, { AddressId: id, Telephone: '+31 6123' }), {
      Telephone: 'ac_TelephoneInvalidMinLengthMessage',
      ConfirmTelephone: 'ac_ConfirmTelephoneInvalidMinLengthMessage',
    });
    expectFields(await patch(browser, { AddressId: id, AddressType: 1, VatNumber: 'NL859048377B01' }), {
      VatNumber: 'ac_VatNumberIsInvalidMessage',
    });
    expect(await addresses(browser)).toEqual(before);
    // Without its confirmation a new email or telephone confirms itself.
    expect(
      await patched(browser, { AddressId: id, Email: 'new@example.com', Telephone: '+31 698765432' }),
    ).toMatchObject({
      email: 'new@example.com',
      telephone: '+31 698765432',
    });
  });

  it('§4 Address form: switching to private clears company name and VAT number; to company keeps what is sent', async () => {
    const { browser } = await shopperWith(0);
    const company = await created(browser, COMPANY);
    expect(await patched(browser, { AddressId: company.addressId, AddressType: 0 })).toMatchObject({
      addressType: 0,
      companyName: '',
      vatNumber: '',
    });
    expect(
      await patched(browser, {
        AddressId: company.addressId,
        AddressType: 1,
        CompanyName: 'Bos B.V.',
        VatNumber: NL_VAT,
      }),
    ).toMatchObject({ addressType: 1, companyName: 'Bos B.V.', vatNumber: NL_VAT });
  });

  it('§3 Address form field definition: extra fields sent change, the others stay', async () => {
    const browser = await signedIn('new', shopServer);
    const address = await created(browser, { ...PRIVATE, ExtraFields: { Floor: '3' } });
    await patched(browser, { AddressId: address.addressId, City: 'Delft' });
    expect(JSON.parse((await rowsOf(shopServer, { ids: [address.addressId] }))[0]!.extraFields!)).toEqual({
      Floor: '3',
    });
    expectFields(await patch(browser, { AddressId: address.addressId, ExtraFields: { Floor: ' ' } }), {
      Floor: 'ac_FloorRequiredMessage',
    });
    await patched(browser, { AddressId: address.addressId, ExtraFields: { Floor: '4' } });
    expect(JSON.parse((await rowsOf(shopServer, { ids: [address.addressId] }))[0]!.extraFields!)).toEqual({
      Floor: '4',
    });
  });

  it('§4 Set default: setting a default is not blocked by a stored address the rules no longer accept', async () => {
    // Lukas's company address has a Swiss VAT number, which the EU VAT reverse charge does not accept.
    const browser = await signedIn('demo-lukas');
    const company = (await addresses(browser)).find((a) => a.addressType === 1)!;
    expect(company.vatNumber).toBe('CHE-116.281.710 MWST');
    expect(await patched(browser, { AddressId: company.addressId, IsShipping: true })).toMatchObject({
      isBilling: true,
      isShipping: true,
    });
    // Sending the address unchanged, as a client may do, is the same.
    const { addressId: _, name: __, isBilling: ___, isShipping: ____, ...fields } = company;
    expect((await patch(browser, { ...fields, AddressId: company.addressId, IsShipping: true })).statusCode).toBe(200);
    // Changing it is held to the rules.
    expectFields(await patch(browser, { AddressId: company.addressId, City: 'Bern' }), {
      VatNumber: 'ac_VatNumberIsInvalidMessage',
    });
  });
});

describe(`§4 Set default: one default billing and one default delivery address (${databaseKind})`, () => {
  it('the first address becomes both defaults; later ones none unless asked', async () => {
    const { browser, ids } = await shopperWith(3);
    expect(await defaults(browser)).toEqual({ billing: [ids[0]], shipping: [ids[0]] });
  });

  it('a new address asking for a role takes it from the other address', async () => {
    const { browser, ids } = await shopperWith(1);
    const billing = await created(browser, { ...PRIVATE, IsBilling: true });
    expect(billing).toMatchObject({ isBilling: true, isShipping: false });
    expect(await defaults(browser)).toEqual({ billing: [billing.addressId], shipping: [ids[0]] });
  });

  it('isBilling: true moves the default billing address; the delivery one stays', async () => {
    const { browser, ids } = await shopperWith(3);
    expect(await patched(browser, { AddressId: ids[2], IsBilling: true })).toMatchObject({
      isBilling: true,
      isShipping: false,
    });
    expect(await defaults(browser)).toEqual({ billing: [ids[2]], shipping: [ids[0]] });
  });

  it('isShipping: true moves the default delivery address; the billing one stays', async () => {
    const { browser, ids } = await shopperWith(3);
    await patched(browser, { AddressId: ids[1], IsShipping: true });
    expect(await defaults(browser)).toEqual({ billing: [ids[0]], shipping: [ids[1]] });
  });

  it('an address may be both; false takes only that role away', async () => {
    const { browser, ids } = await shopperWith(2);
    await patched(browser, { AddressId: ids[1], IsBilling: true, IsShipping: true });
    expect(await defaults(browser)).toEqual({ billing: [ids[1]], shipping: [ids[1]] });
    await patched(browser, { AddressId: ids[1], IsBilling: false });
    expect(await defaults(browser)).toEqual({ billing: [], shipping: [ids[1]] });
  });

  it('§2 Address book: a default billing address switched to the delivery type', async () => {
    const { browser, ids } = await shopperWith(2);
    await patched(browser, { AddressId: ids[1], IsShipping: true });
    expect(await defaults(browser)).toEqual({ billing: [ids[0]], shipping: [ids[1]] });
    await patched(browser, { AddressId: ids[0], IsBilling: false, IsShipping: true });
    expect(await defaults(browser)).toEqual({ billing: [], shipping: [ids[0]] });
    // And back again.
    await patched(browser, { AddressId: ids[0], IsBilling: true, IsShipping: false });
    expect(await defaults(browser)).toEqual({ billing: [ids[0]], shipping: [] });
  });

  it('Emma: making another address the default billing one leaves exactly one, and her delivery address', async () => {
    const browser = await signedIn('demo-emma');
    const list = await addresses(browser);
    expect(list).toHaveLength(5);
    const delivery = list.find((a) => a.isShipping)!;
    const other = list.find((a) => !a.isBilling && !a.isShipping)!;
    await patched(browser, { AddressId: other.addressId, IsBilling: true });
    expect(await defaults(browser)).toEqual({ billing: [other.addressId], shipping: [delivery.addressId] });
  });

  it('concurrent "make A default" and "make B default" leave exactly one default of each kind', async () => {
    const { browser, ids } = await shopperWith(3);
    for (let round = 0; round < 8; round++) {
      for (const role of ['IsBilling', 'IsShipping'] as const) {
        const responses = await Promise.all(ids.map((id) => patch(browser, { AddressId: id, [role]: true })));
        for (const response of responses) expect(response.statusCode, response.body).toBe(200);
        const { billing, shipping } = await defaults(browser);
        expect(role === 'IsBilling' ? billing : shipping).toHaveLength(1);
      }
    }
    const { billing, shipping } = await defaults(browser);
    expect([billing.length, shipping.length]).toEqual([1, 1]);
  });

  it('concurrent first addresses: only one of them becomes the defaults', async () => {
    for (let round = 0; round < 4; round++) {
      const browser = await signedIn();
      const responses = await Promise.all([1, 2, 3].map((n) => create(browser, { ...PRIVATE, City: `City ${n}` })));
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
      const { billing, shipping } = await defaults(browser);
      expect(billing).toHaveLength(1);
      expect(shipping).toEqual(billing);
    }
  });
});

describe(`§7 DELETE /address/{addressId} (${databaseKind})`, () => {
  it('§4 Address delete: deletes the address; 204; the account no longer lists it', async () => {
    const { browser, ids } = await shopperWith(3);
    const response = await remove(browser, ids[2]!);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await addresses(browser)).map((a) => a.addressId)).toEqual([ids[0], ids[1]]);
    expect(await defaults(browser)).toEqual({ billing: [ids[0]], shipping: [ids[0]] });
    expect((await remove(browser, ids[2]!)).statusCode).toBe(404);
  });

  it('deleting a default address hands its roles to the oldest remaining address', async () => {
    const { browser, ids } = await shopperWith(3);
    await patched(browser, { AddressId: ids[2], IsShipping: true });
    // The billing address (the oldest) goes: the next oldest becomes the default billing address.
    expect((await remove(browser, ids[0]!)).statusCode).toBe(204);
    expect(await defaults(browser)).toEqual({ billing: [ids[1]], shipping: [ids[2]] });
    // The delivery address goes: the oldest remaining one is now both.
    expect((await remove(browser, ids[2]!)).statusCode).toBe(204);
    expect(await defaults(browser)).toEqual({ billing: [ids[1]], shipping: [ids[1]] });
    expect((await remove(browser, ids[1]!)).statusCode).toBe(204);
    expect(await addresses(browser)).toEqual([]);
  });

  it('Emma: deleting her default delivery address makes her oldest address (billing) the delivery one too', async () => {
    const browser = await signedIn('demo-emma');
    const list = await addresses(browser);
    const delivery = list.find((a) => a.isShipping)!;
    const rows = await server.app.db.kysely
      .selectFrom('addresses')
      .select(['id', 'createdAt'])
      .where(
        'id',
        'in',
        list.map((a) => a.addressId),
      )
      .orderBy('createdAt')
      .execute();
    const oldest = rows.find((r) => r.id !== delivery.addressId)!.id;
    expect((await remove(browser, delivery.addressId)).statusCode).toBe(204);
    expect((await defaults(browser)).shipping).toEqual([oldest]);
  });
});

describe(`§6 and DESIGN §4: who may do what (${databaseKind})`, () => {
  it('another shopper’s address (or an unknown one) is a 404 for PATCH and DELETE, and nothing changes', async () => {
    const owner = await shopperWith(2);
    const before = await rowsOf(server, { ids: owner.ids });
    const other = await signedIn('demo-noah');
    for (const id of [...owner.ids, 2_000_000]) {
      for (const body of [
        { AddressId: id, City: 'Elsewhere' },
        { AddressId: id, IsBilling: true },
        { AddressId: id },
      ]) {
        const response = await patch(other, body);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'not_found' });
      }
      expect((await remove(other, id)).statusCode).toBe(404);
    }
    expect(await rowsOf(server, { ids: owner.ids })).toEqual(before);
    expect(await addresses(other)).toEqual([]);
  });

  it('§6 every address call needs sign-in (401) and changes nothing', async () => {
    const owner = await shopperWith(1);
    const before = await rowsOf(server, { ids: owner.ids });
    const anonymous = new TestBrowser(server.app);
    await anonymous.open();
    for (const response of [
      await create(anonymous, PRIVATE),
      await patch(anonymous, { AddressId: owner.ids[0], City: 'Elsewhere' }),
      await remove(anonymous, owner.ids[0]!),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'unauthenticated' });
    }
    expect(await rowsOf(server, { ids: owner.ids })).toEqual(before);
  });

  it('§7 every address call needs the cross-site request token (403) and changes nothing', async () => {
    const { browser, ids } = await shopperWith(1);
    const before = await rowsOf(server, { ids });
    for (const [method, url, body] of [
      ['POST', ADDRESS, PRIVATE],
      ['PATCH', ADDRESS, { AddressId: ids[0], City: 'Elsewhere' }],
      ['DELETE', `${ADDRESS}/${ids[0]}`, undefined],
    ] as const) {
      const response = await browser.request({ method, url, body, withoutXsrf: true });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'xsrf_token_invalid' });
    }
    expect(await addresses(browser)).toHaveLength(1);
    expect(await rowsOf(server, { ids })).toEqual(before);
  });

  it('§7 a malformed request is a 400 naming the field, never a 5xx', async () => {
    const { browser, ids } = await shopperWith(1);
    expectFields(await patch(browser, { City: 'Utrecht' }), { AddressId: 'ac_FieldInvalidMessage' });
    expectFields(await patch(browser, { AddressId: 'abc' }), { AddressId: 'ac_FieldInvalidMessage' });
    expect((await create(browser, { ...PRIVATE, AddressType: 2 })).statusCode).toBe(400);
    expect((await patch(browser, { AddressId: ids[0], IsBilling: 'yes' })).statusCode).toBe(400);
    expect((await remove(browser, 'abc')).statusCode).toBe(400);
    expect((await remove(browser, 0)).statusCode).toBe(400);
    expect((await create(browser, '{not json')).statusCode).toBe(400);
  });

  it('§6 the address calls need the feature AddressBook (404 without it) and change nothing', async () => {
    const browser = await signedIn('demo-emma', featureOffServer);
    const config = (await browser.request(api('/setting'))).json() as { enableFeatures: string[] };
    expect(config.enableFeatures).not.toContain('AddressBook');
    const before = await rowsOf(featureOffServer, { shopper: (await accountOf(browser)).id });
    const id = before[0]!.id;
    for (const response of [
      await create(browser, PRIVATE),
      await patch(browser, { AddressId: id, IsShipping: true }),
      await remove(browser, id),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'feature_disabled' });
    }
    expect(await rowsOf(featureOffServer, { shopper: (await accountOf(browser)).id })).toEqual(before);
  });
});

describe(`address events for the shop's webhooks (${databaseKind})`, () => {
  let hooked: TestServer;
  beforeAll(async () => {
    // Deliveries are not the subject here: they wait in the outbox, whose events are read below.
    hooked = await startServer({ env: { WEBHOOK_POLL_INTERVAL_MS: '600000' } });
    await hooked.app.db.kysely
      .insertInto('webhookEndpoints')
      .values({
        url: 'http://127.0.0.1:9/hook',
        secret: 'x'.repeat(32),
        description: 'shop',
        createdAt: new Date().toISOString(),
      })
      .execute();
  });
  afterAll(async () => {
    await hooked?.close();
  });

  it('each change tells the shop the address as answered and the defaults as they are after it', async () => {
    const browser = await signedIn('new', hooked);
    const first = await created(browser);
    const second = await created(browser, { ...PRIVATE, City: 'Utrecht' });
    const third = await created(browser, { ...PRIVATE, City: 'Delft', IsShipping: true });
    const madeBilling = await patched(browser, { AddressId: second.addressId, IsBilling: true });
    expect((await remove(browser, third.addressId)).statusCode).toBe(204);

    const ids = [first, second, third].map((a) => a.addressId);
    const events = (await hooked.app.db.kysely.selectFrom('webhookEvents').select('payload').orderBy('id').execute())
      .map(
        (row) =>
          JSON.parse(row.payload) as { type: string; data: { addressId: number; address: unknown; defaults: unknown } },
      )
      .filter((event) => event.type.startsWith('address.') && ids.includes(event.data.addressId));
    const both = (billingAddressId: number, shippingAddressId: number) => ({ billingAddressId, shippingAddressId });
    expect(events.map((event) => [event.type, event.data.addressId, event.data.defaults])).toEqual([
      ['address.created', first.addressId, both(first.addressId, first.addressId)],
      ['address.created', second.addressId, both(first.addressId, first.addressId)],
      ['address.created', third.addressId, both(first.addressId, third.addressId)],
      ['address.updated', second.addressId, both(second.addressId, third.addressId)],
      // The delivery role goes to the oldest address left.
      ['address.deleted', third.addressId, both(second.addressId, first.addressId)],
    ]);
    expect(events.map((event) => event.data.address)).toEqual([first, second, third, madeBilling, null]);
  });
});
