/**
 * How wide a page may grow on a desktop (from 1024 px; below that every page is the phone's
 * 480 px column): the chat takes the whole width beside the side navigation, so its list and
 * the open conversation both fit; the admin's tables get a wide page, and so does Home (its feed
 * column of ~630 px cards and the right rail, issue 43); Explore and the profiles are as wide as
 * a three-column grid; every other page stays a column, centred
 * in the room right of the side navigation.
 */
export type PageWidth = 'column' | 'grid' | 'wide' | 'full';

export function pageWidthFor(path: string): PageWidth {
  if (path === '/chat' || path.startsWith('/chat/')) return 'full';
  if (path === '/admin') return 'wide';
  if (path === '/') return 'wide';
  // Explore and a profile show their grids in three columns on a laptop, as Instagram's 935 px.
  if (path === '/explore' || path.startsWith('/profile/')) return 'grid';
  // A post's page puts its comments beside the picture.
  if (path.startsWith('/p/')) return 'wide';
  // The shop shows four products a row on a laptop, not a phone's two (issue 43).
  if (path === '/shop') return 'wide';
  // The checkout page puts the order summary beside its steps.
  if (path === '/checkout') return 'wide';
  // A canvas room full screen: the picture as large as the room allows, its tools beside it.
  if (path.startsWith('/canvas/')) return 'wide';
  return 'column';
}

/** The frame's classes for each width: the phone column always, the desktop width from lg. */
export const pageWidthClass: Record<PageWidth, string> = {
  column: 'max-w-[480px]',
  grid: 'max-w-[480px] lg:max-w-[935px]',
  wide: 'max-w-[480px] lg:max-w-6xl',
  full: 'max-w-[480px] lg:max-w-none lg:border-x-0',
};
