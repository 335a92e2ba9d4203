//! The composer's drafts and scheduling (issue 44): 'Save as draft', 'Schedule…' and a draft
//! opened again. Uploads go over XMLHttpRequest (FakeXhr), publishing over fetch.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '@/test/fake-xhr';
import { aPost, json, me, renderWithApp } from '@/test/render';
import { fromLocalInputValue, toLocalInputValue, toOffsetDateTime } from '../schedule';
import type { Draft } from '../types';
import { CreatePostScreen, type ComposerOutcome } from './create-post-screen';

function aDraft(overrides: Partial<Draft> = {}): Draft {
  return {
    id: 5,
    caption: 'Dusk study',
    location: 'Lisbon',
    tags: ['sky', 'dusk'],
    media: [{ url: '/media/dusk.jpg', thumbnailUrl: '/media/dusk-320.jpg', width: 1600, height: 1200, blurhash: null, alt: 'An orange sky' }],
    scheduledAt: null,
    createdAt: '2026-11-30T10:00:00Z',
    updatedAt: '2026-11-30T10:00:00Z',
    ...overrides,
  };
}

let onClose: ReturnType<typeof vi.fn<() => void>>;
let onDone: ReturnType<typeof vi.fn<(outcome: ComposerOutcome) => void>>;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  onClose = vi.fn<() => void>();
  onDone = vi.fn<(outcome: ComposerOutcome) => void>();
});
afterEach(() => vi.unstubAllGlobals());

function renderScreen(draft?: Draft) {
  return renderWithApp(<CreatePostScreen onClose={onClose} onDone={onDone} draft={draft} />, { user: me });
}

async function typeUrlImage(user: ReturnType<typeof userEvent.setup>, url = 'https://example.com/dusk.jpg') {
  await user.click(screen.getByRole('radio', { name: 'From URL' }));
  await user.type(screen.getByLabelText('Image URL'), url);
}

/** Sets the dialog's date and time field to `minutes` from now; answers what will be sent. */
function pickTimeAhead(dialog: HTMLElement, minutes: number): string {
  const value = toLocalInputValue(new Date(Date.now() + minutes * 60_000));
  fireEvent.change(within(dialog).getByLabelText('Date and time'), { target: { value } });
  return toOffsetDateTime(fromLocalInputValue(value)!);
}

describe('Save as draft', () => {
  it('saves the caption, place, tags and each image with its alt text, then says so', async () => {
    const user = userEvent.setup();
    renderScreen();
    await typeUrlImage(user);
    await user.type(screen.getByLabelText('Alt text'), 'An orange sky');
    await user.type(screen.getByLabelText('Caption'), 'Dusk study');
    await user.type(screen.getByLabelText('Location (optional)'), 'Lisbon');
    await user.type(screen.getByLabelText('Tags (optional)'), 'sky, dusk');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));

    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/drafts']);
    expect(JSON.parse(xhr.body!)).toEqual({
      caption: 'Dusk study',
      media: [{ image: 'https://example.com/dusk.jpg', alt: 'An orange sky' }],
      location: 'Lisbon',
      tags: ['sky', 'dusk'],
    });
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    await act(async () => xhr.respond(201, JSON.stringify(aDraft())));
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledWith({ kind: 'saved', draft: aDraft() });
  });

  it('keeps a draft with a caption and no image yet', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.type(screen.getByLabelText('Caption'), 'An idea for later');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(JSON.parse(FakeXhr.last!.body!)).toEqual({ caption: 'An idea for later', media: [] });
  });

  it('has nothing to save in an empty form, and sends nothing', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('Add an image or a caption to save a draft')).toBeInTheDocument();
    expect(FakeXhr.last).toBeUndefined();
  });

  it("shows the server's refusal in the form and stays", async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.type(screen.getByLabelText('Caption'), 'Dusk');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await act(async () => FakeXhr.last!.respond(400, '{"message":"Caption must not contain control characters","code":"invalid_input"}'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Caption must not contain control characters');
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('Schedule…', () => {
  it('needs an image before it asks for a time', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.type(screen.getByLabelText('Caption'), 'Dusk');
    await user.click(screen.getByRole('button', { name: 'Schedule…' }));
    expect(await screen.findByText('Please select an image or enter a URL')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers an hour ahead in your zone, refuses under 10 minutes or over 90 days in the server’s words, and sends nothing then', async () => {
    const user = userEvent.setup();
    renderScreen();
    await typeUrlImage(user);
    await user.click(screen.getByRole('button', { name: 'Schedule…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule post' });
    expect(dialog).toHaveTextContent(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const field = within(dialog).getByLabelText('Date and time');
    const offered = fromLocalInputValue((field as HTMLInputElement).value)!.getTime() - Date.now();
    expect(offered).toBeGreaterThan(58 * 60_000);
    expect(offered).toBeLessThanOrEqual(60 * 60_000);

    pickTimeAhead(dialog, 5);
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Schedule a post at least 10 minutes ahead');
    expect(field).toHaveAttribute('aria-invalid', 'true');

    pickTimeAhead(dialog, 91 * 24 * 60);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Schedule a post at most 90 days ahead');
    expect(FakeXhr.last).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves the draft, then schedules it with the local offset, and says when it goes out', async () => {
    const user = userEvent.setup();
    renderScreen();
    await typeUrlImage(user);
    await user.type(screen.getByLabelText('Caption'), 'Dusk study');
    await user.click(screen.getByRole('button', { name: 'Schedule…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule post' });
    const at = pickTimeAhead(dialog, 24 * 60);
    expect(at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00[+-]\d\d:\d\d$/);
    const scheduled = aDraft({ scheduledAt: new Date(at).toISOString() });
    fetchMock.mockResolvedValueOnce(json(scheduled));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));

    expect(FakeXhr.last!.url).toBe('/api/drafts');
    await act(async () => FakeXhr.last!.respond(201, JSON.stringify(aDraft())));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0];
    expect([url, init?.method]).toEqual(['/api/drafts/5/publish', 'POST']);
    expect(JSON.parse(String(init?.body))).toEqual({ at });
    expect(await screen.findByText('Post scheduled')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledWith({ kind: 'scheduled', draft: scheduled });
  });

  it("shows the server's refusal in the dialog, and a second try saves the same draft again", async () => {
    const user = userEvent.setup();
    renderScreen();
    await typeUrlImage(user);
    await user.click(screen.getByRole('button', { name: 'Schedule…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule post' });
    pickTimeAhead(dialog, 60);
    fetchMock.mockResolvedValueOnce(json({ message: 'Schedule a post at least 10 minutes ahead', code: 'invalid_input' }, { status: 400 }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await act(async () => FakeXhr.last!.respond(201, JSON.stringify(aDraft())));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Schedule a post at least 10 minutes ahead');
    expect(onDone).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    const again = FakeXhr.last!;
    expect([again.method, again.url]).toEqual(['PATCH', '/api/drafts/5']);
    // The image stored with the draft is sent back by its address, kept rather than uploaded again.
    expect(JSON.parse(again.body!).media).toEqual([{ image: '/media/dusk.jpg', alt: 'An orange sky' }]);
  });
});

describe('a draft opened in the composer', () => {
  it('starts from the draft: caption, place, tags, and its images with their alt texts', () => {
    renderScreen(aDraft());
    expect(screen.getByRole('heading', { name: 'Edit Draft' })).toBeInTheDocument();
    expect(screen.getByLabelText('Caption')).toHaveValue('Dusk study');
    expect(screen.getByLabelText('Location (optional)')).toHaveValue('Lisbon');
    expect(screen.getByLabelText('Tags (optional)')).toHaveValue('sky, dusk');
    const list = screen.getByRole('list', { name: 'Images in your post' });
    expect(within(list).getByRole('img', { name: 'Preview 1 of your post' })).toHaveAttribute('src', '/media/dusk-320.jpg');
    expect(within(list).getByLabelText('Alt text for image 1')).toHaveValue('An orange sky');
  });

  it('saves it again with PATCH, keeping its image by its address', async () => {
    const user = userEvent.setup();
    renderScreen(aDraft());
    await user.clear(screen.getByLabelText('Caption'));
    await user.type(screen.getByLabelText('Caption'), 'Dusk, finished');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['PATCH', '/api/drafts/5']);
    expect(JSON.parse(xhr.body!)).toEqual({
      caption: 'Dusk, finished',
      media: [{ image: '/media/dusk.jpg', alt: 'An orange sky' }],
      location: 'Lisbon',
      tags: ['sky', 'dusk'],
    });
    await act(async () => xhr.respond(200, JSON.stringify(aDraft({ caption: 'Dusk, finished' }))));
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
  });

  it('shares it: saved as it reads, then published now', async () => {
    const user = userEvent.setup();
    renderScreen(aDraft());
    const post = aPost({ id: 40, caption: 'Dusk study' });
    fetchMock.mockResolvedValueOnce(json(post, { status: 201 }));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(FakeXhr.last!.method).toBe('PATCH');
    expect(screen.getByRole('button', { name: 'Sharing...' })).toBeDisabled();
    await act(async () => FakeXhr.last!.respond(200, JSON.stringify(aDraft())));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0];
    expect([url, init?.method, init?.body]).toEqual(['/api/drafts/5/publish', 'POST', '{}']);
    expect(await screen.findByText('Post created!')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledWith({ kind: 'shared', post });
  });

  it('says when a scheduled one goes out, and offers to reschedule it from that time', async () => {
    const user = userEvent.setup();
    const at = new Date(Date.now() + 3 * 24 * 60 * 60_000);
    at.setSeconds(0, 0);
    renderScreen(aDraft({ scheduledAt: at.toISOString() }));
    expect(screen.getByText(/^Scheduled for /)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reschedule…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule post' });
    expect(within(dialog).getByLabelText('Date and time')).toHaveValue(toLocalInputValue(at));
    expect(within(dialog).getByRole('button', { name: 'Reschedule' })).toBeInTheDocument();
  });
});
