import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;

describe('relativeTime', () => {
  it("says 'just now' under an hour", () => {
    expect(relativeTime(ago(0), now)).toBe('just now');
    expect(relativeTime(ago(59 * MIN), now)).toBe('just now');
  });

  it('counts whole hours under a day', () => {
    expect(relativeTime(ago(60 * MIN), now)).toBe('1h ago');
    expect(relativeTime(ago(23 * 60 * MIN + 59 * MIN), now)).toBe('23h ago');
  });

  it('counts whole days from 24 hours on', () => {
    expect(relativeTime(ago(24 * 60 * MIN), now)).toBe('1d ago');
    expect(relativeTime(ago(10 * 24 * 60 * MIN + 5), now)).toBe('10d ago');
  });

  it("says 'just now' for a time slightly in the future", () => {
    expect(relativeTime(ago(-5 * MIN), now)).toBe('just now');
  });
});
