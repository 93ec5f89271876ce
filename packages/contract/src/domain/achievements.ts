/**
 * Achievement rules of spec §3 Account: the claimed ones and the display limits, which the overview
 * uses. The achievements page's rules are in achievement-progress.ts.
 */
import type { Achievement } from './entities.js';

/** §3: claimed achievements are those with a claim date, newest first. */
export function claimedAchievements<A extends Pick<Achievement, 'claimDate'>>(achievements: readonly A[]): A[] {
  return achievements
    .filter((a) => a.claimDate)
    .sort((a, b) => Date.parse(b.claimDate ?? '') - Date.parse(a.claimDate ?? ''));
}

/** §9 Display limits. */
export const MAX_ACHIEVEMENT_COINS = 16;
export const MAX_LATEST_ACHIEVEMENTS = 3;
