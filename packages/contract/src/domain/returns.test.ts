import { describe, expect, it } from 'vitest';
import { ReturnPolicyRecord, ReturnRulesRecord } from '../integration/records.js';
import { returnLabel, returnNumber } from './returns.js';

describe('issue 46 returns', () => {
  it('a label in the shopper’s language, else English, else the first the shop gave', () => {
    const labels = { de: 'Zu klein', en: 'Too small' };
    expect(returnLabel(labels, 'de')).toBe('Zu klein');
    expect(returnLabel(labels, 'nl')).toBe('Too small');
    expect(returnLabel({ de: 'Zu klein', fr: 'Trop petit' }, 'nl')).toBe('Zu klein');
  });

  it('a return’s number is R- and its id, zero-padded to six digits', () => {
    expect(returnNumber(42)).toBe('R-000042');
    expect(returnNumber(1_234_567)).toBe('R-1234567');
  });

  it('the policy: 30 days when left out, 1 to 365, each reason and method code once, at least one label', () => {
    expect(ReturnPolicyRecord.parse({})).toEqual({ days: 30, reasons: [], methods: [] });
    expect(ReturnPolicyRecord.safeParse({ days: 0 }).success).toBe(false);
    expect(ReturnPolicyRecord.safeParse({ days: 366 }).success).toBe(false);
    const reason = { code: 'tooSmall', labels: { en: 'Too small' } };
    expect(ReturnPolicyRecord.safeParse({ reasons: [reason, reason] }).success).toBe(false);
    expect(ReturnPolicyRecord.safeParse({ reasons: [{ code: 'tooSmall', labels: {} }] }).success).toBe(false);
    const method = ReturnPolicyRecord.parse({
      methods: [{ code: 'pickup', kind: 'pickup', labels: { en: 'Pickup' } }],
    });
    expect(method.methods[0]?.cost).toBe(0);
  });

  it('an order’s rules name each line once', () => {
    const line = { line: 0, returnable: false };
    expect(ReturnRulesRecord.safeParse({ lines: [line, line] }).success).toBe(false);
    expect(ReturnRulesRecord.parse({ lines: [line] }).lines[0]?.until).toBeNull();
  });
});
