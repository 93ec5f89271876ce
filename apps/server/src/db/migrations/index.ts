import type { Migration } from 'kysely';
import * as initialSchema from './2026-11-21-001-initial-schema.js';
import * as rateLimits from './2026-11-22-001-rate-limits.js';
import * as phoneAndAvatar from './2026-11-22-002-phone-and-avatar.js';
import * as orderSearch from './2026-11-22-003-order-search.js';
import * as voucherClaimCodes from './2026-11-22-004-voucher-claim-codes.js';
import * as productPrices from './2026-11-22-005-product-prices.js';
import * as integration from './2026-11-22-006-integration.js';
import * as webhooks from './2026-11-22-007-webhooks.js';
import * as emailVerification from './2026-11-24-001-email-verification.js';
import * as idempotencyKeys from './2026-11-25-002-idempotency-keys.js';
import * as moneyTenThousandths from './2026-11-25-003-money-ten-thousandths.js';
import * as mail from './2026-11-25-004-mail.js';
import * as emailCodes from './2026-11-25-005-email-codes.js';
import * as securityCentre from './2026-11-26-001-security-centre.js';
import * as accountDeletion from './2026-11-26-002-account-deletion.js';
import * as orderPartsInOrder from './2026-11-26-003-order-parts-in-order.js';
import * as achievementsVersion from './2026-11-27-001-achievements-version.js';
import * as orderPartsFollowLines from './2026-11-27-002-order-parts-follow-lines.js';
import * as sessionsEndedNotice from './2026-11-27-003-sessions-ended-notice.js';
import * as signInCodeFlows from './2026-11-29-001-sign-in-code-flows.js';
import * as customPageTitles from './2026-11-29-002-custom-page-titles.js';
import * as shipments from './2026-11-29-003-shipments.js';
import * as productAvailability from './2026-11-29-004-product-availability.js';
import * as returns from './2026-11-29-005-returns.js';
import * as notifications from './2026-11-29-006-notifications.js';
import * as orderPartsTriggersOldSqlite from './2026-11-29-007-order-parts-triggers-old-sqlite.js';
import * as invoicePdfs from './2026-11-29-008-invoice-pdfs.js';

/**
 * A migration, and whether a build that does not know it can still run on the schema it leaves.
 * Additive: it only adds what an older build neither reads nor must write (new tables, columns
 * that are nullable or have a default, indexes that refuse nothing it writes, triggers that keep
 * the new columns in step). Otherwise a contract step: kept rare, by expand, migrate, contract over
 * two releases (README: Upgrades). The mark is recorded in the database as the step runs
 * (db/migrate.ts), so a build that does not know the step can read it.
 */
export interface Step extends Migration {
  additive: boolean;
}

const additive = (migration: Migration): Step => ({ ...migration, additive: true });
const contract = (migration: Migration): Step => ({ ...migration, additive: false });

/**
 * Every migration in order; names sort by date. Never edit a migration that has shipped. The
 * contract steps all ran before the first release.
 */
export const migrations: Record<string, Step> = {
  '2026-11-21-001-initial-schema': additive(initialSchema),
  '2026-11-22-001-rate-limits': additive(rateLimits),
  '2026-11-22-002-phone-and-avatar': additive(phoneAndAvatar),
  // an older build's orders would get no search text, and its orders list lost its index
  '2026-11-22-003-order-search': contract(orderSearch),
  // a unique index refuses campaign codes an older build accepted (the same but for case)
  '2026-11-22-004-voucher-claim-codes': contract(voucherClaimCodes),
  '2026-11-22-005-product-prices': additive(productPrices),
  '2026-11-22-006-integration': additive(integration),
  '2026-11-22-007-webhooks': additive(webhooks),
  // an older build changing an email would leave it marked verified
  '2026-11-24-001-email-verification': contract(emailVerification),
  '2026-11-25-002-idempotency-keys': additive(idempotencyKeys),
  // renamed every money column and rescaled its amounts
  '2026-11-25-003-money-ten-thousandths': contract(moneyTenThousandths),
  '2026-11-25-004-mail': additive(mail),
  '2026-11-25-005-email-codes': additive(emailCodes),
  '2026-11-26-001-security-centre': additive(securityCentre),
  '2026-11-26-002-account-deletion': additive(accountDeletion),
  // the line tables stay, and 2026-11-27-002 keeps the copies in step with an older build's writes
  '2026-11-26-003-order-parts-in-order': additive(orderPartsInOrder),
  '2026-11-27-001-achievements-version': additive(achievementsVersion),
  '2026-11-27-002-order-parts-follow-lines': additive(orderPartsFollowLines),
  '2026-11-27-003-sessions-ended-notice': additive(sessionsEndedNotice),
  '2026-11-29-001-sign-in-code-flows': additive(signInCodeFlows),
  '2026-11-29-002-custom-page-titles': additive(customPageTitles),
  '2026-11-29-003-shipments': additive(shipments),
  '2026-11-29-004-product-availability': additive(productAvailability),
  '2026-11-29-005-returns': additive(returns),
  // an older build would take a text message queued then for an email to a telephone number: the
  // text is lost, nothing else
  '2026-11-29-006-notifications': additive(notifications),
  // the same triggers, written for older SQLite
  '2026-11-29-007-order-parts-triggers-old-sqlite': additive(orderPartsTriggersOldSqlite),
  // a new table an older build neither reads nor writes
  '2026-11-29-008-invoice-pdfs': additive(invoicePdfs),
};
