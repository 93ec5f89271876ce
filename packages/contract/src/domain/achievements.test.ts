import { describe, expect, it } from 'vitest';
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
