/**
 * The rate limits around one-time codes (spec §9 Verification), for SMS and email codes alike:
 * a gap between two sends, sends per shopper, per recipient, per client address and in all, and
 * code submissions. Each use has its own counters (its own limit names).
 */

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CodeRules } from '../../config.js';
import type { Limit, RateLimiters } from '../../http/rate-limit.js';

const HOUR = 3600;

export interface CodeLimits {
  /** The least time between two codes for a shopper or recipient; null when no gap is asked for. */
  resendGap: Limit | null;
  sendsPerShopper: Limit;
  /** Per telephone number or email address the codes go to. */
  sendsPerRecipient: Limit;
  /** Per client address: new accounts cost nothing, so one client could otherwise send without end. */
  sendsPerClient: Limit;
  /** Over the whole shop: what an attacker with many addresses can still make us send (and pay for). */
  sendsInAll: Limit;
  /** Code submissions per shopper or recipient. */
  verify: Limit;
}

/** The counters' names of one use; existing names are kept so deployed counters carry on. */
export interface CodeLimitNames {
  gap: string;
  shopper: string;
  recipient: string;
  client: string;
  all: string;
  verify: string;
}

export function codeLimits(limit: RateLimiters, names: CodeLimitNames, rules: CodeRules): CodeLimits {
  return {
    resendGap:
      rules.resendIntervalSeconds > 0
        ? limit({ name: names.gap, points: 1, windowSeconds: rules.resendIntervalSeconds })
        : null,
    sendsPerShopper: limit({ name: names.shopper, points: rules.resendsPerHour, windowSeconds: HOUR }),
    sendsPerRecipient: limit({ name: names.recipient, points: rules.resendsPerHour, windowSeconds: HOUR }),
    sendsPerClient: limit({ name: names.client, points: rules.sendsPerAddressPerHour, windowSeconds: HOUR }),
    sendsInAll: limit({ name: names.all, points: rules.sendsInAllPerHour, windowSeconds: HOUR }),
    verify: limit({ name: names.verify, points: rules.verifyAttemptsPerHour, windowSeconds: HOUR }),
  };
}

/**
 * Counts one send against the limits; throws (429) when over one. The shopper is absent for a
 * sign-in code (nobody is signed in), and the gap then applies to the recipient.
 */
export async function throttleSend(
  limits: CodeLimits,
  request: FastifyRequest,
  reply: FastifyReply,
  to: { shopperId: number | null; recipient: string },
): Promise<void> {
  const recipient = `recipient:${to.recipient}`;
  const shopper = to.shopperId === null ? null : `shopper:${to.shopperId}`;
  await limits.resendGap?.(request, reply, shopper ?? recipient);
  if (shopper) await limits.sendsPerShopper(request, reply, shopper);
  await limits.sendsPerRecipient(request, reply, recipient);
  // Last, so sends refused by the narrower limits do not use up everyone's allowance.
  await limits.sendsPerClient(request, reply);
  await limits.sendsInAll(request, reply, 'all');
}
