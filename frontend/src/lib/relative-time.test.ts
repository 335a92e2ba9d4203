import { describe, expect, it } from 'vitest';
import { relativeTime, timeAgo } from './relative-time';

// Noon UTC: the dates below are the same calendar day in every time zone the tests run in.
const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it("says 'now' under a minute, also for a time slightly in the future or a bad date", () => {
    expect(relativeTime(ago(0), now)).toBe('now');
    expect(relativeTime(ago(MIN - 1), now)).toBe('now');
    expect(relativeTime(ago(-5 * MIN), now)).toBe('now');
    expect(relativeTime('not a date', now)).toBe('now');
  });

  it("counts whole minutes under an hour: '24m', not 'just now'", () => {
    expect(relativeTime(ago(MIN), now)).toBe('1m');
    expect(relativeTime(ago(24 * MIN + 59_000), now)).toBe('24m');
    expect(relativeTime(ago(59 * MIN + 59_000), now)).toBe('59m');
  });

  it('counts whole hours under a day', () => {
    expect(relativeTime(ago(HOUR), now)).toBe('1h');
    expect(relativeTime(ago(3 * HOUR + 59 * MIN), now)).toBe('3h');
    expect(relativeTime(ago(23 * HOUR + 59 * MIN), now)).toBe('23h');
  });

  it('counts whole days under a week', () => {
    expect(relativeTime(ago(DAY), now)).toBe('1d');
    expect(relativeTime(ago(2 * DAY + 5), now)).toBe('2d');
    expect(relativeTime(ago(7 * DAY - 1), now)).toBe('6d');
  });

  it('gives the date from a week on, with the year only outside this one', () => {
    expect(relativeTime(ago(7 * DAY), now)).toBe('Mar 3');
    expect(relativeTime('2026-01-15T12:00:00Z', now)).toBe('Jan 15');
    expect(relativeTime('2025-11-03T12:00:00Z', now)).toBe('Nov 3, 2025');
  });

  it('takes a Date as well as a string', () => {
    expect(relativeTime(new Date(now.getTime() - 3 * HOUR), now)).toBe('3h');
  });
});

describe('timeAgo', () => {
  it("says 'just now' under a minute, also for a time slightly in the future or a bad date", () => {
    expect(timeAgo(ago(0), now)).toBe('just now');
    expect(timeAgo(ago(-5 * MIN), now)).toBe('just now');
    expect(timeAgo('not a date', now)).toBe('just now');
  });

  it("reads in a sentence: '5m ago', '3h ago', '2d ago', then 'on' the date", () => {
    expect(timeAgo(ago(5 * MIN + 59_000), now)).toBe('5m ago');
    expect(timeAgo(ago(3 * HOUR), now)).toBe('3h ago');
    expect(timeAgo(ago(2 * DAY), now)).toBe('2d ago');
    expect(timeAgo(ago(10 * DAY), now)).toBe('on Feb 28');
    expect(timeAgo('2025-11-03T12:00:00Z', now)).toBe('on Nov 3, 2025');
  });
});
