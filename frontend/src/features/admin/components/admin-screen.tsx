//! /admin (docs/admin-contract.md): open to anyone signed in; the server
//! decides. A 403 from GET /api/admin/revenue shows Access Denied instead of the panels.
//! Over the tabs, the platform's revenue from sales and tips (issue 23). Tabs Advertisements,
//! Withdrawals (with the audit log of decisions under it), Users, Reports (the moderation queue,
//! issue 20, with the audit log too), Federation (other servers, issue 46); only the open tab's
//! lists are fetched.
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { errorStatus } from '@/lib/api-client';
import { useRevenue } from '../api/get-revenue';
import { AdsPanel } from './ads-panel';
import { AuditLog } from './audit-log';
import { FederationPanel } from './federation-panel';
import { PlatformRevenue } from './platform-revenue';
import { ReportsPanel } from './reports-panel';
import { UsersPanel } from './users-panel';
import { WithdrawalsPanel } from './withdrawals-panel';

/** docs/admin-contract.md's 'Access Denied - You don't have permission…', as a title and its description. */
export const ACCESS_DENIED = { title: 'Access Denied', description: "You don't have permission to access the admin panel." };

type AdminTab = 'ads' | 'withdrawals' | 'users' | 'reports' | 'federation';

export function AdminScreen() {
  const revenue = useRevenue();
  const [tab, setTab] = useState<AdminTab>('ads');

  // docs/admin-contract.md: the revenue call failing with 403 means this user is no admin.
  if (revenue.isError && errorStatus(revenue.error) === 403) {
    return (
      <main className="px-4 pt-6 pb-6">
        <EmptyState
          icon={<ShieldAlert aria-hidden="true" className="size-6 text-red-400" />}
          title={ACCESS_DENIED.title}
          description={ACCESS_DENIED.description}
        />
      </main>
    );
  }

  return (
    <main className="px-4 pt-6 pb-6">
      <h1 className="mb-3 text-2xl font-semibold text-white">Admin Dashboard</h1>
      {revenue.isPending && !revenue.isFetched ? (
        <Spinner className="pt-16" />
      ) : (
        <>
          <div className="mb-4">
            <PlatformRevenue />
          </div>
          <Tabs<AdminTab>
            label="Admin sections"
            value={tab}
            onChange={setTab}
            tabs={[
              { id: 'ads', label: 'Advertisements', panel: <AdsPanel /> },
              {
                id: 'withdrawals',
                label: 'Withdrawals',
                panel: (
                  <>
                    <WithdrawalsPanel />
                    <AuditLog />
                  </>
                ),
              },
              { id: 'users', label: 'Users', panel: <UsersPanel /> },
              {
                id: 'reports',
                label: 'Reports',
                panel: (
                  <>
                    <ReportsPanel />
                    <AuditLog />
                  </>
                ),
              },
              { id: 'federation', label: 'Federation', panel: <FederationPanel /> },
            ]}
          />
        </>
      )}
    </main>
  );
}
