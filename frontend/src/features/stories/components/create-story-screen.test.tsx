import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { imageFileToDataUrl } from '@/lib/process-image';
import { FakeXhr } from '@/test/fake-xhr';
import { renderWithApp } from '@/test/render';
import { storyKeys } from '../api/keys';
import { CreateStoryScreen } from './create-story-screen';

vi.mock('@/lib/process-image', () => ({ imageFileToDataUrl: vi.fn() }));
const processImage = vi.mocked(imageFileToDataUrl);

let onClose: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('fetch', vi.fn());
  onClose = vi.fn<() => void>();
  processImage.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

function pick(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
}

const story = {
  id: 3,
  imageUrl: '/media/s.jpg',
  type: 'image',
  caption: null,
  viewsCount: 0,
  viewedByMe: false,
  createdAt: '2026-01-01T00:00:00Z',
  expiresAt: '2026-01-02T00:00:00Z',
};

describe('CreateStoryScreen', () => {
  it('has the title, the source toggle, the story tips and no caption, location or tags', () => {
    renderWithApp(<CreateStoryScreen onClose={onClose} />);
    expect(screen.getByRole('heading', { name: 'Create Story' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'From Gallery' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'From URL' })).toBeInTheDocument();
    expect(screen.getByText('Stories vanish after 24 hours')).toBeInTheDocument();
    expect(screen.getByText('Vertical images work best')).toBeInTheDocument();
    expect(screen.getByText("Stories appear at the top of your followers' feeds")).toBeInTheDocument();
    expect(screen.queryByLabelText('Caption')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Location (optional)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Tags (optional)')).not.toBeInTheDocument();
  });

  it('asks for an image when there is none, and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithApp(<CreateStoryScreen onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Please select an image or enter a URL')).toBeInTheDocument();
    expect(FakeXhr.last).toBeUndefined();
  });

  it('refuses a file that is not an image and one over 500MB', async () => {
    renderWithApp(<CreateStoryScreen onClose={onClose} />);
    pick(new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Invalid file type')).toBeInTheDocument();
    expect(screen.getByText('Please select an image file.')).toBeInTheDocument();

    const big = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 500 * 1024 * 1024 + 1 });
    pick(big);
    expect(await screen.findByText('File too large')).toBeInTheDocument();
    expect(screen.getByText('Please select an image smaller than 500MB.')).toBeInTheDocument();
    expect(processImage).not.toHaveBeenCalled();
  });

  it('shares a picked image as an image story, refreshes the stories and closes with the success toast', async () => {
    processImage.mockResolvedValue('data:image/jpeg;base64,AAAA');
    const user = userEvent.setup();
    const { queryClient } = renderWithApp(<CreateStoryScreen onClose={onClose} />);
    queryClient.setQueryData(storyKeys.groups(), []);
    pick(new File(['x'], 'tall.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Preview of your story' })).toHaveAttribute(
      'src',
      'data:image/jpeg;base64,AAAA',
    );
    await user.click(screen.getByRole('button', { name: 'Share' }));

    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/stories');
    expect(JSON.parse(xhr.body!)).toEqual({ content: 'data:image/jpeg;base64,AAAA', type: 'image' });
    expect(screen.getByRole('button', { name: 'Sharing...' })).toBeDisabled();

    await act(async () => xhr.respond(201, JSON.stringify(story)));
    expect(await screen.findByText('Story created!')).toBeInTheDocument();
    expect(screen.getByText('Your story has been shared and will be visible for 24 hours.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(queryClient.getQueryState(storyKeys.groups())?.isInvalidated).toBe(true);
  });

  it('refuses an image address without http(s) on Share and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithApp(<CreateStoryScreen onClose={onClose} />);
    await user.click(screen.getByRole('radio', { name: 'From URL' }));
    await user.type(screen.getByLabelText('Image URL'), 'example.com/tall.jpg');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getAllByText('Enter an image address starting with https://').length).toBeGreaterThan(0);
    expect(FakeXhr.last).toBeUndefined();
  });

  it('stays on the screen with the failure toast when the server refuses', async () => {
    const user = userEvent.setup();
    renderWithApp(<CreateStoryScreen onClose={onClose} />);
    await user.click(screen.getByRole('radio', { name: 'From URL' }));
    await user.type(screen.getByLabelText('Image URL'), ' https://example.com/tall.jpg ');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(JSON.parse(FakeXhr.last!.body!)).toEqual({ content: 'https://example.com/tall.jpg', type: 'image' });
    await act(async () => FakeXhr.last!.respond(400, '{"message":"Bad","code":"bad"}'));
    expect(await screen.findByText('Failed to create story. Please try again.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
  });

  it("toasts the server's reason when a read-only account may not post a story", async () => {
    const user = userEvent.setup();
    renderWithApp(<CreateStoryScreen onClose={onClose} />);
    await user.click(screen.getByRole('radio', { name: 'From URL' }));
    await user.type(screen.getByLabelText('Image URL'), 'https://example.com/tall.jpg');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await act(async () => FakeXhr.last!.respond(403, '{"message":"Verify your email to post, comment or send messages.","code":"email_unverified"}'));
    expect(await screen.findByText('Verify your email to post, comment or send messages.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
