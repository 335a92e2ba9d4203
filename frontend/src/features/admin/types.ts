//! The admin area's wire types (issue 10): short names for the server's OpenAPI document
//! (api.gen.ts); nothing here is written by hand. Every amount is integer cents; every time an
//! ISO-8601 UTC string.
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

export type AdCategory = 'feed' | 'story' | 'banner' | 'sidebar';
/** GET /api/admin/ads, POST /api/ads → 201, PATCH /api/ads/{id} → 200. */
export type AdminAd = Schemas['AdminAd'];
/** POST /api/ads. */
export type NewAdRequest = Schemas['NewAdRequest'];
/** PATCH /api/ads/{id}. */
export type AdUpdate = Schemas['AdUpdate'];
/** GET /api/admin/revenue. */
export type Revenue = Schemas['Revenue'];
/** GET /api/admin/withdrawals, PUT /api/admin/withdrawals/{id}. */
export type AdminWithdrawal = Schemas['AdminWithdrawal'];
/** PUT /api/admin/withdrawals/{id}. */
export type WithdrawalDecision = Omit<Schemas['WithdrawalDecision'], 'status'> & {
  status: 'completed' | 'failed';
};
/** GET /api/admin/withdrawals/summary. */
export type WithdrawalSummary = Schemas['WithdrawalSummary'];
/** GET /api/admin/users. */
export type AdminUser = Schemas['AdminUser'];
/** GET /api/admin/users/summary. */
export type UserSummary = Schemas['UserSummary'];
/** GET /api/admin/audit. */
export type AuditEntry = Schemas['AuditEntry'];
export type AuditAction = AuditEntry['action'];
/** GET /api/admin/reports: one reported target with every report of it counted. */
export type ReportCase = Schemas['ReportCase'];
export type ReportAction = Schemas['ReportAction'];
export type ReportStatus = Schemas['ReportStatus'];
export type ReportReason = Schemas['ReportReason'];
/** GET /api/admin/reports/{id}/target: the reported content, read-only. */
export type ReportedContent = Schemas['ReportedContent'];
/** PUT /api/admin/reports/{id}. */
export type ReportDecision = Schemas['ReportDecision'];
/** GET /api/admin/federation (issue 46): whether federation is on, the delivery queue, known servers. */
export type FederationOverview = Schemas['FederationOverview'];
/** A server known here, as Admin › Federation lists it. */
export type KnownServer = Schemas['KnownServer'];
