import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '@/test/fake-xhr';
import { aReel } from '@/test/reels';
import { me, renderWithApp } from '@/test/render';
import { CreateReelScreen } from './create-reel-screen';

beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:video-1'), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderScreen() {
  const onCreated = vi.fn();
  const onClose = vi.fn();
  renderWithApp(<CreateReelScreen onClose={onClose} onCreated={onCreated} />, { user: me });
  return { onCreated, onClose };
}

const pick = (file: File) => fireEvent.change(screen.getByLabelText('Video file'), { target: { files: [file] } });
const webm = () => new File(['webm-bytes'], 'clip.webm', { type: 'video/webm' });

describe('New Reel', () => {
  it('takes only WebM or MP4 (accept and a check), and at most 100 MB', async () => {
    renderScreen();
    expect(screen.getByLabelText('Video file')).toHaveAttribute('accept', 'video/webm,video/mp4');
    pick(new File(['x'], 'clip.mov', { type: 'video/quicktime' }));
    expect(await screen.findByText('Invalid file type')).toBeInTheDocument();
    expect(screen.getByText('Video must be WebM or MP4')).toBeInTheDocument();
    const big = webm();
    Object.defineProperty(big, 'size', { value: 100 * 1024 * 1024 + 1 });
    pick(big);
    expect(await screen.findByText('File too large')).toBeInTheDocument();
    expect(screen.queryByLabelText('Preview of your reel')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeDisabled();
  });

  it('previews the video, uploads it with the caption as multipart with progress, then hands over the reel', async () => {
    const { onCreated } = renderScreen();
    pick(webm());
    expect(screen.getByLabelText('Preview of your reel')).toHaveAttribute('src', 'blob:video-1');
    fireEvent.change(screen.getByLabelText('Caption'), { target: { value: 'Ink in water' } });
    expect(screen.getByText('12/2200')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));

    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/reels');
    expect(xhr.withCredentials).toBe(true);
    const form = xhr.body as unknown as FormData;
    expect((form.get('video') as File).name).toBe('clip.webm');
    expect(form.get('caption')).toBe('Ink in water');
    expect(form.get('poster')).toBeNull(); // no canvas in jsdom: the server makes its own

    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: 'Sharing...' })).toBeDisabled();

    act(() => xhr.respond(201, JSON.stringify(aReel({ id: 77 }))));
    expect(await screen.findByText('Reel posted!')).toBeInTheDocument();
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 77 }));
  });

  it('sends the frame the preview shows as a JPEG poster, at most 720 px a side', async () => {
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as never);
    const toBlob = vi
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation((callback, type) => callback(new Blob(['jpeg-bytes'], { type })));
    renderScreen();
    pick(webm());
    const preview = screen.getByLabelText('Preview of your reel') as HTMLVideoElement;
    Object.defineProperties(preview, {
      videoWidth: { value: 1080 },
      videoHeight: { value: 1920 },
      readyState: { value: 4 },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    expect(drawImage).toHaveBeenCalledWith(preview, 0, 0, 405, 720);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.85);
    const poster = (FakeXhr.last!.body as unknown as FormData).get('poster') as File;
    expect(poster.name).toBe('poster.jpg');
    expect(poster.type).toBe('image/jpeg');
    expect(await poster.text()).toBe('jpeg-bytes');
  });

  it("shows the server's reason when the upload is refused", async () => {
    renderScreen();
    pick(webm());
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    act(() => FakeXhr.last!.respond(415, JSON.stringify({ message: 'Video must be WebM or MP4', code: 'unsupported_media_type' })));
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('Video must be WebM or MP4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
  });

  it('refuses a caption over 2200 characters and a video over 60 seconds', async () => {
    renderScreen();
    pick(webm());
    fireEvent.change(screen.getByLabelText('Caption'), { target: { value: 'a'.repeat(2201) } });
    expect(screen.getByText('2201/2200')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Caption'), { target: { value: 'ok' } });
    const preview = screen.getByLabelText('Preview of your reel');
    Object.defineProperty(preview, 'duration', { value: 75 });
    fireEvent.loadedMetadata(preview);
    expect(await screen.findByText('Video too long')).toBeInTheDocument();
    expect(screen.getByText('Reels must be at most 60 seconds')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeDisabled();
  });
});
