/** Address book and address form in Chromium (issue 4; spec §2 Address book, Address add and edit, §4, §5). */
import { expect, type Page } from '@playwright/test';
import {
  ANY_WIDTH,
  callApi,
  expectNoAxeViolations,
  fillPrivateAddress,
  signInAs,
  signInAsNewShopper,
  test,
} from './fixtures';

async function openAddressBook(page: Page) {
  await page.goto('/account/addresses');
  await expect(page.getByRole('heading', { level: 1, name: 'Address book' })).toBeVisible();
}

/** Types part of a name into a picker (inside a field group, when given) and chooses the option that appears. */
async function pick(page: Page, label: string, typed: string, option: RegExp, group?: string) {
  const scope = group ? page.getByRole('group', { name: group, exact: true }) : page;
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill('');
  await input.pressSequentially(typed);
  // §5: the list filters by case-insensitive substring on the name.
  await expect(page.getByRole('option', { name: option })).toBeVisible();
  // On touch screens the list is placed once the on-screen keyboard has settled.
  await expect(page.getByRole('option', { name: option })).toBeInViewport();
  for (const text of await page.getByRole('option').allTextContents()) expect(text.toLowerCase()).toContain(typed);
  await page.getByRole('option', { name: option }).click();
}

/**
 * Adds an address through the API, as the form would send it: setting up a test of the address
 * book takes a call, not a form filled in.
 */
async function addAddress(page: Page, city: string, fields: Record<string, string | number | boolean> = {}) {
  await callApi(page, 'POST', '/address', {
    FirstName: 'Tess',
    LastName: 'Visser',
    Email: 'tess@example.com',
    ConfirmEmail: 'tess@example.com',
    Telephone: '+31 612345678',
    ConfirmTelephone: '+31 612345678',
    Country: 'NL',
    Address: 'Oudegracht',
    AddressNumber: '12',
    ZipCode: '3511 AB',
    City: city,
    ...fields,
  });
}

test.describe('§2 Address add and edit', () => {
  test('an empty address book offers to add one; an empty form shows every required-field message', async ({
    page,
  }) => {
    await signInAsNewShopper(page);
    await openAddressBook(page);
    await expect(page.getByRole('heading', { name: 'No addresses yet' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Billing address' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Other addresses' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Add a new address' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add address' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Add address' }).click();
    for (const message of [
      'Please enter a first name.',
      'Please enter a last name.',
      'Please enter an email address.',
      'Please enter the email address again.',
      'Please enter a phone number.',
      'Please enter the phone number again.',
      'Please enter a street.',
      'Please enter a house number.',
      'Please enter a postcode.',
      'Please enter a city.',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('textbox', { name: 'First name' })).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test(
    'after the first submit every change revalidates: emails and phone numbers must match',
    ANY_WIDTH,
    async ({ page }) => {
      await signInAsNewShopper(page);
      await page.goto('/account/addresses/add');
      await page.getByRole('button', { name: 'Add address' }).click();
      await expect(page.getByText('Please enter a city.')).toBeVisible();
      await fillPrivateAddress(page);
      await expect(page.getByText('Please enter a city.')).toBeHidden();
      await page.getByRole('textbox', { name: 'Confirm email address' }).fill('other@example.com');
      await expect(page.getByText('The email addresses do not match.')).toBeVisible();
      await page.getByRole('textbox', { name: 'Confirm email address' }).fill('tess@example.com');
      await expect(page.getByText('The email addresses do not match.')).toBeHidden();
      await page.getByRole('textbox', { name: 'Phone number (+31)', exact: true }).fill('06123');
      await expect(page.getByText('The phone number is too short.').first()).toBeVisible();
      await expect(page.getByText('The phone numbers do not match.')).toBeVisible();
    },
  );

  test('adds a private address with a country and a phone code picked by typing part of a name', async ({ page }) => {
    await signInAsNewShopper(page);
    await page.goto('/account/addresses/add');
    await fillPrivateAddress(page);
    await pick(page, 'Country', 'elgi', /Belgium/);
    await expect(page.getByRole('combobox', { name: 'Country', exact: true })).toHaveValue('Belgium');
    await pick(page, 'Country code', 'belg', /Belgium/, 'Phone number');
    await page.getByRole('textbox', { name: 'Phone number (+32)', exact: true }).fill('470 12-34-56');
    await expect(page.getByRole('textbox', { name: 'Phone number (+32)', exact: true })).toHaveValue('470123456');
    await pick(page, 'Country code', 'belg', /Belgium/, 'Confirm phone number');
    await page.getByRole('textbox', { name: 'Confirm phone number (+32)' }).fill('470123456');
    await page.getByRole('button', { name: 'Add address' }).click();

    await expect(page).toHaveURL(/\/account\/addresses$/);
    const billing = page.getByRole('region', { name: 'Billing address' });
    await expect(billing).toContainText('3511 AB Utrecht, Belgium');
    await expect(billing).toContainText('+32 470123456');
  });

  test(
    'the server checks the email on submit; the first address becomes the default billing and delivery address',
    ANY_WIDTH,
    async ({ page }) => {
      await signInAsNewShopper(page);
      await page.goto('/account/addresses/add');
      await fillPrivateAddress(page);
      await page.getByRole('textbox', { name: 'Email address', exact: true }).fill('tess@localhost');
      await page.getByRole('textbox', { name: 'Confirm email address' }).fill('tess@localhost');
      await page.getByRole('button', { name: 'Add address' }).click();
      await expect(page.getByText('This email address is not valid.')).toBeVisible();
      await expect(page).toHaveURL(/\/addresses\/add$/);
      await page.getByRole('textbox', { name: 'Email address', exact: true }).fill('tess@example.com');
      await page.getByRole('textbox', { name: 'Confirm email address' }).fill('tess@example.com');
      await page.getByRole('button', { name: 'Add address' }).click();

      await expect(page).toHaveURL(/\/account\/addresses$/);
      await expect(page.getByRole('region', { name: 'Billing address' })).toContainText('Oudegracht 12');
      await expect(page.getByRole('region', { name: 'Delivery address' })).toContainText('Oudegracht 12');
    },
  );

  test(
    'a company address needs a valid EU VAT number; private hides the company fields',
    ANY_WIDTH,
    async ({ page }) => {
      await signInAsNewShopper(page);
      await page.goto('/account/addresses/add');
      await expect(page.getByRole('textbox', { name: /Company name/ })).toHaveCount(0);
      await page.getByRole('radio', { name: 'Company' }).check();
      await fillPrivateAddress(page, 'Amsterdam');
      await page.getByRole('textbox', { name: /Company name/ }).fill('Vissers Bikes B.V.');
      await page.getByRole('textbox', { name: /VAT number/ }).fill('NL123456789B01');
      await page.getByRole('button', { name: 'Add address' }).click();
      await expect(page.getByText('This VAT number is not valid for the chosen country.')).toBeVisible();
      await page.getByRole('textbox', { name: /VAT number/ }).fill('NL859048378B01');
      await page.getByRole('button', { name: 'Add address' }).click();
      await expect(page).toHaveURL(/\/account\/addresses$/);
      await expect(page.getByRole('region', { name: 'Billing address' })).toContainText('Vissers Bikes B.V.');
    },
  );

  test(
    'editing a company address presets Company; choosing Private clears and hides the company fields',
    ANY_WIDTH,
    async ({ page }) => {
      await signInAsNewShopper(page);
      await addAddress(page, 'Amsterdam', {
        AddressType: 1,
        CompanyName: 'Vissers Bikes B.V.',
        VatNumber: 'NL859048378B01',
      });
      await openAddressBook(page);
      const billing = page.getByRole('region', { name: 'Billing address' });
      await expect(billing).toContainText('Vissers Bikes B.V.');
      await billing.getByRole('link', { name: 'Edit' }).click();
      await expect(page.getByRole('radio', { name: 'Company' })).toBeChecked();
      await page.getByRole('radio', { name: 'Private' }).check();
      await expect(page.getByRole('textbox', { name: /Company name/ })).toHaveCount(0);
      await page.getByRole('button', { name: 'Save address' }).click();
      await expect(page).toHaveURL(/\/account\/addresses$/);
      await expect(billing).toContainText('Amsterdam');
      await expect(billing).not.toContainText('Vissers Bikes');
    },
  );

  test('an id that is not the shopper’s goes back to the address book', ANY_WIDTH, async ({ page }) => {
    await signInAs(page, 'Noah');
    await page.goto('/account/addresses/edit/1');
    await expect(page).toHaveURL(/\/account\/addresses$/);
  });
});

test.describe('§2 Address book', () => {
  test('an other address is made the default delivery or billing address from a popup; clicking outside closes it', async ({
    page,
  }) => {
    await signInAsNewShopper(page);
    await addAddress(page, 'Utrecht');
    await addAddress(page, 'Leiden');
    await openAddressBook(page);
    const billing = page.getByRole('region', { name: 'Billing address' });
    const delivery = page.getByRole('region', { name: 'Delivery address' });
    const others = page.getByRole('region', { name: 'Other addresses' });
    await expect(billing).toContainText('Utrecht');
    await expect(others).toContainText('Leiden');
    await expectNoAxeViolations(page);

    await others.getByRole('button', { name: 'Set as default' }).click();
    await expect(others.getByRole('group', { name: 'Default for' })).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(others.getByRole('group', { name: 'Default for' })).toHaveCount(0);
    await others.getByRole('button', { name: 'Set as default' }).click();
    await others.getByRole('button', { name: 'Delivery address' }).click();
    await expect(delivery).toContainText('Leiden');
    await expect(billing).toContainText('Utrecht');
    await expect(page.getByRole('region', { name: 'Other addresses' })).toHaveCount(0);
  });

  test('the default billing address becomes the delivery address, and back', ANY_WIDTH, async ({ page }) => {
    await signInAsNewShopper(page);
    await addAddress(page, 'Utrecht');
    await addAddress(page, 'Leiden', { IsShipping: true });
    await openAddressBook(page);
    const billing = page.getByRole('region', { name: 'Billing address' });
    const delivery = page.getByRole('region', { name: 'Delivery address' });
    await expect(billing).toContainText('Utrecht');
    await expect(delivery).toContainText('Leiden');

    await billing.getByRole('button', { name: 'Make default delivery address' }).click();
    await expect(delivery).toContainText('Utrecht');
    await expect(billing).toContainText('You have not chosen a default billing address yet.');
    await delivery.getByRole('button', { name: 'Make default billing address' }).click();
    await expect(billing).toContainText('Utrecht');
  });

  test('country names are in the interface language, on the card and in the form', ANY_WIDTH, async ({ page }) => {
    // Lukas reads the account area in German and lives in Switzerland.
    await signInAs(page, 'Lukas');
    await page.goto('/account/addresses');
    const billing = page.getByRole('region', { name: 'Rechnungsadresse' });
    await expect(billing).toContainText('8001 Zürich, Schweiz');
    await billing.getByRole('link', { name: 'Bearbeiten' }).click();
    await expect(page.getByRole('combobox', { name: 'Land', exact: true })).toHaveValue('Schweiz');
  });

  test('an address is edited from its card', ANY_WIDTH, async ({ page }) => {
    await signInAsNewShopper(page);
    await addAddress(page, 'Utrecht');
    await openAddressBook(page);
    const billing = page.getByRole('region', { name: 'Billing address' });
    await billing.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'City' }).fill('Amersfoort');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page).toHaveURL(/\/account\/addresses$/);
    await expect(billing).toContainText('Amersfoort');
  });

  test('an address is deleted after confirming: No keeps it, Yes deletes it', async ({ page }) => {
    await signInAsNewShopper(page);
    await addAddress(page, 'Amersfoort');
    await openAddressBook(page);
    const billing = page.getByRole('region', { name: 'Billing address' });
    await billing.getByRole('button', { name: 'Delete' }).click();
    await expect(billing.getByText('Are you sure?')).toBeVisible();
    await billing.getByRole('button', { name: 'No' }).click();
    await expect(billing).toContainText('Amersfoort');
    await billing.getByRole('button', { name: 'Delete' }).click();
    await billing.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Amersfoort')).toHaveCount(0);
  });
});
