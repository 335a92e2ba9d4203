//! The safety feature's wire types, from the server's OpenAPI document (api.gen.ts).
import type { components } from '@/types/api.gen';

/** An account you blocked, as settings › Blocked accounts lists it. */
export type BlockedAccount = components['schemas']['UserCard'];

/** POST /api/reports. */
export type NewReport = components['schemas']['NewReportRequest'];
export type ReportReason = components['schemas']['ReportReason'];
