import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MOOD, DEFAULT_VIEW_MODE, type MoodId, type ViewMode } from '../moods';
import { AiCreativeAssistant } from './ai-creative-assistant';

function Assistant() {
  const [viewMode, setViewMode] = useState<ViewMode>(DEFAULT_VIEW_MODE);
  const [mood, setMood] = useState<MoodId>(DEFAULT_MOOD);
  return (
    <>
      <AiCreativeAssistant viewMode={viewMode} onViewModeChange={setViewMode} mood={mood} onMoodChange={setMood} />
      <output data-testid="state">{`${viewMode}/${mood}`}</output>
    </>
  );
}

const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');
const description = () => screen.getByTestId('mood-description').textContent;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('AiCreativeAssistant', () => {
  it('starts flat and creative', () => {
    render(<Assistant />);
    expect(pressed('Flat 2D')).toBe('true');
    expect(pressed('3D')).toBe('false');
    expect(pressed('AI Emotion')).toBe('false');
    expect(pressed('Creative')).toBe('true');
    expect(description()).toBe('Creative: Ready to create something amazing');
  });

  it('switches the view mode, one at a time', () => {
    render(<Assistant />);
    fireEvent.click(screen.getByRole('button', { name: '3D' }));
    expect(pressed('3D')).toBe('true');
    expect(pressed('Flat 2D')).toBe('false');
    expect(screen.getByTestId('state')).toHaveTextContent('3d/creative');
    fireEvent.click(screen.getByRole('button', { name: 'AI Emotion' }));
    expect(pressed('AI Emotion')).toBe('true');
    expect(pressed('3D')).toBe('false');
    expect(screen.getByTestId('state')).toHaveTextContent('emotion/creative');
  });

  it('sets a mood directly when picked', () => {
    render(<Assistant />);
    fireEvent.click(screen.getByRole('button', { name: 'Chill' }));
    expect(pressed('Chill')).toBe('true');
    expect(pressed('Creative')).toBe('false');
    expect(description()).toBe('Chill: Relaxed browsing and discovery');
    fireEvent.click(screen.getByRole('button', { name: 'Learning' }));
    expect(description()).toBe('Learning: Absorbing new knowledge and skills');
  });

  it("shows 'Analyzing...' for 2 seconds, then a random one of the four detectable moods", () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.8); // → social
    render(<Assistant />);
    fireEvent.click(screen.getByRole('button', { name: 'Chill' }));
    fireEvent.click(screen.getByRole('button', { name: 'Detect Mood' }));

    const analyzing = screen.getByRole('button', { name: 'Analyzing...' });
    expect(analyzing).toBeDisabled();
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Analyzing...' })).toBeInTheDocument();
    expect(description()).toBe('Chill: Relaxed browsing and discovery');

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('button', { name: 'Analyzing...' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Detect Mood' })).toBeEnabled();
    expect(pressed('Social')).toBe('true');
    expect(description()).toBe('Social: Connect and collaborate with others');
  });

  it('never detects learning or chill', () => {
    vi.useFakeTimers();
    render(<Assistant />);
    for (let i = 0; i < 20; i += 1) {
      fireEvent.click(screen.getByRole('button', { name: 'Detect Mood' }));
      act(() => vi.advanceTimersByTime(2000));
      expect(screen.getByTestId('state').textContent).toMatch(/\/(creative|inspired|focused|social)$/);
    }
  });

  it('makes no call and leaves no timer behind when unmounted mid-analysis', () => {
    vi.useFakeTimers();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { unmount } = render(<Assistant />);
    fireEvent.click(screen.getByRole('button', { name: 'Detect Mood' }));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
