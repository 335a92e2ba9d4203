import { describe, expect, it } from 'vitest';
import { activeTabFor } from './active-tab';

describe('activeTabFor', () => {
  it.each([
    ['/', 'home'],
    ['/explore', 'explore'],
    ['/chat', 'chat'],
    ['/chat/12', 'chat'],
    ['/reels', 'reels'],
    ['/shop', 'shop'],
    ['/admin', 'admin'],
    ['/profile/ada', 'profile'],
    ['/profile/some.one', 'profile'],
  ])('maps %s to %s', (path, tab) => {
    expect(activeTabFor(path)).toBe(tab);
  });

  it.each(['/create', '/create-story', '/settings', '/voicemail', '/earnings', '/nowhere', '/profile'])(
    'counts %s as home',
    (path) => {
      expect(activeTabFor(path)).toBe('home');
    },
  );
});
