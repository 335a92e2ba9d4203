import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aNotification } from '@/test/notifications';
import { renderWithApp } from '@/test/render';
import type { Notification } from '../types';
import { NotificationRow } from './notification-row';

function renderRow(notification: Notification) {
  return renderWithApp(
    <ul>
      <NotificationRow notification={notification} onOpen={() => {}} />
    </ul>,
  );
}

const image = { url: '/media/abc.jpg', thumbnailUrl: '/media/abc-320.jpg', width: 1080, height: 1080, blurhash: null };

describe("a notification's thumbnail", () => {
  it("is the post's first image, named by its alt text", () => {
    renderRow(
      aNotification({
        target: { type: 'post', id: 7, preview: null, thumbnailUrl: '/media/abc-320.jpg', media: [{ ...image, alt: 'A red kite over the dunes' }] },
      }),
    );
    expect(screen.getByRole('img', { name: 'A red kite over the dunes' })).toHaveAttribute('src', '/media/abc-320.jpg');
  });

  it('is decorative when the image has no alt text (the sentence says what it is about)', () => {
    const { container } = renderRow(aNotification());
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container.querySelector('img[src="/media/abc-320.jpg"]')).toHaveAttribute('alt', '');
  });

  it("is a reel's poster, without media", () => {
    const { container } = renderRow(
      aNotification({
        text: 'leo liked your reel',
        url: '/reels?reel=9',
        target: { type: 'reel', id: 9, preview: null, thumbnailUrl: '/media/poster.jpg', media: [] },
      }),
    );
    expect(container.querySelector('img')).toHaveAttribute('src', '/media/poster.jpg');
  });

  it('is left out when the notification is about no post or reel', () => {
    const { container } = renderRow(
      aNotification({
        kind: 'follow',
        text: 'leo started following you',
        url: '/profile/leo',
        target: { type: 'user', id: 1, preview: null, thumbnailUrl: null, media: [] },
      }),
    );
    expect(container.querySelector('img')).toBeNull();
  });
});
