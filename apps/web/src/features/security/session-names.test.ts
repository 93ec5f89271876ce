import { describe, expect, it } from 'vitest';
import { makeTranslate } from '@/lib/i18n';
import { networkFact, sessionName, withoutVersion } from './session-names';

const t = makeTranslate(
  new Map([
    ['ac_BrowserOnSystem', '{browser} on {os}'],
    ['ac_UnknownBrowser', 'Unknown browser'],
    ['ac_SameNetwork', 'On this network'],
    ['ac_OtherNetwork', 'On another network'],
  ]),
);

describe('issue 44: a session in words a shopper reads', () => {
  it('names browser and system without version numbers', () => {
    expect(sessionName({ browser: 'Chrome 156', os: 'Linux' }, t)).toBe('Chrome on Linux');
    expect(sessionName({ browser: 'Safari 17', os: 'macOS Sonoma' }, t)).toBe('Safari on macOS Sonoma');
    expect(sessionName({ browser: 'Firefox 133', os: 'Windows 10' }, t)).toBe('Firefox on Windows');
    expect(sessionName({ browser: null, os: 'iOS 17.1.2' }, t)).toBe('iOS');
    expect(sessionName({ browser: null, os: null }, t)).toBe('Unknown browser');
    expect(withoutVersion('42')).toBe('42');
  });

  it('says whether a session is on this network, never the address', () => {
    const other = { current: false, clientAddress: '198.51.100.0/24' };
    expect(networkFact(other, '198.51.100.0/24', t)).toBe('On this network');
    expect(networkFact(other, '203.0.113.0/24', t)).toBe('On another network');
    expect(networkFact({ ...other, current: true }, '198.51.100.0/24', t)).toBeNull();
    expect(networkFact(other, null, t)).toBeNull();
  });
});
