/**
 * §7 POST /shopUser/updateAccount on the real server and database: the edit-profile form (§2 Edit
 * profile, §5 Profile) and the wizard's single fields (§4 Profile wizard, §5 Wizard), with the
 * spec's keys, the server's email check, and the telephone verification lost on a new number.
 * Bodies are sent with capitalised keys, as the web client does (§7).
 */
import { Account, ProfileModel } from '@account/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './support/browser.js';
import { accountOf, signIn } from './support/sign-in.js';
import { api, databaseKind, startServer, type TestServer } from './support/test-app.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const UPDATE = api('/shopUser/updateAccount');

const PROFILE = {
  Gender: 1,
  FirstName: 'Anna',
  LastName: 'de Boer',
  Email: 'anna.deboer@example.com',
  ConfirmEmail: 'anna.deboer@example.com',
  Telephone: '+31 687654321',
  ConfirmTelephone: '+31 687654321',
  BirthDate: '1990/05/17',
};

/** Passes the shared schema's email format but not the server's check (local part over 64). */
const SCHEMA_ONLY_EMAIL = `${'a'.repeat(65)}@example.com`;

/**
 * A fresh shopper of its own, so tests do not step on each other's data. Its email is unverified
 * (as from a provider that does not vouch for it), so a new address is saved at once; a verified
 * one would wait for its emailed code (email-verification.test.ts).
 */
async function freshShopper(): Promise<{ browser: TestBrowser; id: number }> {
  const browser = new TestBrowser(server.app);
  await signIn(browser, 'new');
  const id = (await accountOf(browser)).id;
  await server.app.db.kysely.updateTable('shoppers').set({ emailVerifiedBy: null }).where('id', '=', id).execute();
  return { browser, id };
}

const save = (browser: TestBrowser, body: unknown) => browser.request({ method: 'POST', url: UPDATE, body });

/** Gives the shopper a verified telephone number, as a finished SMS verification does. */
async function verifiedPhone(id: number, telephone: string): Promise<string> {
  const verifiedAt = new Date(Date.now() - 86_400_000).toISOString();
  await server.app.db.kysely
    .updateTable('shoppers')
    .set({ telephone, telephoneVerifyDate: verifiedAt })
    .where('id', '=', id)
    .execute();
  return verifiedAt;
}

/** A 400 in the one error body whose fields are exactly `fields`. */
function expectFields(response: Awaited<ReturnType<typeof save>>, fields: Record<string, string>) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ status: 400, code: 'validation_failed', message: expect.any(String), fields });
}

describe(`§7 POST /shopUser/updateAccount: the edit-profile form (${databaseKind})`, () => {
  it('§2 Edit profile: saves every field, trimmed, the birth date as yyyy-MM-dd, and answers the account', async () => {
    const { browser } = await freshShopper();
    const response = await save(browser, { ...PROFILE, FirstName: '  Anna ', Email: ' anna.deboer@example.com ' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const saved = Account.parse(response.json());
    expect(saved).toMatchObject({
      gender: 1,
      firstName: 'Anna',
      lastName: 'de Boer',
      email: 'anna.deboer@example.com',
      telephone: '+31 687654321',
      birthDate: '1990-05-17',
      isTelephoneVerified: false,
    });
    expect(await accountOf(browser)).toEqual(saved);
  });

  it('§9 Dates: yyyy-MM-dd is accepted too; an empty birth date clears it; a missing one keeps it', async () => {
    const { browser } = await freshShopper();
    expect((await save(browser, { ...PROFILE, BirthDate: '1985-12-01' })).json().birthDate).toBe('1985-12-01');
    const { BirthDate: _, ...withoutBirthDate } = PROFILE;
    expect((await save(browser, withoutBirthDate)).json().birthDate).toBe('1985-12-01');
    expect((await save(browser, { ...PROFILE, BirthDate: '' })).json().birthDate).toBeNull();
  });

  it.each([
    ['FirstName', { FirstName: 'ac_FirstNameRequiredMessage' }],
    ['LastName', { LastName: 'ac_LastNameRequiredMessage' }],
    // A blank email or telephone no longer equals its (filled in) confirmation either.
    ['Email', { Email: 'ac_EmailRequiredMessage', ConfirmEmail: 'ac_EmailAndConfirmEmailMissMatch' }],
    ['ConfirmEmail', { ConfirmEmail: 'ac_ConfirmEmailRequiredMessage' }],
    [
      'Telephone',
      { Telephone: 'ac_TelephoneRequiredMessage', ConfirmTelephone: 'ac_TelephoneAndConfirmTelephoneMissMatch' },
    ],
    ['ConfirmTelephone', { ConfirmTelephone: 'ac_ConfirmTelephoneRequiredMessage' }],
  ])('§5 Profile: %s is required (blank, whitespace or null): 400 with its own key', async (field, fields) => {
    const { browser } = await freshShopper();
    const before = await accountOf(browser);
    for (const value of ['', '   ', null]) {
      expectFields(await save(browser, { ...PROFILE, [field]: value }), fields);
    }
    expect(await accountOf(browser)).toEqual(before);
  });

  it('§5 Profile: a missing required field is reported like a blank one (the body is still the profile model)', async () => {
    const { browser } = await freshShopper();
    const { FirstName: _, ...withoutFirstName } = PROFILE;
    expectFields(await save(browser, withoutFirstName), { FirstName: 'ac_FirstNameRequiredMessage' });
    const { ConfirmTelephone: __, ...withoutConfirmTelephone } = PROFILE;
    expectFields(await save(browser, withoutConfirmTelephone), {
      ConfirmTelephone: 'ac_ConfirmTelephoneRequiredMessage',
    });
  });

  it('§5 Profile: Email must equal ConfirmEmail (ac_EmailAndConfirmEmailMissMatch)', async () => {
    const { browser } = await freshShopper();
    expectFields(await save(browser, { ...PROFILE, ConfirmEmail: 'anna.deboer@example.org' }), {
      ConfirmEmail: 'ac_EmailAndConfirmEmailMissMatch',
    });
  });

  it('§5 Profile: Telephone must equal ConfirmTelephone (ac_TelephoneAndConfirmTelephoneMissMatch)', async () => {
    const { browser } = await freshShopper();
    expectFields(await save(browser, { ...PROFILE, ConfirmTelephone: '+31 687654322' }), {
      ConfirmTelephone: 'ac_TelephoneAndConfirmTelephoneMissMatch',
    });
  });

  it('§5 Profile: the telephone is at most 15 characters (16 refused as too long on both fields)', async () => {
    const { browser } = await freshShopper();
    const fifteen = '+31612345678901';
    const ok = await save(browser, { ...PROFILE, Telephone: fifteen, ConfirmTelephone: fifteen });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().telephone).toBe(fifteen);
    const sixteen = `${fifteen}2`;
    expectFields(await save(browser, { ...PROFILE, Telephone: sixteen, ConfirmTelephone: sixteen }), {
      Telephone: 'ac_FieldInvalidMaxLengthMessage',
      ConfirmTelephone: 'ac_FieldInvalidMaxLengthMessage',
    });
    expect((await accountOf(browser)).telephone).toBe(fifteen);
  });

  it('§5 Profile: a malformed email gives ac_EmailIsInvalidMessage (shared schema)', async () => {
    const { browser } = await freshShopper();
    expectFields(await save(browser, { ...PROFILE, Email: 'anna@shop', ConfirmEmail: 'anna@shop' }), {
      Email: 'ac_EmailIsInvalidMessage',
    });
  });

  it('§5 Profile: an email the server check refuses gives ac_EmailIsInvalidMessage and saves nothing', async () => {
    // The shared schema lets it through: what refuses it is the server's email check.
    const model = { gender: 1, firstName: 'A', lastName: 'B', telephone: '0612', confirmTelephone: '0612' };
    expect(
      ProfileModel.safeParse({ ...model, email: SCHEMA_ONLY_EMAIL, confirmEmail: SCHEMA_ONLY_EMAIL }).success,
    ).toBe(true);
    const { browser } = await freshShopper();
    const before = await accountOf(browser);
    expectFields(await save(browser, { ...PROFILE, Email: SCHEMA_ONLY_EMAIL, ConfirmEmail: SCHEMA_ONLY_EMAIL }), {
      Email: 'ac_EmailIsInvalidMessage',
    });
    expect(await accountOf(browser)).toEqual(before);
  });

  it('§3 Profile edit model: an impossible birth date is refused with ac_BirthDateInvalidMessage', async () => {
    const { browser } = await freshShopper();
    expectFields(await save(browser, { ...PROFILE, BirthDate: '2023/02/30' }), {
      BirthDate: 'ac_BirthDateInvalidMessage',
    });
  });
});

describe(`§3 gender 1 (Mr) or 2 (Mrs) on POST /shopUser/updateAccount (${databaseKind})`, () => {
  it('§5 Profile and §5 Wizard: another gender is refused with ac_GenderInvalidMessage', async () => {
    const { browser } = await freshShopper();
    expectFields(await save(browser, { ...PROFILE, Gender: 3 }), { Gender: 'ac_GenderInvalidMessage' });
    expectFields(await save(browser, { Gender: 0 }), { Gender: 'ac_GenderInvalidMessage' });
    expect((await save(browser, { Gender: 2 })).json().gender).toBe(2);
  });
});

describe(`§7 POST /shopUser/updateAccount: the wizard's single fields (${databaseKind})`, () => {
  it('§4 Profile wizard: each step saves its own field and leaves the others as they were', async () => {
    const { browser } = await freshShopper();
    await save(browser, PROFILE);
    const steps: [Record<string, unknown>, Partial<Account>][] = [
      [{ Gender: 2 }, { gender: 2 }],
      [{ FirstName: '  Bea ' }, { firstName: 'Bea' }],
      [{ LastName: 'Bakker' }, { lastName: 'Bakker' }],
      [{ Email: 'bea@example.com' }, { email: 'bea@example.com' }],
      [{ Telephone: '0612' }, { telephone: '0612' }],
      [{ BirthDate: '2001/02/03' }, { birthDate: '2001-02-03' }],
    ];
    let expected = await accountOf(browser);
    for (const [body, change] of steps) {
      const response = await save(browser, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(200);
      expected = { ...expected, ...change };
      expect(Account.parse(response.json())).toEqual(expected);
    }
  });

  it('§5 Wizard: text steps need non-blank text; telephone more than 3 characters; salutation 1 or 2; a birthday', async () => {
    const { browser } = await freshShopper();
    await save(browser, PROFILE);
    const before = await accountOf(browser);
    expectFields(await save(browser, { FirstName: '  ' }), { FirstName: 'ac_FirstNameRequiredMessage' });
    expectFields(await save(browser, { LastName: '' }), { LastName: 'ac_LastNameRequiredMessage' });
    expectFields(await save(browser, { Telephone: '061' }), { Telephone: 'ac_TelephoneRequiredMessage' });
    expectFields(await save(browser, { Telephone: '+316123456789012' }), {
      Telephone: 'ac_FieldInvalidMaxLengthMessage',
    });
    expectFields(await save(browser, { BirthDate: '' }), { BirthDate: 'ac_BirthDateRequiredMessage' });
    expectFields(await save(browser, { BirthDate: null }), { BirthDate: 'ac_BirthDateRequiredMessage' });
    expect(await accountOf(browser)).toEqual(before);
  });

  it('§5 Wizard: the invalid-email key is ac_InvalidEmailAddress, from the schema and from the server check', async () => {
    const { browser } = await freshShopper();
    await save(browser, PROFILE);
    expectFields(await save(browser, { Email: 'anna' }), { Email: 'ac_InvalidEmailAddress' });
    expectFields(await save(browser, { Email: SCHEMA_ONLY_EMAIL }), { Email: 'ac_InvalidEmailAddress' });
    expect((await accountOf(browser)).email).toBe(PROFILE.Email);
  });

  it('§5 Wizard: a wizard step cannot blank the email', async () => {
    const { browser } = await freshShopper();
    await save(browser, PROFILE);
    for (const email of ['', '   ']) {
      expectFields(await save(browser, { Email: email }), { Email: 'ac_InvalidEmailAddress' });
    }
    expect((await accountOf(browser)).email).toBe(PROFILE.Email);
  });

  it('fields outside the wizard (id, imageUrl, firstTimeLogin, telephoneVerifyDate) are refused, nothing saved', async () => {
    const { browser } = await freshShopper();
    const before = await accountOf(browser);
    for (const body of [
      { Id: 1 },
      { ImageUrl: 'https://evil.example/a.png' },
      { FirstTimeLogin: false },
      { TelephoneVerifyDate: '2024-01-01T00:00:00.000Z' },
      { FirstName: 'Eve', IsTelephoneVerified: true },
    ]) {
      const response = await save(browser, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await accountOf(browser)).toEqual(before);
  });

  it('a body that is not an object is a 400', async () => {
    const { browser } = await freshShopper();
    for (const body of ['"Anna"', '[]', '42', 'null']) {
      const response = await browser.request({
        method: 'POST',
        url: UPDATE,
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, body).toBe(400);
    }
  });
});

describe(`§4 Telephone: a changed number is no longer verified (${databaseKind})`, () => {
  it('the edit-profile form with a new number clears the verification', async () => {
    const { browser, id } = await freshShopper();
    await verifiedPhone(id, '+31 612345678');
    expect((await accountOf(browser)).isTelephoneVerified).toBe(true);
    const saved = (await save(browser, PROFILE)).json() as Account;
    expect(saved.telephone).toBe(PROFILE.Telephone);
    expect(saved.telephoneVerifyDate).toBeNull();
    expect(saved.isTelephoneVerified).toBe(false);
  });

  it('the wizard with a new number clears the verification', async () => {
    const { browser, id } = await freshShopper();
    await verifiedPhone(id, '+31 612345678');
    const saved = (await save(browser, { Telephone: '+31 699999999' })).json() as Account;
    expect(saved.isTelephoneVerified).toBe(false);
    expect(saved.telephoneVerifyDate).toBeNull();
  });

  it('the same number, or the same digits in another layout, keeps the verification', async () => {
    const { browser, id } = await freshShopper();
    const verifiedAt = await verifiedPhone(id, '+31 612345678');
    const same = { ...PROFILE, Telephone: '+31 612345678', ConfirmTelephone: '+31 612345678' };
    for (const body of [same, { Telephone: '+31612345678' }, { Telephone: '+31-6-1234-5678' }, { FirstName: 'Nel' }]) {
      const saved = (await save(browser, body)).json() as Account;
      expect(saved.telephoneVerifyDate, JSON.stringify(body)).toBe(verifiedAt);
      expect(saved.isTelephoneVerified).toBe(true);
    }
  });

  it('a refused save leaves the verification alone', async () => {
    const { browser, id } = await freshShopper();
    const verifiedAt = await verifiedPhone(id, '+31 612345678');
    expectFields(await save(browser, { ...PROFILE, ConfirmTelephone: '+31 600000000' }), {
      ConfirmTelephone: 'ac_TelephoneAndConfirmTelephoneMissMatch',
    });
    expect((await accountOf(browser)).telephoneVerifyDate).toBe(verifiedAt);
  });
});

describe(`§7 POST /shopUser/updateAccount: sign-in, XSRF and other shoppers (${databaseKind})`, () => {
  it('answers 401 when nobody is signed in', async () => {
    const browser = new TestBrowser(server.app);
    await browser.open();
    const response = await save(browser, PROFILE);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, code: 'unauthenticated' });
  });

  it('answers 403 without the X-XSRF-TOKEN header, and saves nothing', async () => {
    const { browser } = await freshShopper();
    const before = await accountOf(browser);
    const response = await browser.request({ method: 'POST', url: UPDATE, body: PROFILE, withoutXsrf: true });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ status: 403, code: 'xsrf_token_invalid' });
    expect(await accountOf(browser)).toEqual(before);
  });

  it("saves the signed-in shopper's own account only", async () => {
    const one = await freshShopper();
    const other = await freshShopper();
    const otherBefore = await accountOf(other.browser);
    await save(one.browser, { ...PROFILE, Id: other.id });
    await save(one.browser, PROFILE);
    expect(await accountOf(other.browser)).toEqual(otherBefore);
    expect((await accountOf(one.browser)).email).toBe(PROFILE.Email);
  });
});
