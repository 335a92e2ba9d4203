import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aConversation, json, serveChat } from '@/test/chat';
import { me, renderWithApp } from '@/test/render';
import { MessageButton } from './message-button';

afterEach(() => vi.unstubAllGlobals());

describe('MessageButton', () => {
  it('opens the conversation it starts', async () => {
    const { calls } = serveChat({ 'POST /api/conversations': () => json(aConversation({ id: 7 })) });
    const user = userEvent.setup();
    const { location } = renderWithApp(<MessageButton userId={2} />, { path: '/profile/leo', user: me });
    await user.click(screen.getByRole('button', { name: 'Message' }));
    expect(await screen.findByText('Conversation started!')).toBeInTheDocument();
    expect(calls('POST /api/conversations')[0].body).toEqual({ otherUserId: 2 });
    expect(location.history?.at(-1)).toBe('/chat/7');
  });
});
