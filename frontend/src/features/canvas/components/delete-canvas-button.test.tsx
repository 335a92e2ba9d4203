import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, json, renderWithApp } from '@/test/render';
import { canvasKeys } from '../api/keys';
import { DeleteCanvasButton } from './delete-canvas-button';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('DeleteCanvasButton (issue 43)', () => {
  it('asks first, then deletes the canvas, forgets it and leaves its page for Home', async () => {
    const user = userEvent.setup();
    const { queryClient, location } = renderWithApp(<DeleteCanvasButton canvasId={9} title="Sunset" />, { path: '/canvas/9' });
    queryClient.setQueryData(canvasKeys.list(), { items: [{ id: 9 }, { id: 8 }], nextCursor: null });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete canvas?' });
    expect(dialog).toHaveTextContent('"Sunset"');
    expect(fetchMock).not.toHaveBeenCalled();

    const answer = deferred<Response>();
    fetchMock.mockReturnValueOnce(answer.promise);
    fetchMock.mockResolvedValue(json({ items: [], nextCursor: null }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(fetchMock).toHaveBeenCalledWith('/api/canvases/9', expect.objectContaining({ method: 'DELETE' }));
    await act(async () => answer.resolve(new Response(null, { status: 204 })));

    expect(await screen.findByText('Canvas deleted')).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/');
    const list = queryClient.getQueryData<{ items: Array<{ id: number }> }>(canvasKeys.list());
    expect(list?.items.map((c) => c.id)).toEqual([8]);
  });
});
