import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { SkillMatcher } from './skill-matcher';

const SKILL_NAMES = ['Digital Art', 'Creative Coding', 'Audio Creation', 'Photography', 'Motion Graphics'];

describe('SkillMatcher', () => {
  it("starts as the collapsed 'Skill Networking' card", () => {
    renderWithApp(<SkillMatcher />);
    expect(screen.getByRole('heading', { name: 'Skill Networking' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Find Matches' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Digital Art' })).not.toBeInTheDocument();
  });

  it('expands to the five skills as toggles, and shows the three matches once one is chosen', async () => {
    const user = userEvent.setup();
    renderWithApp(<SkillMatcher />);
    await user.click(screen.getByRole('button', { name: 'Find Matches' }));

    const skills = within(screen.getByRole('group', { name: 'Your skills' })).getAllByRole('button');
    expect(skills.map((b) => b.textContent)).toEqual(SKILL_NAMES);
    skills.forEach((b) => expect(b).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.queryByRole('list', { name: 'Matches' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Photography' }));
    await user.click(screen.getByRole('button', { name: 'Creative Coding' }));
    expect(screen.getByRole('button', { name: 'Photography' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Creative Coding' })).toHaveAttribute('aria-pressed', 'true');

    const matches = Array.from(screen.getByRole('list', { name: 'Matches' }).children) as HTMLElement[];
    expect(matches).toHaveLength(3);
    expect(matches.map((m) => within(m).getByText(/% match$/).textContent)).toEqual(['95% match', '88% match', '72% match']);
    expect(matches[0]).toHaveTextContent('Aria Chen');
    expect(matches[0]).toHaveTextContent('Digital Art · expert');
    expect(matches[0]).toHaveTextContent('Motion Graphics · intermediate');
    expect(matches[0]).toHaveTextContent('Interactive AR gallery installation');

    // Deselecting every skill hides the matches again.
    await user.click(screen.getByRole('button', { name: 'Photography' }));
    expect(screen.getByRole('list', { name: 'Matches' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Creative Coding' }));
    expect(screen.queryByRole('list', { name: 'Matches' })).not.toBeInTheDocument();
  });

  it("Connect shows 'Connection Initiated' and goes to /chat", async () => {
    const user = userEvent.setup();
    const { location } = renderWithApp(<SkillMatcher />);
    await user.click(screen.getByRole('button', { name: 'Find Matches' }));
    await user.click(screen.getByRole('button', { name: 'Audio Creation' }));
    await user.click(screen.getByRole('button', { name: 'Connect with Marcus Rivera' }));
    expect(await screen.findByText('Connection Initiated')).toBeInTheDocument();
    expect(screen.getByText('Starting a conversation with Marcus Rivera...')).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/chat');
  });

  it('collapses back to the card', async () => {
    const user = userEvent.setup();
    renderWithApp(<SkillMatcher />);
    await user.click(screen.getByRole('button', { name: 'Find Matches' }));
    await user.click(screen.getByRole('button', { name: 'Collapse skill matcher' }));
    expect(screen.getByRole('heading', { name: 'Skill Networking' })).toBeInTheDocument();
  });
});
