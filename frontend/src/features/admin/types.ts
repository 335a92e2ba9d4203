//! The admin area's wire types (issue 10), written by hand from docs/admin-contract.md until the
//! server's OpenAPI document (api.gen.ts) has them. Each name is the contract's (and the schema's
//! to come), so the swap is one line each: `export type AdminAd = Schemas['AdminAd'];`. Every
//! amount is integer cents; every time an ISO-8601 UTC string.
import type { Ad } from '@/features/ads/types';
import type { Withdrawal, WithdrawalStatus } from '@/features/earnings/types';

export type AdCategory = 'feed' | 'story' | 'banner' | 'sidebar';

/** GET /api/admin/ads, POST /api/ads → 201, PATCH /api/ads/{id} → 200. */
export type AdminAd = Ad & {
  budget: number;
  costPerClick: number;
  totalImpressions: number;
  totalClicks: number;
  revenue: number;
  isActive: boolean;
  startDate: string;
  endDate: string | null;
  createdAt: string;
};

/** POST /api/ads. */
export interface NewAdRequest {
  title: string;
  description?: string;
  imageUrl: string;
  targetUrl: string;
  advertiserName: string;
  category?: AdCategory;
  budget?: number;
  costPerClick?: number;
  startDate?: string;
  endDate?: string | null;
}

/** PATCH /api/ads/{id}: pause (false) or resume (true). */
export interface AdUpdate {
  isActive: boolean;
}

/** GET /api/admin/revenue: over every ad. */
export interface Revenue {
  totalRevenue: number;
  totalRevenueFormatted: string;
  totalImpressions: number;
  totalClicks: number;
}

/** GET /api/admin/withdrawals: a withdrawal with whose it is. */
export type AdminWithdrawal = Withdrawal & {
  user: { id: number; username: string; displayName: string; email: string };
};

/** PUT /api/admin/withdrawals/{id}. */
export interface WithdrawalDecision {
  status: Exclude<WithdrawalStatus, 'pending'>;
  notes?: string | null;
}

/** GET /api/admin/withdrawals/summary: the Withdrawals tiles. */
export interface WithdrawalSummary {
  pendingCount: number;
  totalAmount: number;
  totalFees: number;
}

/** GET /api/admin/users. */
export interface AdminUser {
  id: number;
  username: string;
  displayName: string;
  email: string;
  profileImage: string | null;
  followersCount: number;
  followingCount: number;
  postsCount: number;
  isOnline: boolean;
  isAdmin: boolean;
  /** False once the account is deactivated. */
  isActive: boolean;
  createdAt: string;
}

/** GET /api/admin/users/summary: the Users tiles. */
export interface UserSummary {
  totalUsers: number;
  adminUsers: number;
  onlineUsers: number;
}

export type AuditAction = 'withdrawal.completed' | 'withdrawal.failed' | 'ad.created' | 'ad.paused' | 'ad.resumed';

/** GET /api/admin/audit: one admin decision. */
export interface AuditEntry {
  id: number;
  admin: { id: number; username: string; displayName: string };
  action: AuditAction;
  targetType: 'withdrawal' | 'ad';
  targetId: number;
  notes: string | null;
  createdAt: string;
}
