import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { serveApi } from '@/test/shop';
import { AppRouter, startsFirstRun } from './router';

afterEach(() => vi.unstubAllGlobals());

describe('startsFirstRun', () => {
  it('sends a user who has not been through the first run there, once a visit', () => {
    expect(startsFirstRun({ onboarded: false }, '/', false)).toBe(true);
    expect(startsFirstRun({ onboarded: false }, '/profile/maya', false)).toBe(true);
    expect(startsFirstRun({ onboarded: false }, '/', true)).toBe(false);
    expect(startsFirstRun({ onboarded: true }, '/', false)).toBe(false);
  });

  it("leaves alone the first run itself, the mailed links' pages and a session without the field", () => {
    expect(startsFirstRun({ onboarded: false }, '/welcome', false)).toBe(false);
    expect(startsFirstRun({ onboarded: false }, '/verify-email', false)).toBe(false);
    expect(startsFirstRun({ onboarded: false }, '/reset-password', false)).toBe(false);
    expect(startsFirstRun({} as { onboarded: boolean }, '/', false)).toBe(false);
  });
});

describe('AppRouter signed out', () => {
  const signedOut = () => serveApi({ 'GET /api/auth/user': () => new Response('{"message":"Unauthorized"}', { status: 401 }) });

  it("shows the account links' pages at their paths", async () => {
    signedOut();
    renderWithApp(<AppRouter />, { path: '/forgot-password' });
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome back' })).not.toBeInTheDocument();
  });

  it('shows the landing page at any other path', async () => {
    signedOut();
    renderWithApp(<AppRouter />, { path: '/welcome' });
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });
});
