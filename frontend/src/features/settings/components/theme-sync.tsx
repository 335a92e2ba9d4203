//! The 'Dark Theme' setting on the page: the `dark` class on <html> (the dark look)
//! follows it from app start; without it index.css turns the neutral palette around. Mounted by
//! the signed-in shell; signed out (or before the settings arrive) the app stays dark.
import { useEffect } from 'react';
import { useSettings } from '@/lib/settings';

export function applyTheme(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#09090b' : '#fafafa');
}

export function ThemeSync() {
  const dark = useSettings().data?.darkTheme;
  useEffect(() => {
    if (dark !== undefined) applyTheme(dark);
  }, [dark]);
  // Signing out shows the landing page in its dark look again.
  useEffect(() => () => applyTheme(true), []);
  return null;
}
