import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aMessage } from '@/test/chat';
import { renderWithApp } from '@/test/render';
import { messagePreview } from '../conversation';
import { MessageBubble } from './message-bubble';

const leo = { id: 2, username: 'leo', displayName: 'Leo Park', profileImage: null };

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
        sharedPost: { id: 7, imageUrl: '/media/a.jpg', thumbnailUrl: '/media/a-320.jpg', caption: 'Neon city', user: leo },
        sharedReel: null,
      }),
    );
    const card = screen.getByRole('link', { name: 'Open post by Leo Park: Neon city' });
    expect(card).toHaveAttribute('href', '/p/7');
    expect(card.querySelector('img')).toHaveAttribute('src', '/media/a-320.jpg');
    expect(card).toHaveTextContent('Neon city');
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
