//! What a call puts above the app: its sheet (call-overlay.tsx, loaded apart), the other side's
//! audio, and the rule that opening another conversation ends the call (docs/decisions.md).
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useCallController, useCallSnapshot } from '../hooks/use-call';
import type { CallPeer } from '../types';

/** Draws the voicemail recorder for `recipient`; `onDone` closes it (sent or given up). */
export type RenderLeaveVoicemail = (props: { recipient: CallPeer; onDone: () => void }) => ReactNode;

/** The other side's volume with the speaker off: browsers cannot pick the earpiece, so it is quieter. */
export const EARPIECE_VOLUME = 0.3;

const loadOverlay = () => import('./call-overlay');
const CallOverlay = lazy(loadOverlay);

/** The open conversation's id on /chat/{id}, else null. */
function openConversation(path: string): number | null {
  const match = /^\/chat\/(\d+)\/?$/.exec(path);
  return match ? Number(match[1]) : null;
}

export function CallLayer({ renderLeaveVoicemail }: { renderLeaveVoicemail?: RenderLeaveVoicemail }) {
  const controller = useCallController();
  const { state, remoteStream } = useCallSnapshot();
  const audio = useRef<HTMLAudioElement>(null);
  const [location] = useLocation();
  const previousLocation = useRef(location);
  const speakerOn = state.status !== 'in-call' || state.speakerOn;

  // Fetched once the app is up, so that the first call does not wait for it.
  useEffect(() => {
    void loadOverlay();
  }, []);

  // Opening another conversation ends the call; other screens keep it.
  useEffect(() => {
    if (previousLocation.current === location) return;
    previousLocation.current = location;
    const current = controller.state;
    const open = openConversation(location);
    if (current.status !== 'idle' && open !== null && open !== current.conversationId) controller.endAny();
  }, [location, controller]);

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    element.srcObject = remoteStream;
    // Autoplay may be refused before the user touched the page; the audio then starts on the next touch.
    if (remoteStream) Promise.resolve(element.play()).catch(() => {});
  }, [remoteStream]);

  useEffect(() => {
    if (audio.current) audio.current.volume = speakerOn ? 1 : EARPIECE_VOLUME;
  }, [speakerOn]);

  return (
    <>
      {/* The other person's live voice: there is no text to caption a call with. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a live call has no caption track */}
      <audio ref={audio} autoPlay hidden data-testid="call-audio" />
      {state.status !== 'idle' && (
        <Suspense fallback={null}>
          <CallOverlay state={state} renderLeaveVoicemail={renderLeaveVoicemail} />
        </Suspense>
      )}
    </>
  );
}
