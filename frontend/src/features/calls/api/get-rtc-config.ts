import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { RtcConfig } from '../types';
import { callKeys } from './keys';

/** TURN credentials last 24 h (docs/voice-contract.md); an hour-old answer is still good. */
const RTC_CONFIG_FRESH_MS = 60 * 60 * 1000;

/** GET /api/rtc/config → the ICE servers for a call's RTCPeerConnection. */
export async function getRtcConfig(): Promise<RtcConfig> {
  const res = await apiRequest('GET', '/api/rtc/config');
  return (await res.json()) as RtcConfig;
}

export function rtcConfigQueryOptions() {
  return queryOptions({ queryKey: callKeys.rtcConfig(), queryFn: getRtcConfig, staleTime: RTC_CONFIG_FRESH_MS });
}
