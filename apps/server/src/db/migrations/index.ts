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
import * as invoicePdfs from './2026-11-29-009-invoice-pdfs.js';

/** Every migration in order; names sort by date. Never edit a migration that has shipped. */
export const migrations: Record<string, Migration> = {
  '2026-11-21-001-initial-schema': initialSchema,
  '2026-11-22-001-rate-limits': rateLimits,
  '2026-11-22-002-phone-and-avatar': phoneAndAvatar,
  '2026-11-22-003-order-search': orderSearch,
  '2026-11-22-004-voucher-claim-codes': voucherClaimCodes,
  '2026-11-22-005-product-prices': productPrices,
  '2026-11-22-006-integration': integration,
  '2026-11-22-007-webhooks': webhooks,
  '2026-11-24-001-email-verification': emailVerification,
  '2026-11-25-002-idempotency-keys': idempotencyKeys,
  '2026-11-25-003-money-ten-thousandths': moneyTenThousandths,
  '2026-11-25-004-mail': mail,
  '2026-11-25-005-email-codes': emailCodes,
  '2026-11-26-001-security-centre': securityCentre,
  '2026-11-26-002-account-deletion': accountDeletion,
  '2026-11-26-003-order-parts-in-order': orderPartsInOrder,
  '2026-11-27-001-achievements-version': achievementsVersion,
  '2026-11-27-002-order-parts-follow-lines': orderPartsFollowLines,
  '2026-11-27-003-sessions-ended-notice': sessionsEndedNotice,
  '2026-11-29-001-sign-in-code-flows': signInCodeFlows,
  '2026-11-29-002-custom-page-titles': customPageTitles,
  '2026-11-29-003-shipments': shipments,
  '2026-11-29-004-product-availability': productAvailability,
  '2026-11-29-005-returns': returns,
  '2026-11-29-006-notifications': notifications,
  '2026-11-29-009-invoice-pdfs': invoicePdfs,
};
