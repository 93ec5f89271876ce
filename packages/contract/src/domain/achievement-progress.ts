/**
 * The achievements page's rules (spec §2 Achievements page, §3 Achievement, §4 Achievement):
 * progress, claimability, icon and order. Apart from achievements.ts, so that the overview's first
 * screen, which shows only the claimed ones, does not load them.
 */
import { claimedAchievements } from './achievements.js';
import type { Achievement } from './entities.js';
import { formatMoney, type MoneySeparators } from './money.js';

/** §3 Achievement: the progress as a percentage of the total; 0 when there is no total to reach. */
export const achievementPercentage = (progress: number, totalProgress: number): number =>
  totalProgress > 0 ? (progress / totalProgress) * 100 : 0;

/** §3 Achievement: claimable means progress of 100 percent or more and no claim date. */
export const isAchievementClaimable = (achievement: Pick<Achievement, 'progressPercentage' | 'claimDate'>): boolean =>
  achievement.progressPercentage >= 100 && !achievement.claimDate;

/** §3 Achievement: progress as progress/total (scale types 0, 1), a percentage (2), else currency sign plus total. */
export function achievementProgressText(
  achievement: Pick<Achievement, 'scaleType' | 'progress' | 'totalProgress' | 'progressPercentage' | 'currency'>,
  separators?: MoneySeparators,
): string {
  const { scaleType, progress, totalProgress } = achievement;
  if (scaleType === 0 || scaleType === 1) return `${progress}/${totalProgress}`;
  if (scaleType === 2) return `${Math.floor(achievement.progressPercentage)}%`;
  return formatMoney({ amount: totalProgress, currency: achievement.currency ?? '' }, separators);
}

/** §2 Achievements page: the icon shows only for a claimed or claimable achievement that has one; else '?'. */
export function achievementIcon(achievement: Pick<Achievement, 'icon' | 'claimDate' | 'canClaim'>): string | null {
  return achievement.icon && (achievement.claimDate || achievement.canClaim) ? achievement.icon : null;
}

/** §4 Achievement: claimed first (newest first), then the unclaimed by progress, furthest first. */
export function orderAchievements<A extends Pick<Achievement, 'achievementId' | 'claimDate' | 'progressPercentage'>>(
  achievements: readonly A[],
): A[] {
  const unclaimed = achievements
    .filter((a) => !a.claimDate)
    .sort((a, b) => b.progressPercentage - a.progressPercentage || a.achievementId - b.achievementId);
  return [...claimedAchievements(achievements), ...unclaimed];
}
