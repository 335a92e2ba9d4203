import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Transcription } from '../types';
import { settingsKeys } from './keys';

/** GET /api/user/settings/transcription → {available}: whether this server has a transcription model (issue 47). */
export async function getTranscription(): Promise<Transcription> {
  const res = await apiRequest('GET', '/api/user/settings/transcription');
  return (await res.json()) as Transcription;
}

export function transcriptionQueryOptions() {
  // A server's model is installed or not until it restarts: asked once a visit.
  return queryOptions({ queryKey: settingsKeys.transcription(), queryFn: getTranscription, staleTime: Infinity });
}

export function useTranscription() {
  return useQuery(transcriptionQueryOptions());
}
