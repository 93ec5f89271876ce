/**
 * Emailed codes and sign-in times in the e2e suite's main server: the demo's outbox mail transport
 * is read back at /demo-mail, and the server's SQLite file is changed where a test cannot wait (a
 * sign-in growing old).
 */
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { mainDataDir } from './providers.config';

/** The code in the newest email the demo's outbox holds for an address, once it is there. */
export async function latestCode(page: Page, to: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const response = await page.request.get(`/demo-mail/latest?to=${encodeURIComponent(to)}`);
    expect(response.ok()).toBe(true);
    code = ((await response.json()) as { code: string | null }).code ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass();
  return code;
}

export async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
}

function inMainDatabase(work: (db: Database.Database) => void) {
  const db = new Database(path.join(mainDataDir, 'account.db'));
  try {
    work(db);
  } finally {
    db.close();
  }
}

/** Makes the sign-ins of the shopper with this email two hours old, as a session left open would be. */
export function ageSignInsOf(email: string) {
  inMainDatabase((db) =>
    db
      .prepare('update sessions set created_at = ? where shopper_id = (select id from shoppers where email = ?)')
      .run(new Date(Date.now() - 2 * 3600_000).toISOString(), email),
  );
}
