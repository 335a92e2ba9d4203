import { describe, expect, it } from 'vitest';
import { DETECTABLE_MOODS, MOODS, pickDetectedMood } from './moods';

describe('moods', () => {
  it('are the six of the spec with their texts', () => {
    expect(MOODS.map((m) => [m.id, m.description])).toEqual([
      ['creative', 'Ready to create something amazing'],
      ['inspired', 'Feeling motivated and energized'],
      ['focused', 'Deep work and concentration'],
      ['social', 'Connect and collaborate with others'],
      ['learning', 'Absorbing new knowledge and skills'],
      ['chill', 'Relaxed browsing and discovery'],
    ]);
  });

  it('detection picks only among creative, inspired, focused and social', () => {
    expect(DETECTABLE_MOODS).toEqual(['creative', 'inspired', 'focused', 'social']);
    expect(pickDetectedMood(() => 0)).toBe('creative');
    expect(pickDetectedMood(() => 0.3)).toBe('inspired');
    expect(pickDetectedMood(() => 0.6)).toBe('focused');
    expect(pickDetectedMood(() => 0.999999)).toBe('social');
    expect(pickDetectedMood(() => 1)).toBe('social');
  });
});
