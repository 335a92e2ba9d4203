import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aPost, json, renderWithApp } from '@/test/render';
import { PostView } from './post-view';

beforeEach(() => vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => json(aPost()))));
afterEach(() => vi.unstubAllGlobals());

function renderPost() {
  renderWithApp(<PostView postId={7} comments={() => <p>the comments</p>} />);
  return screen.findByRole('article', { name: 'Post by Leo Park' });
}

describe('PostView', () => {
  it('on a phone, shows the comments under the card', async () => {
    const card = await renderPost();
    const comments = screen.getByRole('region', { name: 'Comments' });
    expect(card).not.toContainElement(comments);
    expect(comments).toHaveTextContent('the comments');
  });

  it('on a laptop, puts the header, actions, caption and comments in the card beside the picture', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(min-width: 1024px)',
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const card = await renderPost();
    expect(card).toContainElement(screen.getByRole('region', { name: 'Comments' }));
    expect(card.className).toContain('lg:grid-cols-[minmax(0,1fr)_400px]');
    expect(screen.getByTestId('post-picture').className).toContain('lg:col-start-1');
    expect(screen.getByRole('button', { name: 'Like' }).parentElement!.className).toContain('lg:col-start-2');
  });
});
