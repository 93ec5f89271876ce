/** The notification choices' server calls (issue 47): per event and channel, read and changed. */
import type { NotificationChoice } from '@account/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';

export const notificationsQuery = queryOptions({
  queryKey: ['notifications'],
  queryFn: () => call('getNotifications'),
});

/** The choices that change (the others stay); `keepalive` when the shopper is leaving the page. */
interface NotificationsSave {
  choices: NotificationChoice[];
  keepalive?: boolean;
}

/** Saves changed choices; the answer, every choice as now saved, replaces the cached settings. */
export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ choices, keepalive }: NotificationsSave) =>
      call('updateNotifications', { body: { choices }, keepalive }),
    onSuccess: (saved) => queryClient.setQueryData(notificationsQuery.queryKey, saved),
  });
}
