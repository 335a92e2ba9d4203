//! /notifications (issue 21): the notifications feature's page with the users feature's follow
//! requests on top. The page wires what neither feature may know of the other: a
//! `follow_request` notification refreshes the requests, and an answered request refreshes the
//! notifications (the server deletes the request's notification).
import { useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from '@/features/notifications/api/keys';
import { NotificationsScreen } from '@/features/notifications/components/notifications-screen';
import { isNotificationEvent } from '@/features/notifications/types';
import { userKeys } from '@/features/users/api/keys';
import { FollowRequestsSection } from '@/features/users/components/follow-requests-section';
import { useRealtimeEvent } from '@/lib/realtime-provider';

export default function NotificationsPage() {
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    if (isNotificationEvent(event) && event.notification.kind === 'follow_request') {
      void queryClient.invalidateQueries({ queryKey: userKeys.followRequests() });
    }
  });
  return (
    <NotificationsScreen
      followRequests={<FollowRequestsSection onAnswered={() => void queryClient.invalidateQueries({ queryKey: notificationKeys.all })} />}
    />
  );
}
