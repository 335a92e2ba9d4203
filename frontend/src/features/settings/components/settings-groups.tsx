//! The settings switches (docs/admin-contract.md) in four groups, loaded from GET
//! /api/user/settings and saved as each one changes (optimistic: the switch moves at once and goes back with a toast on failure). A
//! group may end with an entry the page hands in (Privacy & Security: 'Blocked accounts'). The
//! Private Account switch is live (issue 20); while on, it says what turning it off does. The
//! Notifications group also says which kinds notify at all (issue 21), and its Push switch asks
//! the browser and subscribes it (hooks/use-push-switch.ts). 'Voice Auto-transcription' (issue 47)
//! says what it does when this server has a transcription model, and that nothing is transcribed
//! (off, not to be switched) when it has none.
import { useId, type ReactNode } from 'react';
import { Switch } from '@/components/ui/switch';
import { DEFAULT_SETTINGS, useSettings, type Settings } from '@/lib/settings';
import { useTranscription } from '../api/get-transcription';
import { useUpdateSettings } from '../api/update-settings';
import { usePushSwitch } from '../hooks/use-push-switch';

interface SwitchRow {
  key: keyof Settings;
  label: string;
  description: string;
  /** Shown under the switch whatever its state: a setting that is stored but has no effect yet says so. */
  note?: string;
  /** Shown under the description while the switch is on: what turning it off does. */
  whenOn?: string;
}

export const SETTINGS_GROUPS: Array<{ title: string; rows: SwitchRow[] }> = [
  {
    title: 'Notifications',
    rows: [
      { key: 'pushNotifications', label: 'Push Notifications', description: 'Browser notifications for calls and messages' },
      { key: 'voiceMessageNotifications', label: 'Voice Messages', description: 'Notify me of new voice messages' },
      { key: 'chatMessageNotifications', label: 'Chat Messages', description: 'Notify me of new chat messages' },
      // Issue 21: which kinds of activity make a notification at all.
      { key: 'likeNotifications', label: 'Likes', description: 'Notify me when someone likes my posts, reels or comments' },
      { key: 'commentNotifications', label: 'Comments', description: 'Notify me of comments and replies' },
      { key: 'mentionNotifications', label: 'Mentions', description: 'Notify me when someone mentions me' },
      { key: 'followNotifications', label: 'Follows', description: 'Notify me of new followers and follow requests' },
    ],
  },
  {
    title: 'Privacy & Security',
    rows: [
      {
        key: 'privateAccount',
        label: 'Private Account',
        description: 'For approving followers before they see your posts',
        whenOn: 'Only your followers see your posts, reels and stories. Turning it off approves every pending follow request.',
      },
      // Issue 22: off, nobody sees your reads and you see nobody's (WhatsApp's rule).
      {
        key: 'readReceipts',
        label: 'Read Receipts',
        description: "Let people see when you've read their messages",
        whenOn: "Turning it off hides your reads, and you won't see anyone else's.",
      },
      // Issue 43: on, only a post's or reel's author hears your voice reactions to it.
      {
        key: 'voiceReactionsPrivacy',
        label: 'Voice Reactions Privacy',
        description: 'For keeping your voice reactions private',
        whenOn: 'Only the creator hears your voice reactions. Turning it off lets anyone who sees the post or reel hear them.',
      },
      // Issue 43: off, nobody else can send your posts and reels into a chat.
      {
        key: 'share3dContent',
        label: '3D Content Sharing',
        description: 'Allow others to share your 3D content',
        whenOn: 'Others can send your posts and reels into chats. Turning it off stops them; you can always share your own.',
      },
    ],
  },
  {
    title: 'Creative Tools',
    rows: [
      {
        key: 'aiMoodDetection',
        label: 'AI Mood Detection',
        description: 'For mood suggestions on what you create',
        note: 'Not available yet: the assistant works the same either way',
      },
      // Issue 47: what it says depends on the server (transcriptionRow).
      { key: 'voiceAutoTranscription', label: 'Voice Auto-transcription', description: 'Transcribe voice messages automatically' },
      // Issue 43: on, Home's 3D view mode tilts and zooms the cards; off (or a system asking for
      // reduced motion), they stay flat everywhere.
      {
        key: 'highQuality3d',
        label: '3D Content Quality',
        description: 'For showing 3D content in high quality',
        whenOn: "The 3D view tilts and zooms the cards. Turning it off shows them flat, as your system's reduced-motion setting does.",
      },
    ],
  },
  {
    title: 'App Preferences',
    rows: [
      { key: 'darkTheme', label: 'Dark Theme', description: 'Use the dark look' },
      { key: 'autoPlayVideos', label: 'Auto-play Videos', description: 'Play reels as they come into view' },
      { key: 'soundEffects', label: 'Sound Effects', description: 'Ringtone and message sounds' },
    ],
  },
];

/** 'Voice Auto-transcription' on a server that transcribes: what it does, and what turning it off does. */
export const TRANSCRIPTION_ON =
  'Your voice messages, voicemails and voice reactions are transcribed on this server. Turning it off deletes their transcripts.';
/** … and on a server without a model. */
export const NO_TRANSCRIPTION = 'This server has no transcription model installed, so nothing is transcribed';

/** 'Voice Auto-transcription' as this server can honour it; as it is while that is not known. */
function transcriptionRow(row: SwitchRow, available: boolean | undefined): SwitchRow {
  if (available === true) return { ...row, whenOn: TRANSCRIPTION_ON };
  if (available === false) return { ...row, note: NO_TRANSCRIPTION };
  return row;
}

function SettingRow({
  row,
  checked,
  onChange,
  status,
  disabled,
}: {
  row: SwitchRow;
  checked: boolean;
  onChange: (on: boolean) => void;
  /** What just happened, announced politely (the push switch: 'Notifications are blocked…'). */
  status?: string | null;
  disabled?: boolean;
}) {
  const id = useId();
  const hint = checked ? row.whenOn : undefined;
  const describedBy = [`${id}-description`, hint && `${id}-hint`, row.note && `${id}-note`, status && `${id}-status`]
    .filter(Boolean)
    .join(' ');
  return (
    <li className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <p id={`${id}-label`} className="text-sm font-medium text-zinc-100">
          {row.label}
        </p>
        <p id={`${id}-description`} className="text-xs text-zinc-400">
          {row.description}
        </p>
        {hint && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-400">
            {hint}
          </p>
        )}
        {row.note && (
          <p id={`${id}-note`} className="mt-1 text-xs text-amber-300">
            {row.note}
          </p>
        )}
        {status !== undefined && (
          <p id={`${id}-status`} role="status" className="mt-1 text-xs text-amber-300 empty:hidden">
            {status}
          </p>
        )}
      </div>
      <Switch
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
      />
    </li>
  );
}

export function SettingsGroups({ extras = {} }: { extras?: Partial<Record<string, ReactNode>> } = {}) {
  const settings = useSettings();
  const update = useUpdateSettings();
  const push = usePushSwitch();
  const transcription = useTranscription();
  const values = settings.data ?? DEFAULT_SETTINGS;

  return (
    <>
      {SETTINGS_GROUPS.map((group) => (
        <section
          key={group.title}
          aria-label={group.title}
          className="rounded-2xl border border-white/10 bg-white/5 px-4 py-2"
          aria-busy={settings.isPending || undefined}
        >
          <h2 className="pt-2 text-sm font-semibold tracking-wide text-zinc-300 uppercase">{group.title}</h2>
          <ul className="divide-y divide-white/10">
            {group.rows.map((shown) => {
              const transcribing = shown.key === 'voiceAutoTranscription';
              const row = transcribing ? transcriptionRow(shown, transcription.data?.available) : shown;
              return row.key === 'pushNotifications' ? (
                <SettingRow
                  key={row.key}
                  row={row}
                  checked={values[row.key]}
                  onChange={(on) => void push.onChange(on)}
                  status={push.message}
                  disabled={push.pending}
                />
              ) : (
                <SettingRow
                  key={row.key}
                  row={row}
                  // A switch with a note has no effect (issue 43): off and disabled. Transcription's
                  // waits, too, until the server says whether it transcribes at all.
                  checked={row.note ? false : values[row.key]}
                  disabled={Boolean(row.note) || (transcribing && transcription.isPending)}
                  onChange={(on) => update.mutate({ [row.key]: on })}
                />
              );
            })}
            {extras[group.title] && <li>{extras[group.title]}</li>}
          </ul>
        </section>
      ))}
    </>
  );
}
