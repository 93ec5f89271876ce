import { describe, expect, it } from 'vitest';
import {
  achievementIcon,
  achievementPercentage,
  achievementProgressText,
  isAchievementClaimable,
  orderAchievements,
} from './achievement-progress.js';
import { claimedAchievements } from './achievements.js';

describe('§3 Account: claimed achievements', () => {
  it('are those with a claim date, sorted newest first', () => {
    const list = [
      { id: 1, claimDate: '2025-01-01T00:00:00Z' },
      { id: 2, claimDate: null },
      { id: 3, claimDate: '2026-05-01T00:00:00Z' },
      { id: 4, claimDate: '2025-07-01T00:00:00Z' },
    ];
    expect(claimedAchievements(list).map((a) => a.id)).toEqual([3, 4, 1]);
  });
});

const progressOf = (scaleType: number, progress: number, totalProgress: number, currency: string | null = null) => ({
  scaleType,
  progress,
  totalProgress,
  progressPercentage: achievementPercentage(progress, totalProgress),
  currency,
});

describe('§3 Achievement: progress percentage and can-claim', () => {
  it('the percentage is progress over total; 0 when there is no total', () => {
    expect(achievementPercentage(3, 4)).toBe(75);
    expect(achievementPercentage(4, 4)).toBe(100);
    expect(achievementPercentage(6, 4)).toBe(150);
    expect(achievementPercentage(5, 0)).toBe(0);
  });

  it('claimable means progress of 100 percent or more and no claim date', () => {
    expect(isAchievementClaimable({ progressPercentage: 100, claimDate: null })).toBe(true);
    expect(isAchievementClaimable({ progressPercentage: 133.3, claimDate: null })).toBe(true);
    expect(isAchievementClaimable({ progressPercentage: 99.9, claimDate: null })).toBe(false);
    expect(isAchievementClaimable({ progressPercentage: 100, claimDate: '2026-01-01T00:00:00.000Z' })).toBe(false);
  });
});

describe('§3 Achievement: progress text', () => {
  it('reads progress/total for scale types 0 and 1', () => {
    expect(achievementProgressText(progressOf(0, 3, 5))).toBe('3/5');
    expect(achievementProgressText(progressOf(1, 7, 10))).toBe('7/10');
  });

  it('reads a whole percentage for scale type 2', () => {
    expect(achievementProgressText(progressOf(2, 2, 3))).toBe('66%');
    expect(achievementProgressText(progressOf(2, 3, 3))).toBe('100%');
  });

  it('reads the currency sign plus the total otherwise, with the shop’s separators', () => {
    expect(achievementProgressText(progressOf(3, 40, 1000, 'EUR'), { decimalSep: ',', thousandSep: '.' })).toBe(
      '€ 1.000,00',
    );
  });
});

describe('§2 Achievements page: icon', () => {
  it('shows the icon of a claimed or claimable achievement', () => {
    expect(achievementIcon({ icon: '/a.svg', claimDate: '2026-01-01T00:00:00Z', canClaim: false })).toBe('/a.svg');
    expect(achievementIcon({ icon: '/a.svg', claimDate: null, canClaim: true })).toBe('/a.svg');
  });

  it("shows '?' without an icon, or when neither claimed nor claimable", () => {
    expect(achievementIcon({ icon: null, claimDate: '2026-01-01T00:00:00Z', canClaim: false })).toBeNull();
    expect(achievementIcon({ icon: '/a.svg', claimDate: null, canClaim: false })).toBeNull();
  });
});

describe('§4 Achievement: order after a claim', () => {
  it('puts the claimed first, newest first, then the unclaimed by progress descending', () => {
    const list = [
      { achievementId: 1, claimDate: null, progressPercentage: 20 },
      { achievementId: 2, claimDate: '2026-03-01T10:00:00Z', progressPercentage: 100 },
      { achievementId: 3, claimDate: null, progressPercentage: 100 },
      { achievementId: 4, claimDate: '2026-05-01T10:00:00Z', progressPercentage: 100 },
      { achievementId: 5, claimDate: null, progressPercentage: 60 },
    ];
    expect(orderAchievements(list).map((a) => a.achievementId)).toEqual([4, 2, 3, 5, 1]);
  });
});
