//! The call's full-screen sheets (docs/voice-contract.md): incoming (the caller's name or
//! 'Unknown User', 'Incoming voice call', accept and reject), outgoing ('Calling...', cancel),
//! in-call ('Connecting...' then the mm:ss timer, mute, speaker, end), and, when a call we placed
//! goes unanswered, what happened with 'Leave a voicemail'. Loaded apart from the app's first
//! chunk (call-layer.tsx fetches it once the app is up).
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Mic, MicOff, Phone, PhoneOff, Voicemail, Volume1, Volume2, X, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { formatMmSs } from '@/lib/duration';
import { cn } from '@/lib/utils';
import type { CallState, UnansweredReason } from '../call-machine';
import { useCallController } from '../hooks/use-call';
import type { CallPeer } from '../types';
import type { RenderLeaveVoicemail } from './call-layer';

const UNANSWERED_TEXT: Record<UnansweredReason, string> = {
  timeout: 'No answer',
  declined: 'Call declined',
  busy: 'On another call',
  offline: 'Offline',
  unavailable: 'Unavailable',
};

type Tone = 'accept' | 'danger' | 'neutral';

const toneClass: Record<Tone, string> = {
  accept: 'bg-emerald-500 text-white hover:bg-emerald-400',
  danger: 'bg-red-500 text-white hover:bg-red-400',
  neutral: 'bg-white/10 text-white hover:bg-white/20 aria-pressed:bg-white aria-pressed:text-zinc-900',
};

function RoundAction({
  label,
  icon: Icon,
  tone,
  onClick,
  pressed,
}: {
  label: string;
  icon: LucideIcon;
  tone: Tone;
  onClick: () => void;
  pressed?: boolean;
}) {
  return (
    <div className="flex w-20 flex-col items-center gap-2">
      <button
        type="button"
        aria-label={label}
        aria-pressed={pressed}
        onClick={onClick}
        className={cn('grid size-16 place-items-center rounded-full transition', toneClass[tone])}
      >
        <Icon aria-hidden="true" className="size-7" />
      </button>
      <span aria-hidden="true" className="text-xs text-zinc-300">
        {label}
      </span>
    </div>
  );
}

/** The full-screen sheet every call state uses: who, what is happening, and the actions. */
function CallSheet({ peer, status, children }: { peer: CallPeer; status: ReactNode; children: ReactNode }) {
  const statusId = useId();
  const content = useRef<HTMLDivElement>(null);
  return (
    <DialogPrimitive.Root open>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-[60] bg-black" />
        <DialogPrimitive.Content
          ref={content}
          aria-describedby={statusId}
          // Focus starts on the sheet, not on an action: a stray Enter neither answers nor hangs up.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            content.current?.focus();
          }}
          // Only the buttons end a call: Escape and outside presses do nothing.
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed inset-0 z-[60] mx-auto flex w-full max-w-[480px] flex-col items-center justify-between overflow-y-auto bg-gradient-to-b from-indigo-950 via-zinc-950 to-black px-6 pt-20 pb-[calc(3rem+env(safe-area-inset-bottom))] text-white focus:outline-none"
        >
          <div className="flex flex-col items-center gap-4 text-center">
            <Avatar src={peer.profileImageUrl} name={peer.displayName} className="size-28 text-4xl" />
            <DialogPrimitive.Title className="text-2xl font-semibold break-words">{peer.displayName}</DialogPrimitive.Title>
            <div id={statusId} className="text-base text-zinc-300">
              {status}
            </div>
          </div>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** The current time from the caller's mount, ticking each second. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function InCallStatus({ connectedAt }: { connectedAt: number | null }) {
  if (connectedAt === null) return <p>Connecting...</p>;
  return <CallDuration connectedAt={connectedAt} />;
}

/** Mounted when the call connects, so its clock starts then. */
function CallDuration({ connectedAt }: { connectedAt: number }) {
  const now = useNow();
  return (
    <p role="timer" aria-label="Call duration" className="font-mono text-lg tabular-nums">
      {formatMmSs((now - connectedAt) / 1000)}
    </p>
  );
}

function UnansweredSheet({
  state,
  renderLeaveVoicemail,
}: {
  state: Extract<CallState, { status: 'ended' }>;
  renderLeaveVoicemail?: RenderLeaveVoicemail;
}) {
  const controller = useCallController();
  const [leaving, setLeaving] = useState(false);
  const dismiss = () => controller.dismiss();
  // Nobody leaves a voicemail for someone blocked either way (the server would refuse it).
  const offerVoicemail = renderLeaveVoicemail && state.reason !== 'unavailable';
  return (
    <CallSheet peer={state.peer} status={<p>{UNANSWERED_TEXT[state.reason]}</p>}>
      {leaving && renderLeaveVoicemail ? (
        <div className="w-full">{renderLeaveVoicemail({ recipient: state.peer, onDone: dismiss })}</div>
      ) : (
        <div className="flex w-full flex-col gap-3">
          {offerVoicemail && (
            <Button onClick={() => setLeaving(true)} className="min-h-12 w-full">
              <Voicemail aria-hidden="true" className="size-5" />
              Leave a voicemail
            </Button>
          )}
          <Button variant="secondary" onClick={dismiss} className="min-h-12 w-full">
            <X aria-hidden="true" className="size-5" />
            Close
          </Button>
        </div>
      )}
    </CallSheet>
  );
}

export default function CallOverlay({ state, renderLeaveVoicemail }: { state: CallState; renderLeaveVoicemail?: RenderLeaveVoicemail }) {
  const controller = useCallController();
  switch (state.status) {
    case 'idle':
      return null;
    case 'incoming':
      return (
        <CallSheet peer={state.peer} status={<p>Incoming voice call</p>}>
          <div className="flex gap-16">
            <RoundAction label="Reject" icon={PhoneOff} tone="danger" onClick={() => controller.reject()} />
            <RoundAction label="Accept" icon={Phone} tone="accept" onClick={() => void controller.accept()} />
          </div>
        </CallSheet>
      );
    case 'calling':
      return (
        <CallSheet peer={state.peer} status={<p className="animate-pulse">Calling...</p>}>
          <RoundAction label="Cancel" icon={PhoneOff} tone="danger" onClick={() => controller.cancel()} />
        </CallSheet>
      );
    case 'in-call':
      return (
        <CallSheet peer={state.peer} status={<InCallStatus connectedAt={state.connectedAt} />}>
          <div className="flex gap-4">
            {/* Named for what a press does ('Unmute' once muted, issue 43), so no aria-pressed as well. */}
            <RoundAction
              label={state.muted ? 'Unmute' : 'Mute'}
              icon={state.muted ? MicOff : Mic}
              tone="neutral"
              onClick={() => controller.toggleMute()}
            />
            <RoundAction
              label="Speaker"
              icon={state.speakerOn ? Volume2 : Volume1}
              tone="neutral"
              pressed={state.speakerOn}
              onClick={() => controller.toggleSpeaker()}
            />
            <RoundAction label="End call" icon={PhoneOff} tone="danger" onClick={() => controller.hangUp()} />
          </div>
        </CallSheet>
      );
    case 'ended':
      return <UnansweredSheet state={state} renderLeaveVoicemail={renderLeaveVoicemail} />;
  }
}

