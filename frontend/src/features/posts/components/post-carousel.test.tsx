import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PostCarousel } from './post-carousel';

const item = (n: number, alt = '') => ({ url: `/media/${n}.jpg`, thumbnailUrl: null, width: 800, height: 1000, blurhash: null, alt });

describe('PostCarousel', () => {
  it('shows one image as before, with its alt text or the fallback', () => {
    const { rerender } = render(<PostCarousel media={[item(1, 'A red door')]} fallbackAlt="Doors of Porto" />);
    expect(screen.getByRole('img', { name: 'A red door' })).toHaveAttribute('src', '/media/1.jpg');
    expect(screen.queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument();
    rerender(<PostCarousel media={[item(1)]} fallbackAlt="Doors of Porto" />);
    expect(screen.getByRole('img', { name: 'Doors of Porto' })).toBeInTheDocument();
  });

  it('steps through several with the buttons and the arrow keys, saying where it is; every alt is in the page', () => {
    render(<PostCarousel media={[item(1, 'First door'), item(2), item(3, 'Third door')]} fallbackAlt="Doors of Porto" />);
    const carousel = screen.getByRole('region', { name: '3 images' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const alts = [...carousel.querySelectorAll('img')].map((img) => img.getAttribute('alt'));
    expect(alts).toEqual(['First door', 'Doors of Porto', 'Third door']);
    expect(screen.getByText('1/3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous image' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByText('2/3')).toBeInTheDocument();
    const track = screen.getByRole('group', { name: 'Image 2 of 3' });
    fireEvent.keyDown(track, { key: 'ArrowRight' });
    expect(screen.getByText('3/3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next image' })).toBeDisabled();
    fireEvent.keyDown(track, { key: 'ArrowLeft' });
    expect(screen.getByRole('group', { name: 'Image 2 of 3' })).toBeInTheDocument();
  });
});
