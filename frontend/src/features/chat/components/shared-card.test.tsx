import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aMessage } from '@/test/chat';
import { renderWithApp } from '@/test/render';
import { messagePreview } from '../conversation';
import { MessageBubble } from './message-bubble';

const leo = { id: 2, username: 'leo', displayName: 'Leo Park', profileImage: null };

/** An image of a shared post (issue 44). */
function anImage(n: number, alt = '') {
  return { url: `/media/p${n}.jpg`, thumbnailUrl: `/media/p${n}-320.jpg`, width: 1080, height: 1080, blurhash: null, alt };
}

function aSharedPost(overrides: Partial<NonNullable<ReturnType<typeof aMessage>['sharedPost']>> = {}) {
  const media = overrides.media ?? [anImage(1, 'A neon street at night')];
  return {
    id: 7,
    media,
    imageUrl: media[0].url,
    thumbnailUrl: media[0].thumbnailUrl,
    caption: 'Neon city',
    user: leo,
    ...overrides,
  };
}

function renderBubble(message: ReturnType<typeof aMessage>) {
  renderWithApp(
    <ol>
      <MessageBubble message={message} mine={false} onReact={() => {}} />
    </ol>,
  );
}

describe('a shared post or reel in the chat', () => {
  it('is a card with the picture, author and caption that opens the post', () => {
    renderBubble(
      aMessage({
        messageType: 'post',
        content: '',
        sharedPost: aSharedPost(),
        sharedReel: null,
      }),
    );
    const card = screen.getByRole('link', { name: 'Open post by Leo Park: Neon city' });
    expect(card).toHaveAttribute('href', '/p/7');
    expect(card.querySelector('img')).toHaveAttribute('src', '/media/p1-320.jpg');
    expect(card).toHaveTextContent('Neon city');
  });

  it("names its picture with the first image's alt text", () => {
    renderBubble(aMessage({ messageType: 'post', content: '', sharedPost: aSharedPost(), sharedReel: null }));
    expect(screen.getByRole('img', { name: 'A neon street at night' })).toHaveAttribute('src', '/media/p1-320.jpg');
    expect(screen.queryByTestId('several-images')).not.toBeInTheDocument();
  });

  it('names its picture with the caption when the image has no alt text', () => {
    renderBubble(
      aMessage({ messageType: 'post', content: '', sharedPost: aSharedPost({ media: [anImage(1, '  ')] }), sharedReel: null }),
    );
    expect(screen.getByRole('img', { name: 'Neon city' })).toBeInTheDocument();
  });

  it('marks a post of several images and says how many in its name', () => {
    renderBubble(
      aMessage({
        messageType: 'post',
        content: '',
        sharedPost: aSharedPost({ media: [anImage(1, 'The first street'), anImage(2, 'The second'), anImage(3, 'The third')] }),
        sharedReel: null,
      }),
    );
    const card = screen.getByRole('link', { name: 'Open post by Leo Park: Neon city, 3 images' });
    expect(card.querySelector('[data-testid="several-images"]')).not.toBeNull();
    expect(screen.getByRole('img', { name: 'The first street' })).toHaveAttribute('src', '/media/p1-320.jpg');
  });

  it('opens a reel in the pager at that reel', () => {
    renderBubble(
      aMessage({
        messageType: 'reel',
        content: '',
        sharedPost: null,
        sharedReel: { id: 9, posterUrl: '/media/r.jpg', caption: 'Loops', user: leo },
      }),
    );
    expect(screen.getByRole('link', { name: 'Open reel by Leo Park: Loops' })).toHaveAttribute('href', '/reels?reel=9');
  });

  it("says 'Post unavailable' when the item is gone", () => {
    renderBubble(aMessage({ messageType: 'post', content: '', sharedPost: null, sharedReel: null }));
    expect(screen.getByText('Post unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('reads as a line in the conversation list', () => {
    expect(messagePreview(aMessage({ messageType: 'post', content: '' }))).toBe('Shared a post');
    expect(messagePreview(aMessage({ messageType: 'reel', content: '' }))).toBe('Shared a reel');
  });
});
