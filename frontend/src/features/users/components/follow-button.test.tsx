import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, json, renderWithApp } from '@/test/render';
import { userKeys } from '../api/keys';
import { FOLLOW_TEXT } from '../privacy-text';
import { FollowButton } from './follow-button';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('FollowButton', () => {
  it('follows: disabled with a spinner while pending, then the success toast and a refresh', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderWithApp(<FollowButton userId={5} isFollowing={false} />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const answer = deferred<Response>();
    fetchMock.mockReturnValueOnce(answer.promise);

    await user.click(screen.getByRole('button', { name: /Follow/ }));
    expect(fetchMock).toHaveBeenCalledWith('/api/users/5/follow', expect.objectContaining({ method: 'POST' }));
    expect(screen.getByRole('button', { name: /Follow/ })).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Saving' })).toBeInTheDocument();

    await act(async () => answer.resolve(json({ isFollowing: true, isRequested: false, followersCount: 11 })));
    expect(await screen.findByText('You are now following this user!')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(queryClient.getQueryData(userKeys.followStatus(5))).toEqual({ isFollowing: true, isRequested: false });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: userKeys.all });
  });

  it('unfollows with DELETE and says so', async () => {
    const user = userEvent.setup();
    renderWithApp(<FollowButton userId={5} isFollowing />);
    fetchMock.mockResolvedValueOnce(json({ isFollowing: false, followersCount: 10 }));
    await user.click(screen.getByRole('button', { name: /Following/ }));
    expect(fetchMock).toHaveBeenCalledWith('/api/users/5/follow', expect.objectContaining({ method: 'DELETE' }));
    expect(await screen.findByText('You have unfollowed this user.')).toBeInTheDocument();
  });

  it('shows the follow failure toast and enables the button again', async () => {
    const user = userEvent.setup();
    renderWithApp(<FollowButton userId={5} isFollowing={false} />);
    fetchMock.mockResolvedValueOnce(new Response('{"message":"down"}', { status: 500 }));
    await user.click(screen.getByRole('button', { name: /Follow/ }));
    expect(await screen.findByText('Failed to follow user. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Follow/ })).toBeEnabled();
  });

  it('shows the unfollow failure toast', async () => {
    const user = userEvent.setup();
    renderWithApp(<FollowButton userId={5} isFollowing />);
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    await user.click(screen.getByRole('button', { name: /Following/ }));
    expect(await screen.findByText('Failed to unfollow user. Please try again.')).toBeInTheDocument();
  });

  it("asks to follow a private account: the answer's isRequested is kept and a toast says the request was sent", async () => {
    const user = userEvent.setup();
    const { queryClient } = renderWithApp(<FollowButton userId={5} isFollowing={false} />);
    fetchMock.mockResolvedValueOnce(json({ isFollowing: false, isRequested: true, followersCount: 10 }));
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(fetchMock).toHaveBeenCalledWith('/api/users/5/follow', expect.objectContaining({ method: 'POST' }));
    expect(await screen.findByText(FOLLOW_TEXT.requestSent)).toBeInTheDocument();
    expect(queryClient.getQueryData(userKeys.followStatus(5))).toEqual({ isFollowing: false, isRequested: true });
  });

  it("shows 'Requested' (pressed) while a request waits, and pressing it withdraws the request with DELETE", async () => {
    const user = userEvent.setup();
    const { queryClient } = renderWithApp(<FollowButton userId={5} isFollowing={false} isRequested />);
    const button = screen.getByRole('button', { name: 'Requested' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    fetchMock.mockResolvedValueOnce(json({ isFollowing: false, isRequested: false, followersCount: 10 }));
    await user.click(button);
    expect(fetchMock).toHaveBeenCalledWith('/api/users/5/follow', expect.objectContaining({ method: 'DELETE' }));
    expect(await screen.findByText(FOLLOW_TEXT.requestWithdrawn)).toBeInTheDocument();
    expect(queryClient.getQueryData(userKeys.followStatus(5))).toEqual({ isFollowing: false, isRequested: false });
  });

  it('says when withdrawing the request failed', async () => {
    const user = userEvent.setup();
    renderWithApp(<FollowButton userId={5} isFollowing={false} isRequested />);
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    await user.click(screen.getByRole('button', { name: 'Requested' }));
    expect(await screen.findByText(FOLLOW_TEXT.withdrawFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Requested' })).toBeEnabled();
  });

  it("gives the server's words when over the follow limit", async () => {
    const user = userEvent.setup();
    renderWithApp(<FollowButton userId={5} isFollowing={false} />);
    fetchMock.mockResolvedValueOnce(
      new Response('{"message":"Too many follows: try again in 5 minutes","code":"rate_limited"}', { status: 429 }),
    );
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('Too many follows: try again in 5 minutes')).toBeInTheDocument();
  });
});
