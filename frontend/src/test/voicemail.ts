//! Fixtures for voicemail: a voicemail from Leo (id 2) to the signed-in `me`.
import type { Voicemail } from '@/features/voicemail/types';

let nextVoicemailId = 700;

export function aVoicemail(overrides: Partial<Voicemail> = {}): Voicemail {
  return {
    id: nextVoicemailId++,
    fromUser: { id: 2, username: 'leo', displayName: 'Leo Park', profileImageUrl: null },
    duration: 7,
    isListened: false,
    transcript: null,
    transcribing: false,
    voiceUrl: '/media/voicemail-1.webm',
    createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
    ...overrides,
  };
}
