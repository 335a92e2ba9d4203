import { describe, expect, it } from 'vitest';
import { minuteRelativeTime, relativeTime } from './relative-time';

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

describe('minuteRelativeTime', () => {
  it("says 'just now' under a minute, also for a time slightly in the future or a bad date", () => {
    expect(minuteRelativeTime(ago(0), now)).toBe('just now');
    expect(minuteRelativeTime(ago(MIN - 1), now)).toBe('just now');
    expect(minuteRelativeTime(ago(-5 * MIN), now)).toBe('just now');
    expect(minuteRelativeTime('not a date', now)).toBe('just now');
  });

  it('counts whole minutes under an hour', () => {
    expect(minuteRelativeTime(ago(MIN), now)).toBe('1m ago');
    expect(minuteRelativeTime(ago(5 * MIN + 59_000), now)).toBe('5m ago');
    expect(minuteRelativeTime(ago(59 * MIN + 59_000), now)).toBe('59m ago');
  });

  it('then counts hours and days as the posts do', () => {
    expect(minuteRelativeTime(ago(60 * MIN), now)).toBe('1h ago');
    expect(minuteRelativeTime(ago(23 * 60 * MIN + 59 * MIN), now)).toBe('23h ago');
    expect(minuteRelativeTime(ago(24 * 60 * MIN), now)).toBe('1d ago');
    expect(minuteRelativeTime(new Date(now.getTime() - 10 * 24 * 60 * MIN), now)).toBe('10d ago');
  });

  it('leaves the posts rule as it was', () => {
    expect(relativeTime(ago(5 * MIN), now)).toBe('just now');
  });
});
