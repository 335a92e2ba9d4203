import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '@/test/fake-xhr';
import { aPost, renderWithApp } from '@/test/render';
import { imageFileToDataUrl } from '@/lib/process-image';
import { CreatePostScreen } from './create-post-screen';

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

function renderScreen() {
  return renderWithApp(<CreatePostScreen onClose={onClose} />);
}

function pick(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('CreatePostScreen', () => {
  it('has the header, the source toggle with its hint, and a close button going back', async () => {
    const user = userEvent.setup();
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Create Post' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'From Gallery' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('JPG, PNG, GIF up to 500MB')).toBeInTheDocument();
    expect(screen.getByText('Tips for great posts')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('moves between the image sources with the arrow keys', async () => {
    const user = userEvent.setup();
    renderScreen();
    screen.getByRole('radio', { name: 'From Gallery' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'From URL' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'From URL' })).toHaveFocus();
    expect(screen.getByLabelText('Image URL')).toBeInTheDocument();
  });

  it('asks for an image when there is none, and sends nothing', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Please select an image or enter a URL')).toBeInTheDocument();
    expect(FakeXhr.last).toBeUndefined();
  });

  it('counts the caption live and refuses one over 2200 characters', async () => {
    renderScreen();
    const caption = screen.getByLabelText('Caption');
    fireEvent.change(caption, { target: { value: 'Hello world!' } });
    expect(screen.getByText('12/2200')).toBeInTheDocument();
    fireEvent.change(caption, { target: { value: 'x'.repeat(2201) } });
    expect(screen.getByText('2201/2200')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Caption must be under 2200 characters')).toBeInTheDocument();
  });

  it('refuses a file that is not an image', async () => {
    renderScreen();
    pick(new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Invalid file type')).toBeInTheDocument();
    expect(screen.getByText('Please select an image file.')).toBeInTheDocument();
    expect(processImage).not.toHaveBeenCalled();
  });

  it('refuses an image over 500MB', async () => {
    renderScreen();
    const big = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 500 * 1024 * 1024 + 1 });
    pick(big);
    expect(await screen.findByText('File too large')).toBeInTheDocument();
    expect(screen.getByText('Please select an image smaller than 500MB.')).toBeInTheDocument();
  });

  it('says when a picked image cannot be processed', async () => {
    processImage.mockRejectedValueOnce(new Error('decode'));
    renderScreen();
    pick(new File(['x'], 'broken.png', { type: 'image/png' }));
    expect(await screen.findByText('Error processing image')).toBeInTheDocument();
    expect(screen.getByText('Please try selecting a different image.')).toBeInTheDocument();
  });

  it('previews a processed image, removes it, and a preview that fails clears itself', async () => {
    processImage.mockResolvedValue('data:image/jpeg;base64,AAAA');
    renderScreen();
    pick(new File(['x'], 'a.png', { type: 'image/png' }));
    const preview = await screen.findByRole('img', { name: 'Preview of your post' });
    expect(preview).toHaveAttribute('src', 'data:image/jpeg;base64,AAAA');
    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByRole('img', { name: 'Preview of your post' })).not.toBeInTheDocument();

    pick(new File(['x'], 'b.png', { type: 'image/png' }));
    fireEvent.error(await screen.findByRole('img', { name: 'Preview of your post' }));
    expect(screen.queryByRole('img', { name: 'Preview of your post' })).not.toBeInTheDocument();
    expect(screen.getByText('Choose an image')).toBeInTheDocument();
  });

  it('says under the URL field when the address is not http(s), and Share says so without sending', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(screen.getByRole('radio', { name: 'From URL' }));
    const field = screen.getByLabelText('Image URL');
    await user.type(field, 'example.com/a.jpg');
    expect(await screen.findByText('Enter an image address starting with https://', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Enter an image address starting with https://');
    expect(screen.queryByRole('img', { name: 'Preview of your post' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getAllByText('Enter an image address starting with https://')).toHaveLength(2);
    expect(FakeXhr.last).toBeUndefined();

    await user.clear(field);
    await user.type(field, 'https://example.com/a.jpg');
    expect(await screen.findByRole('img', { name: 'Preview of your post' }, { timeout: 2000 })).toHaveAttribute(
      'src',
      'https://example.com/a.jpg',
    );
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('takes a plain http address without previewing it (the page loads no http image)', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(screen.getByRole('radio', { name: 'From URL' }));
    const field = screen.getByLabelText('Image URL');
    await user.type(field, 'http://example.com/a.jpg');
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(screen.queryByRole('img', { name: 'Preview of your post' })).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(JSON.parse(FakeXhr.last!.body!)).toMatchObject({ media: [{ image: 'http://example.com/a.jpg' }] });
  });

  it('shares a URL post with trimmed fields and tags, shows progress, then the success toast', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(screen.getByRole('radio', { name: 'From URL' }));
    await user.type(screen.getByLabelText('Image URL'), 'https://example.com/dusk.jpg');
    await user.type(screen.getByLabelText('Caption'), 'Dusk study');
    await user.type(screen.getByLabelText('Location (optional)'), ' Lisbon ');
    await user.type(screen.getByLabelText('Tags (optional)'), 'sky, , #dusk ');
    await user.click(screen.getByRole('button', { name: 'Share' }));

    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/posts');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(xhr.body!)).toEqual({
      caption: 'Dusk study',
      media: [{ image: 'https://example.com/dusk.jpg' }],
      location: 'Lisbon',
      tags: ['sky', 'dusk'],
    });
    expect(screen.getByRole('button', { name: 'Sharing...' })).toBeDisabled();

    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 }));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '50');

    await act(async () => xhr.respond(201, JSON.stringify(aPost())));
    expect(await screen.findByText('Post created!')).toBeInTheDocument();
    expect(screen.getByText('Your creative post has been shared with the world.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses more than 30 tags before sending', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(screen.getByRole('radio', { name: 'From URL' }));
    await user.type(screen.getByLabelText('Image URL'), 'https://example.com/dusk.jpg');
    fireEvent.change(screen.getByLabelText('Tags (optional)'), {
      target: { value: Array.from({ length: 31 }, (_, i) => `tag${i}`).join(', ') },
    });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('A post can have at most 30 tags')).toBeInTheDocument();
    expect(FakeXhr.last).toBeUndefined();
  });

  it("shows the server's message when it refuses the post with 400", async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(screen.getByRole('radio', { name: 'From URL' }));
    await user.type(screen.getByLabelText('Image URL'), 'https://example.com/dusk.jpg');
    await user.type(screen.getByLabelText('Location (optional)'), 'Lisbon');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await act(async () =>
      FakeXhr.last!.respond(400, '{"message":"Location must be at most 100 characters","code":"invalid_input"}'),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Location must be at most 100 characters');
    expect(screen.queryByText('Failed to create post. Please try again.')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says in the form when the server could not fetch the image at the URL, until the URL changes', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(screen.getByRole('radio', { name: 'From URL' }));
    const field = screen.getByLabelText('Image URL');
    await user.type(field, 'https://example.com/gone.jpg');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await act(async () => FakeXhr.last!.respond(400, '{"message":"Could not fetch that image","code":"invalid_input"}'));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not fetch that image');
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();

    await user.type(field, '2');
    expect(screen.queryByText('Could not fetch that image')).not.toBeInTheDocument();
  });

  it('stays on the screen with the failure toast when the server refuses', async () => {
    processImage.mockResolvedValue('data:image/jpeg;base64,AAAA');
    const user = userEvent.setup();
    renderScreen();
    pick(new File(['x'], 'a.png', { type: 'image/png' }));
    await screen.findByRole('img', { name: 'Preview of your post' });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await act(async () => FakeXhr.last!.respond(413, '{"message":"Too large","code":"payload_too_large"}'));
    expect(await screen.findByText('Failed to create post. Please try again.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
  });

  it("toasts the server's reason when a read-only account may not post", async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(screen.getByRole('radio', { name: 'From URL' }));
    await user.type(screen.getByLabelText('Image URL'), 'https://example.com/dusk.jpg');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await act(async () => FakeXhr.last!.respond(403, '{"message":"Verify your email to post, comment or send messages.","code":"email_unverified"}'));
    expect(await screen.findByText('Verify your email to post, comment or send messages.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('takes several images at once, each with its alt text, reorders them, and sends them in order (issue 44)', async () => {
    const user = userEvent.setup();
    processImage.mockImplementation(async (file) => `data:image/jpeg;base64,${(file as File).name}`);
    renderScreen();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input).toHaveAttribute('multiple');
    const files = ['one', 'two', 'three'].map((name) => new File(['x'], name, { type: 'image/png' }));
    fireEvent.change(input, { target: { files } });
    const list = await screen.findByRole('list', { name: 'Images in your post' });
    expect(await screen.findByRole('img', { name: 'Preview 3 of your post' })).toHaveAttribute('src', 'data:image/jpeg;base64,three');
    expect(list.querySelectorAll('li')).toHaveLength(3);
    // None has alt text yet: said politely, without blocking.
    expect(screen.getByText(/no alt text yet/)).toHaveAttribute('role', 'status');
    expect(screen.getByText(/no alt text yet/)).toHaveTextContent('Images 1, 2, 3 have no alt text yet');

    await user.type(screen.getByLabelText('Alt text for image 1'), 'The first panel');
    await user.type(screen.getByLabelText('Alt text for image 3'), 'The last panel');
    expect(screen.getByLabelText('Alt text for image 1')).toHaveAttribute('placeholder', "Describe this image for people who can't see it");
    // The third moves first.
    await user.click(screen.getByRole('button', { name: 'Move image 3 earlier' }));
    await user.click(screen.getByRole('button', { name: 'Move image 2 earlier' }));
    expect(screen.getByRole('img', { name: 'Preview 1 of your post' })).toHaveAttribute('src', 'data:image/jpeg;base64,three');
    expect(screen.getByText(/no alt text yet/)).toHaveTextContent('Image 3 has no alt text yet');
    await user.click(screen.getByRole('button', { name: 'Remove image 3' }));
    expect(screen.queryByText(/no alt text yet/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(JSON.parse(FakeXhr.last!.body!)).toEqual({
      caption: '',
      media: [
        { image: 'data:image/jpeg;base64,three', alt: 'The last panel' },
        { image: 'data:image/jpeg;base64,one', alt: 'The first panel' },
      ],
    });
  });

  it("keeps the picked image with 'Add another image' and frees the picker for the next", async () => {
    const user = userEvent.setup();
    processImage.mockResolvedValueOnce('data:image/jpeg;base64,AAAA').mockResolvedValueOnce('data:image/jpeg;base64,BBBB');
    renderScreen();
    pick(new File(['x'], 'a.png', { type: 'image/png' }));
    await screen.findByRole('img', { name: 'Preview of your post' });
    await user.type(screen.getByLabelText('Alt text'), 'A harbour at dawn');
    expect(screen.queryByText(/no alt text yet/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add another image (1/10)' }));
    expect(screen.getByRole('img', { name: 'Preview 1 of your post' })).toBeInTheDocument();
    expect(screen.getByText('Choose an image')).toBeInTheDocument();
    pick(new File(['x'], 'b.png', { type: 'image/png' }));
    await screen.findByRole('img', { name: 'Preview of your post' });
    expect(screen.getByText(/no alt text yet/)).toHaveTextContent('Image 2 has no alt text yet');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(JSON.parse(FakeXhr.last!.body!)).toEqual({
      caption: '',
      media: [{ image: 'data:image/jpeg;base64,AAAA', alt: 'A harbour at dawn' }, { image: 'data:image/jpeg;base64,BBBB' }],
    });
  });
});
