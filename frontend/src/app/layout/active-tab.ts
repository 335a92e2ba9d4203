export type TabId = 'home' | 'explore' | 'chat' | 'reels' | 'shop' | 'profile' | 'admin' | 'notifications';

/**
 * Which bottom-nav tab a path belongs to; any other path counts as home.
 * /notifications is the side navigation's own entry (the phone's bar has none: home's bell).
 */
export function activeTabFor(path: string): TabId {
  if (path === '/explore') return 'explore';
  if (path === '/chat' || path.startsWith('/chat/')) return 'chat';
  if (path === '/reels') return 'reels';
  if (path === '/shop') return 'shop';
  if (path.startsWith('/profile/')) return 'profile';
  if (path === '/admin') return 'admin';
  if (path === '/notifications') return 'notifications';
  return 'home';
}
