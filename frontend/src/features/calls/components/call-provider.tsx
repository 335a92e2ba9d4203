//! The calls of the signed-in app: one CallController fed by the realtime socket, its overlays
//! drawn above every screen (an incoming call rings wherever the user is), and the notification
//! permission asked on load. Mounted by the app shell inside the RealtimeProvider.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { toast } from '@/components/ui/use-toast';
import { useLatest } from '@/hooks/use-latest';
import { useRealtimeClient, useRealtimeEvent } from '@/lib/realtime-provider';
import { readSettings } from '@/lib/settings';
import { rtcConfigQueryOptions } from '../api/get-rtc-config';
import { CallController } from '../call-controller';
import { CallContext } from '../hooks/use-call';
import { notifyIncomingCall, requestNotificationPermission } from '../notifications';
import { createRingtone } from '../ringtone';
import { CallLayer, type RenderLeaveVoicemail } from './call-layer';

async function microphone(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser cannot use a microphone here');
  return navigator.mediaDevices.getUserMedia({ audio: true, video: false });
}

export function CallProvider({
  children,
  renderLeaveVoicemail,
}: {
  children: ReactNode;
  /** Offered when a call we placed goes unanswered (the voicemail feature's recorder). */
  renderLeaveVoicemail?: RenderLeaveVoicemail;
}) {
  const client = useRealtimeClient();
  const queryClient = useQueryClient();
  const clientRef = useLatest(client);

  const [controller] = useState(
    // The controller keeps these callbacks and calls them from socket events, timers and user
    // actions, never while it is constructed; the compiler cannot see that, so it flags the ref.
    // eslint-disable-next-line react-hooks/refs -- the ref is read later, not during render
    () =>
      new CallController({
        send: (event) => clientRef.current?.send(event) ?? false,
        socketOpen: () => clientRef.current?.status === 'open',
        iceServers: async () => (await queryClient.fetchQuery(rtcConfigQueryOptions())).iceServers,
        getUserMedia: microphone,
        createPeerConnection: (configuration) => new RTCPeerConnection(configuration),
        // The settings are read when a call rings: 'Sound effects' and 'Push Notifications'.
        ringtone: createRingtone(() => readSettings(queryClient).soundEffects),
        notifyIncoming: (callerName) =>
          readSettings(queryClient).pushNotifications ? notifyIncomingCall(callerName) : () => {},
        now: () => Date.now(),
      }),
  );

  useRealtimeEvent((event) => controller.handleEvent(event));
  useEffect(() => client?.onStatusChange((status) => controller.socketStatusChanged(status)), [client, controller]);
  useEffect(() => () => controller.dispose(), [controller]);
  useEffect(() => requestNotificationPermission(() => toast({ title: 'Notifications Enabled' })), []);

  return (
    <CallContext.Provider value={controller}>
      {children}
      <CallLayer renderLeaveVoicemail={renderLeaveVoicemail} />
    </CallContext.Provider>
  );
}
