import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '@/test/fake-xhr';
import { aReel, aReelDraft } from '@/test/reels';
import { json, me, renderWithApp } from '@/test/render';
import { apiError, serveApi } from '@/test/shop';
import { CreateReelScreen } from './create-reel-screen';

const older = aReelDraft({ id: 5, caption: 'Harbour at dawn' });
const newer = aReelDraft({ id: 6, caption: '', posterUrl: null });

beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:video-1'), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderScreen(routes: Parameters<typeof serveApi>[0] = {}) {
  const api = serveApi({ 'GET /api/reel-drafts': () => json([newer, older]), ...routes });
  const onCreated = vi.fn();
  renderWithApp(<CreateReelScreen onClose={vi.fn()} onCreated={onCreated} />, { user: me });
  return { api, onCreated };
}

const draftItem = (name: string) => within(screen.getByRole('list', { name: 'Reel drafts' })).getByRole('listitem', { name });

describe('Reel drafts (issue 44)', () => {
  it('saves the picked video and caption as a draft, with the reel form, and clears the form', async () => {
    renderScreen();
    expect(screen.getByRole('button', { name: 'Save as draft' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Video file'), { target: { files: [new File(['webm'], 'clip.webm', { type: 'video/webm' })] } });
    fireEvent.change(screen.getByLabelText('Caption'), { target: { value: ' Later ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));

    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/reel-drafts']);
    const form = xhr.body as unknown as FormData;
    expect((form.get('video') as File).name).toBe('clip.webm');
    expect(form.get('caption')).toBe('Later');
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Share' })).toBeDisabled();

    act(() => xhr.respond(201, JSON.stringify(aReelDraft({ id: 7, caption: 'Later' }))));
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
    expect(screen.queryByLabelText('Preview of your reel')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Caption')).toHaveValue('');
  });

  it('lists your drafts newest first; Publish posts one now and hands over the reel', async () => {
    const user = userEvent.setup();
    const { api, onCreated } = renderScreen({ 'POST /api/reel-drafts/5/publish': () => json(aReel({ id: 77, caption: 'Harbour at dawn' }), { status: 201 }) });
    const list = await screen.findByRole('list', { name: 'Reel drafts' });
    expect(within(list).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Draft without a caption',
      'Draft: Harbour at dawn',
    ]);
    expect(within(draftItem('Draft without a caption')).getByText('No caption')).toBeInTheDocument();

    await user.click(within(draftItem('Draft: Harbour at dawn')).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Reel posted!')).toBeInTheDocument();
    expect(api.calls('POST /api/reel-drafts/5/publish')).toHaveLength(1);
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 77 }));
    expect(within(screen.getByRole('list', { name: 'Reel drafts' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it("shows why a draft could not be published, and keeps it", async () => {
    const user = userEvent.setup();
    const { onCreated } = renderScreen({
      'POST /api/reel-drafts/5/publish': () => apiError(429, "You're posting too often. Please try again later.", 'rate_limited'),
    });
    await user.click(within(await screen.findByRole('listitem', { name: 'Draft: Harbour at dawn' })).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Could not publish')).toBeInTheDocument();
    expect(screen.getByText("You're posting too often. Please try again later.")).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
    expect(draftItem('Draft: Harbour at dawn')).toBeInTheDocument();
  });

  it("edits a draft's caption in a dialog", async () => {
    const user = userEvent.setup();
    const { api } = renderScreen({
      'PATCH /api/reel-drafts/5': ({ body }) => json({ ...older, caption: (body as { caption: string }).caption }),
    });
    await user.click(within(await screen.findByRole('listitem', { name: 'Draft: Harbour at dawn' })).getByRole('button', { name: 'Edit caption' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit caption' });
    const caption = within(dialog).getByLabelText('Caption');
    expect(caption).toHaveValue('Harbour at dawn');
    await user.type(caption, ' #sea');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(api.calls('PATCH /api/reel-drafts/5')[0].body).toEqual({ caption: 'Harbour at dawn #sea' });
    expect(await screen.findByRole('listitem', { name: 'Draft: Harbour at dawn #sea' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Edit caption' })).not.toBeInTheDocument();
  });

  it('deletes a draft only once confirmed', async () => {
    const user = userEvent.setup();
    const { api } = renderScreen({ 'DELETE /api/reel-drafts/5': () => new Response(null, { status: 204 }) });
    const item = await screen.findByRole('listitem', { name: 'Draft: Harbour at dawn' });
    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    let confirm = screen.getByRole('alertdialog', { name: 'Delete draft?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('DELETE /api/reel-drafts/5')).toHaveLength(0);

    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    confirm = screen.getByRole('alertdialog', { name: 'Delete draft?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Draft deleted')).toBeInTheDocument();
    expect(api.calls('DELETE /api/reel-drafts/5')).toHaveLength(1);
    expect(screen.queryByRole('listitem', { name: 'Draft: Harbour at dawn' })).not.toBeInTheDocument();
  });

  it('shows nothing of drafts when there are none', async () => {
    const { api } = renderScreen({ 'GET /api/reel-drafts': () => json([]) });
    await waitFor(() => expect(api.calls('GET /api/reel-drafts')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Drafts' })).not.toBeInTheDocument();
  });
});
