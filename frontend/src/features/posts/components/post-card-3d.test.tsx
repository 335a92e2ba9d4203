import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPost, renderWithApp } from '@/test/render';
import { PostCard, tiltFor } from './post-card';

afterEach(() => vi.restoreAllMocks());

describe('tiltFor', () => {
  it('leans the card towards the pointer, at most 10 degrees', () => {
    expect(tiltFor(50, 50, 100, 100)).toEqual({ rotateX: 0, rotateY: 0 });
    expect(tiltFor(100, 0, 100, 100)).toEqual({ rotateX: 10, rotateY: 10 });
    expect(tiltFor(0, 100, 100, 100)).toEqual({ rotateX: -10, rotateY: -10 });
    expect(tiltFor(500, -500, 100, 100)).toEqual({ rotateX: 10, rotateY: 10 });
    expect(tiltFor(10, 10, 0, 0)).toEqual({ rotateX: 0, rotateY: 0 });
  });
});

function renderCard(tilt3d: boolean) {
  renderWithApp(<PostCard post={aPost()} tilt3d={tilt3d} />);
  const card = screen.getByRole('article', { name: 'Post by Leo Park' });
  vi.spyOn(card, 'getBoundingClientRect').mockReturnValue({
    left: 0, top: 0, width: 200, height: 400, right: 200, bottom: 400, x: 0, y: 0, toJSON: () => ({}),
  });
  return card;
}

describe('PostCard in 3D view mode', () => {
  it('tilts on hover under a perspective, and settles when the pointer leaves', () => {
    const card = renderCard(true);
    expect(card.parentElement?.style.perspective).toBe('1000px');
    fireEvent.pointerMove(card, { pointerType: 'mouse', clientX: 200, clientY: 0 });
    expect(card.style.transform).toBe('rotateX(10deg) rotateY(10deg) scale(1)');
    fireEvent.pointerLeave(card);
    expect(card.style.transform).toBe('rotateX(0deg) rotateY(0deg) scale(1)');
  });

  it('ignores a finger dragging across (that is a scroll)', () => {
    const card = renderCard(true);
    fireEvent.pointerMove(card, { pointerType: 'touch', clientX: 200, clientY: 0 });
    expect(card.style.transform).toBe('rotateX(0deg) rotateY(0deg) scale(1)');
  });

  it('does not tilt for people who prefer reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }));
    const card = renderCard(true);
    fireEvent.pointerMove(card, { pointerType: 'mouse', clientX: 200, clientY: 0 });
    expect(card.style.transform).toBe('rotateX(0deg) rotateY(0deg) scale(1)');
    vi.unstubAllGlobals();
  });

  it('toggles a zoom on click, but not when a button is clicked', () => {
    vi.spyOn(window, 'alert').mockImplementation(() => {});
    const card = renderCard(true);
    fireEvent.click(screen.getByRole('img', { name: 'Neon city at night' }));
    expect(card).toHaveAttribute('data-zoomed', 'true');
    expect(card.style.transform).toContain('scale(1.05)');
    fireEvent.click(screen.getByRole('button', { name: 'Comments' }));
    expect(card).toHaveAttribute('data-zoomed', 'true');
    fireEvent.click(card);
    expect(card).toHaveAttribute('data-zoomed', 'false');
    expect(card.style.transform).toContain('scale(1)');
  });

  it('stays flat outside 3D mode', () => {
    const card = renderCard(false);
    fireEvent.pointerMove(card, { pointerType: 'mouse', clientX: 200, clientY: 0 });
    fireEvent.click(card);
    expect(card.style.transform).toBe('');
    expect(card).not.toHaveAttribute('data-zoomed');
  });
});
