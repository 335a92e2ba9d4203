import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp } from '@/test/render';
import type { SkillMatch } from '../api/get-skill-matches';
import { SkillMatcher } from './skill-matcher';

const SKILL_NAMES = ['Digital Art', 'Creative Coding', 'Audio Creation', 'Photography', 'Motion Graphics'];

function aMatch(id: number, displayName: string, skills: string[], match: number): SkillMatch {
  return {
    user: { id, username: displayName.toLowerCase().replace(' ', '_'), displayName, profileImage: null },
    skills: skills as SkillMatch['skills'],
    match,
    bio: `${displayName} makes things`,
  };
}

const MATCHES = [
  aMatch(4, 'Aria Chen', ['code', 'photo'], 100),
  aMatch(5, 'Marcus Rivera', ['code', 'music', 'photo'], 100),
  aMatch(6, 'Sofia Okafor', ['photo'], 50),
];

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => json(MATCHES));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('SkillMatcher', () => {
  it("starts as the collapsed 'Skill Networking' card and asks for nothing", () => {
    renderWithApp(<SkillMatcher onConnect={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Skill Networking' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Find Matches' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Digital Art' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('expands to the five skills as toggles, and shows the creators with the chosen skills', async () => {
    const user = userEvent.setup();
    renderWithApp(<SkillMatcher onConnect={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Find Matches' }));

    const skills = within(screen.getByRole('group', { name: 'Your skills' })).getAllByRole('button');
    expect(skills.map((b) => b.textContent)).toEqual(SKILL_NAMES);
    skills.forEach((b) => expect(b).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.queryByRole('list', { name: 'Matches' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Photography' }));
    await user.click(screen.getByRole('button', { name: 'Creative Coding' }));
    expect(screen.getByRole('button', { name: 'Photography' })).toHaveAttribute('aria-pressed', 'true');

    const list = await screen.findByRole('list', { name: 'Matches' });
    expect(fetchMock).toHaveBeenLastCalledWith('/api/users/skill-matches?skills=code,photo', expect.anything());
    const matches = Array.from(list.children) as HTMLElement[];
    expect(matches.map((m) => within(m).getByText(/% match$/).textContent)).toEqual(['100% match', '100% match', '50% match']);
    expect(matches[0]).toHaveTextContent('Aria Chen');
    expect(matches[0]).toHaveTextContent('Aria Chen makes things');
    expect(within(matches[1]).getByRole('list', { name: 'Skills of Marcus Rivera' })).toHaveTextContent(
      'Creative CodingAudio CreationPhotography',
    );

    // Deselecting every skill hides the matches again.
    await user.click(screen.getByRole('button', { name: 'Photography' }));
    await user.click(screen.getByRole('button', { name: 'Creative Coding' }));
    expect(screen.queryByRole('list', { name: 'Matches' })).not.toBeInTheDocument();
  });

  it('says so when nobody has those skills yet', async () => {
    fetchMock.mockImplementation(async () => json([]));
    const user = userEvent.setup();
    renderWithApp(<SkillMatcher onConnect={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Find Matches' }));
    await user.click(screen.getByRole('button', { name: 'Audio Creation' }));
    expect(await screen.findByText('No creators with these skills yet.')).toBeInTheDocument();
  });

  it("Connect shows 'Connection Initiated' and hands the creator's id to the page", async () => {
    const onConnect = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<SkillMatcher onConnect={onConnect} />);
    await user.click(screen.getByRole('button', { name: 'Find Matches' }));
    await user.click(screen.getByRole('button', { name: 'Audio Creation' }));
    await user.click(await screen.findByRole('button', { name: 'Connect with Marcus Rivera' }));
    expect(await screen.findByText('Connection Initiated')).toBeInTheDocument();
    expect(screen.getByText('Starting a conversation with Marcus Rivera...')).toBeInTheDocument();
    expect(onConnect).toHaveBeenCalledWith(5);
  });

  it('collapses back to the card', async () => {
    const user = userEvent.setup();
    renderWithApp(<SkillMatcher onConnect={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Find Matches' }));
    await user.click(screen.getByRole('button', { name: 'Collapse skill matcher' }));
    expect(screen.getByRole('heading', { name: 'Skill Networking' })).toBeInTheDocument();
  });
});
