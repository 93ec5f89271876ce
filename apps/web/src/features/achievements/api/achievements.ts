/** The achievements' server call (spec §7): claim a reward, then reload the account. */
import type { Achievement } from '@account/contract';
import { useMutation } from '@tanstack/react-query';
import { useReloadAccount } from '@/lib/account';
import { call } from '@/lib/api';

export function useClaimAchievement() {
  const reloadAccount = useReloadAccount();
  return useMutation({
    mutationFn: (achievement: Achievement) =>
      call('claimAchievement', { params: { achievementId: achievement.achievementId } }),
    onSuccess: () => reloadAccount(),
  });
}
