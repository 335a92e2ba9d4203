//! Fixtures for the admin area.
import type { AdminAd, AdminUser, AdminWithdrawal, AuditEntry, ReportCase, Revenue } from '@/features/admin/types';
import { aWithdrawal } from './shop';

export function anAdminAd(overrides: Partial<AdminAd> = {}): AdminAd {
  return {
    id: 41,
    title: 'Brush Pack Pro',
    description: '120 hand-made brushes',
    imageUrl: '/media/ad-brushes.jpg',
    targetUrl: 'https://brushes.example.com/pro',
    advertiserName: 'Inkwell Studio',
    category: 'feed',
    budget: 1000,
    costPerClick: 100,
    totalImpressions: 120,
    totalClicks: 3,
    revenue: 300,
    isActive: true,
    startDate: '2026-03-01T00:00:00Z',
    endDate: null,
    createdAt: '2026-03-01T00:00:00Z',
    ...overrides,
  };
}

export function aRevenue(overrides: Partial<Revenue> = {}): Revenue {
  return {
    totalRevenue: 1234,
    totalRevenueFormatted: '$12.34',
    totalImpressions: 3,
    totalClicks: 1,
    platformFees: 150,
    salesVolume: 1000,
    tipsVolume: 500,
    ...overrides,
  };
}

export function anAdminWithdrawal(overrides: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return {
    ...aWithdrawal(),
    user: { id: 5, username: 'eli', displayName: 'Eli Earns', email: 'eli@example.com' },
    ...overrides,
  };
}

export function anAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 2,
    username: 'leo',
    displayName: 'Leo Park',
    email: 'leo@example.com',
    profileImage: null,
    followersCount: 10,
    followingCount: 4,
    postsCount: 7,
    isOnline: true,
    isAdmin: false,
    isActive: true,
    createdAt: '2026-01-15T00:00:00Z',
    ...overrides,
  };
}

export function anAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 1,
    admin: { id: 1, username: 'admin', displayName: 'Atelier Admin' },
    action: 'withdrawal.completed',
    targetType: 'withdrawal',
    targetId: 12,
    notes: 'Approved and processed',
    createdAt: '2026-03-06T10:00:00Z',
    ...overrides,
  };
}

/** An open report case: Leo's post, reported twice. */
export function aReportCase(overrides: Partial<ReportCase> = {}): ReportCase {
  return {
    id: 31,
    targetType: 'post',
    targetId: 7,
    preview: 'Buy followers now at cheap-follows.example',
    author: { id: 2, username: 'leo', displayName: 'Leo Park', profileImageUrl: null },
    reportsCount: 2,
    reasons: ['spam', 'harassment'],
    firstReportedAt: '2026-03-04T10:05:00Z',
    status: 'open',
    action: null,
    ...overrides,
  };
}
