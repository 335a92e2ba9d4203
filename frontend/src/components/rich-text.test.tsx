import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { richPieces } from '@/lib/rich-text';
import { renderWithApp } from '@/test/render';
import { RichText } from './rich-text';

describe('richPieces', () => {
  it('splits text, #tags and @mentions, tags lowercased as the server stores them', () => {
    expect(richPieces('Sunset #Golden_Hour with @maya.chen.')).toEqual([
      { kind: 'text', text: 'Sunset ' },
      { kind: 'tag', text: '#Golden_Hour', tag: 'golden_hour' },
      { kind: 'text', text: ' with ' },
      { kind: 'mention', text: '@maya.chen', username: 'maya.chen' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('takes Unicode letters in tags and leaves marks inside words as text', () => {
    expect(richPieces('#café me@example.com a#b C#')).toEqual([
      { kind: 'tag', text: '#café', tag: 'café' },
      { kind: 'text', text: ' me@example.com a#b C#' },
    ]);
  });

  it('keeps a text without marks whole', () => {
    expect(richPieces('just words')).toEqual([{ kind: 'text', text: 'just words' }]);
    expect(richPieces('')).toEqual([]);
  });
});

describe('RichText', () => {
  it('links tags to their page and mentions to the profile', () => {
    renderWithApp(
      <p>
        <RichText text={'Lights #Neon\nby @leo and #city'} />
      </p>,
    );
    expect(screen.getByRole('link', { name: '#Neon' })).toHaveAttribute('href', '/explore/tags/neon');
    expect(screen.getByRole('link', { name: '#city' })).toHaveAttribute('href', '/explore/tags/city');
    expect(screen.getByRole('link', { name: '@leo' })).toHaveAttribute('href', '/profile/leo');
    expect(screen.getByText(/Lights/)).toBeInTheDocument();
  });
});
