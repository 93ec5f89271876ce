/** Address book and address form in Chromium (issue 4; spec §2 Address book, Address add and edit, §4, §5). */
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signIn, signInAsNewShopper } from './fixtures';

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

async function fillPrivateAddress(page: Page, city = 'Utrecht') {
  await page.getByRole('textbox', { name: 'First name' }).fill('Tess');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Visser');
  await page.getByRole('textbox', { name: 'Email address', exact: true }).fill('tess@example.com');
  await page.getByRole('textbox', { name: 'Confirm email address' }).fill('tess@example.com');
  await page.getByRole('textbox', { name: 'Phone number (+31)', exact: true }).fill('0612345678');
  await page.getByRole('textbox', { name: 'Confirm phone number (+31)' }).fill('0612345678');
  await page.getByRole('textbox', { name: 'Street' }).fill('Oudegracht');
  await page.getByRole('textbox', { name: 'House number' }).fill('12');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('3511 AB');
  await page.getByRole('textbox', { name: 'City' }).fill(city);
}

test.describe('§2 Address add and edit', () => {
  test('shows every validation message, and adds a private address with picked country and phone code', async ({
    page,
  }) => {
    await signInAsNewShopper(page);
    await openAddressBook(page);
    await expect(page.getByText('You have not chosen a default billing address yet.')).toBeVisible();
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

    await fillPrivateAddress(page);
    // After the first submit every change revalidates.
    await expect(page.getByText('Please enter a city.')).toBeHidden();
    await page.getByRole('textbox', { name: 'Confirm email address' }).fill('other@example.com');
    await expect(page.getByText('The email addresses do not match.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Confirm email address' }).fill('tess@example.com');
    await page.getByRole('textbox', { name: 'Phone number (+31)', exact: true }).fill('06123');
    await expect(page.getByText('The phone number is too short.').first()).toBeVisible();
    await expect(page.getByText('The phone numbers do not match.')).toBeVisible();

    // A country by typing part of its name; a phone code by typing part of a country.
    await pick(page, 'Country', 'elgi', /Belgium/);
    await expect(page.getByRole('combobox', { name: 'Country', exact: true })).toHaveValue('Belgium');
    await pick(page, 'Country code', 'belg', /Belgium/, 'Phone number');
    await page.getByRole('textbox', { name: 'Phone number (+32)', exact: true }).fill('470 12-34-56');
    await expect(page.getByRole('textbox', { name: 'Phone number (+32)', exact: true })).toHaveValue('470123456');
    await pick(page, 'Country code', 'belg', /Belgium/, 'Confirm phone number');
    await page.getByRole('textbox', { name: 'Confirm phone number (+32)' }).fill('470123456');

    // The email is checked with the server on submit.
    await page.getByRole('textbox', { name: 'Email address', exact: true }).fill('tess@localhost');
    await page.getByRole('textbox', { name: 'Confirm email address' }).fill('tess@localhost');
    await page.getByRole('button', { name: 'Add address' }).click();
    await expect(page.getByText('This email address is not valid.')).toBeVisible();
    await expect(page).toHaveURL(/\/addresses\/add$/);
    await page.getByRole('textbox', { name: 'Email address', exact: true }).fill('tess@example.com');
    await page.getByRole('textbox', { name: 'Confirm email address' }).fill('tess@example.com');
    await page.getByRole('button', { name: 'Add address' }).click();

    await expect(page).toHaveURL(/\/account\/addresses$/);
    // The first address becomes the default billing and delivery address.
    const billing = page.getByRole('region', { name: 'Billing address' });
    await expect(billing).toContainText('Oudegracht 12');
    await expect(billing).toContainText('3511 AB Utrecht, Belgium');
    await expect(billing).toContainText('+32 470123456');
    await expect(page.getByRole('region', { name: 'Delivery address' })).toContainText('Oudegracht 12');
  });

  test('a company address needs a valid EU VAT number; private hides the company fields', async ({ page }) => {
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

    // Editing presets Company; choosing Private clears and hides the company fields.
    await page.getByRole('region', { name: 'Billing address' }).getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('radio', { name: 'Company' })).toBeChecked();
    await page.getByRole('radio', { name: 'Private' }).check();
    await expect(page.getByRole('textbox', { name: /Company name/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page).toHaveURL(/\/account\/addresses$/);
    await expect(page.getByRole('region', { name: 'Billing address' })).not.toContainText('Vissers Bikes');
  });

  test('an id that is not the shopper’s goes back to the address book', async ({ page }) => {
    await signIn(page, 'Noah');
    await page.goto('/account/addresses/edit/1');
    await expect(page).toHaveURL(/\/account\/addresses$/);
  });
});

test.describe('§2 Address book', () => {
  test('edits, switches defaults both ways, sets an other address as default, deletes with confirm', async ({
    page,
  }) => {
    await signInAsNewShopper(page);
    for (const city of ['Utrecht', 'Leiden']) {
      await page.goto('/account/addresses/add');
      await fillPrivateAddress(page, city);
      await page.getByRole('button', { name: 'Add address' }).click();
      await expect(page).toHaveURL(/\/account\/addresses$/);
    }
    const billing = page.getByRole('region', { name: 'Billing address' });
    const delivery = page.getByRole('region', { name: 'Delivery address' });
    const others = page.getByRole('region', { name: 'Other addresses' });
    await expect(billing).toContainText('Utrecht');
    await expect(others).toContainText('Leiden');
    await expectNoAxeViolations(page);

    // The other-address popup offers billing or delivery; clicking outside closes it.
    await others.getByRole('button', { name: 'Set as default' }).click();
    await expect(others.getByRole('group', { name: 'Default for' })).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(others.getByRole('group', { name: 'Default for' })).toHaveCount(0);
    await others.getByRole('button', { name: 'Set as default' }).click();
    await others.getByRole('button', { name: 'Delivery address' }).click();
    await expect(delivery).toContainText('Leiden');
    await expect(billing).toContainText('Utrecht');
    await expect(page.getByRole('region', { name: 'Other addresses' })).toHaveCount(0);

    // Switch the default billing address to delivery, and back.
    await billing.getByRole('button', { name: 'Make default delivery address' }).click();
    await expect(delivery).toContainText('Utrecht');
    await expect(billing).toContainText('You have not chosen a default billing address yet.');
    await delivery.getByRole('button', { name: 'Make default billing address' }).click();
    await expect(billing).toContainText('Utrecht');

    // Edit.
    await billing.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'City' }).fill('Amersfoort');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(billing).toContainText('Amersfoort');

    // Delete: No cancels, Yes deletes.
    await billing.getByRole('button', { name: 'Delete' }).click();
    await expect(billing.getByText('Are you sure?')).toBeVisible();
    await billing.getByRole('button', { name: 'No' }).click();
    await expect(billing).toContainText('Amersfoort');
    await billing.getByRole('button', { name: 'Delete' }).click();
    await billing.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Amersfoort')).toHaveCount(0);
  });
});
