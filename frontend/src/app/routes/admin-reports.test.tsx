import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aReportCase, aRevenue, anAuditEntry } from '@/test/admin';
import { json, me, renderWithApp } from '@/test/render';
import { apiError, serveApi } from '@/test/shop';
import { REPORTS_TEXT } from '@/features/admin/reports-text';
import type { ReportCase } from '@/features/admin/types';
import AdminPage from './admin';

type Routes = Parameters<typeof serveApi>[0];

const admin = { ...me, id: 9, username: 'admin', displayName: 'Atelier Admin', isAdmin: true };

function renderReports(routes: Routes = {}) {
  const server = serveApi({
    'GET /api/admin/revenue': () => json(aRevenue()),
    'GET /api/admin/ads': () => json([]),
    'GET /api/admin/audit': () => json([]),
    ...routes,
  });
  return { ...renderWithApp(<AdminPage />, { path: '/admin', user: admin }), ...server };
}

async function openReports(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'Reports' }));
}

const account = aReportCase({
  id: 32,
  targetType: 'user',
  targetId: 3,
  preview: 'Ana Lee (@ana)',
  author: { id: 3, username: 'ana', displayName: 'Ana Lee', profileImageUrl: null },
  reportsCount: 1,
  reasons: ['other'],
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the admin's Reports tab", () => {
  it('lists the open cases with preview, author, type, reasons, count and first report, and no Remove on an account', async () => {
    const user = userEvent.setup();
    const { calls } = renderReports({ 'GET /api/admin/reports': () => json([aReportCase(), account]) });
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual(['Advertisements', 'Withdrawals', 'Users', 'Reports', 'Federation']);
    await openReports(user);
    const list = await screen.findByRole('list', { name: REPORTS_TEXT.list });
    const post = within(list).getByRole('listitem', { name: 'Post by @leo, 2 reports' });
    expect(post).toHaveTextContent('Buy followers now at cheap-follows.example');
    expect(post).toHaveTextContent('Leo Park');
    expect(within(within(post).getByRole('list', { name: 'Reasons' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Spam',
      'Harassment',
    ]);
    expect(post).toHaveTextContent('2 reports · First reported Mar 4, 2026');
    expect(within(post).getByRole('link', { name: 'View post' })).toHaveAttribute('href', '/p/7');
    expect(within(post).getAllByRole('button').map((b) => b.textContent?.trim())).toEqual(['Open content', 'Dismiss', 'Remove', 'Suspend']);

    const ana = within(list).getByRole('listitem', { name: 'Account by @ana, 1 report' });
    expect(within(ana).getAllByRole('button').map((b) => b.textContent?.trim())).toEqual(['Open content', 'Dismiss', 'Suspend']);
    expect(calls('GET /api/admin/reports')[0].url.searchParams.get('status')).toBe('open');
  });

  it('opens the reported content itself on demand, read-only, even a private one', async () => {
    const user = userEvent.setup();
    const { calls } = renderReports({
      'GET /api/admin/reports': () => json([aReportCase()]),
      'GET /api/admin/reports/31/target': () =>
        json({
          targetType: 'post',
          targetId: 7,
          author: { id: 2, username: 'leo', displayName: 'Leo Park', profileImageUrl: null },
          text: 'The whole caption of a private post',
          imageUrl: '/media/abc.jpg',
          videoUrl: null,
          audioUrl: null,
          contextId: null,
          removed: false,
          createdAt: '2026-03-04T10:00:00Z',
        }),
    });
    await openReports(user);
    const row = await screen.findByRole('listitem', { name: 'Post by @leo, 2 reports' });
    // Nothing is read (nor audited) until the admin asks.
    expect(calls('GET /api/admin/reports/31/target')).toHaveLength(0);
    await user.click(within(row).getByRole('button', { name: REPORTS_TEXT.openContent }));
    expect(await within(row).findByText('The whole caption of a private post')).toBeInTheDocument();
    expect(within(row).getByText(REPORTS_TEXT.contentAudited)).toBeInTheDocument();
    expect(row.querySelector('img[src="/media/abc.jpg"]')).not.toBeNull();
    await user.click(within(row).getByRole('button', { name: REPORTS_TEXT.hideContent }));
    expect(within(row).queryByText('The whole caption of a private post')).not.toBeInTheDocument();
    expect(calls('GET /api/admin/reports/31/target')).toHaveLength(1);
  });

  it('shows the resolved cases with their outcome and no actions', async () => {
    const user = userEvent.setup();
    const { calls } = renderReports({
      'GET /api/admin/reports': ({ url }) =>
        json(url.searchParams.get('status') === 'resolved' ? [aReportCase({ status: 'resolved', action: 'remove' })] : []),
    });
    await openReports(user);
    expect(await screen.findByText(REPORTS_TEXT.empty.open)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(REPORTS_TEXT.filter), 'resolved');
    const row = await screen.findByRole('listitem', { name: 'Post by @leo, 2 reports' });
    expect(row).toHaveTextContent('Removed');
    expect(within(row).getAllByRole('button').map((b) => b.textContent?.trim())).toEqual(['Open content']);
    expect(calls('GET /api/admin/reports').map((c) => c.url.searchParams.get('status'))).toEqual(['open', 'resolved']);
  });

  it('dismisses at once: the case leaves the open list before the server answers, a toast confirms, focus stays in the tab', async () => {
    const user = userEvent.setup();
    let open: ReportCase[] = [aReportCase(), account];
    let answer: (value: Response) => void = () => {};
    const { calls } = renderReports({
      'GET /api/admin/reports': () => json(open),
      'PUT /api/admin/reports/31': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
      'GET /api/admin/audit': () => json([anAuditEntry({ action: 'report.dismiss', targetId: 31 })]),
    });
    await openReports(user);
    const row = await screen.findByRole('listitem', { name: 'Post by @leo, 2 reports' });
    await user.click(within(row).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Post by @leo, 2 reports' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Reports' })).toContainElement(document.activeElement as HTMLElement));
    expect(calls('PUT /api/admin/reports/31')[0].body).toEqual({ action: 'dismiss' });
    open = [account];
    answer(json(aReportCase({ status: 'resolved', action: 'dismiss' })));
    expect(await screen.findByText('Dismissed: post report')).toBeInTheDocument();
    expect(await screen.findByText('Atelier Admin dismissed report #31')).toBeInTheDocument();
  });

  it('asks before removing, sends the notes, and puts the case back with the server message when refused', async () => {
    const user = userEvent.setup();
    const { calls } = renderReports({
      'GET /api/admin/reports': () => json([aReportCase()]),
      'PUT /api/admin/reports/31': () => apiError(409, 'This report was already decided', 'conflict'),
    });
    await openReports(user);
    const row = await screen.findByRole('listitem', { name: 'Post by @leo, 2 reports' });
    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this post?' });
    expect(dialog).toHaveTextContent('It will be hidden from everyone but admins.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('PUT /api/admin/reports/31')).toHaveLength(0);
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Remove' })).toHaveFocus());

    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    const again = await screen.findByRole('dialog', { name: 'Remove this post?' });
    await user.type(within(again).getByLabelText(REPORTS_TEXT.confirm.notes), 'Spam link');
    expect(within(again).getByText('9/500')).toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(REPORTS_TEXT.decideFailed)).toBeInTheDocument();
    expect(screen.getByText('This report was already decided')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Post by @leo, 2 reports' })).toBeInTheDocument();
    expect(calls('PUT /api/admin/reports/31')[0].body).toEqual({ action: 'remove', notes: 'Spam link' });
  });

  it('asks before suspending the author and sends no notes when none are given', async () => {
    const user = userEvent.setup();
    const { calls } = renderReports({
      'GET /api/admin/reports': () => json([aReportCase()]),
      'PUT /api/admin/reports/31': () => json(aReportCase({ status: 'resolved', action: 'suspend' })),
    });
    await openReports(user);
    const row = await screen.findByRole('listitem', { name: 'Post by @leo, 2 reports' });
    await user.click(within(row).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend @leo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Suspended @leo')).toBeInTheDocument();
    expect(calls('PUT /api/admin/reports/31')[0].body).toEqual({ action: 'suspend' });
  });

  it('loads the next page of cases on X-Next-Cursor', async () => {
    const user = userEvent.setup();
    const { calls } = renderReports({
      'GET /api/admin/reports': ({ url }) =>
        url.searchParams.get('before') === '31'
          ? json([account])
          : json([aReportCase()], { headers: { 'X-Next-Cursor': '31' } }),
    });
    await openReports(user);
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('listitem', { name: 'Account by @ana, 1 report' })).toBeInTheDocument();
    expect(calls('GET /api/admin/reports')[1].url.searchParams.get('before')).toBe('31');
  });

  it('shows the cases as a table on a desktop', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(min-width: 1024px)',
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const user = userEvent.setup();
    renderReports({ 'GET /api/admin/reports': () => json([aReportCase()]) });
    await openReports(user);
    const table = await screen.findByRole('table', { name: REPORTS_TEXT.list });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Content',
      'Author',
      'Type',
      'Reasons',
      'Reports',
      'First reported',
      'Decision',
    ]);
    const row = within(table).getByRole('row', { name: 'Post by @leo, 2 reports' });
    expect(within(row).getAllByRole('button').map((b) => b.textContent?.trim())).toEqual(['Open content', 'Dismiss', 'Remove', 'Suspend']);
  });
});
