import { afterEach, describe, expect, it } from 'vitest';
import {
  defaultScheduleTime,
  formatScheduledTime,
  fromLocalInputValue,
  scheduleProblem,
  toLocalInputValue,
  toOffsetDateTime,
} from './schedule';

const originalZone = process.env.TZ;
/** Runs the rest of the test in time zone `zone` (Node reads TZ again on each change). */
function inZone(zone: string) {
  process.env.TZ = zone;
}
afterEach(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

describe('toOffsetDateTime', () => {
  it('writes a Paris winter time with +01:00 and a summer time with +02:00', () => {
    inZone('Europe/Paris');
    expect(toOffsetDateTime(new Date(2026, 11, 1, 10, 0))).toBe('2026-12-01T10:00:00+01:00');
    expect(toOffsetDateTime(new Date(2026, 6, 14, 21, 30))).toBe('2026-07-14T21:30:00+02:00');
  });

  it('writes zones behind UTC and half-hour zones with their sign and minutes', () => {
    inZone('America/St_Johns');
    expect(toOffsetDateTime(new Date(2026, 11, 1, 8, 5))).toBe('2026-12-01T08:05:00-03:30');
    inZone('Asia/Kolkata');
    expect(toOffsetDateTime(new Date(2026, 0, 2, 0, 0))).toBe('2026-01-02T00:00:00+05:30');
    inZone('UTC');
    expect(toOffsetDateTime(new Date(2026, 0, 2, 0, 0))).toBe('2026-01-02T00:00:00+00:00');
  });

  it('names the same moment as the date it was given', () => {
    inZone('America/Los_Angeles');
    const at = new Date(2026, 2, 8, 9, 45);
    expect(new Date(toOffsetDateTime(at)).getTime()).toBe(at.getTime());
  });
});

describe('the datetime-local value', () => {
  it('is the local date and time, read back as the same moment', () => {
    inZone('Europe/Paris');
    const at = new Date(2026, 11, 1, 10, 0);
    expect(toLocalInputValue(at)).toBe('2026-12-01T10:00');
    expect(fromLocalInputValue('2026-12-01T10:00')?.getTime()).toBe(at.getTime());
    expect(fromLocalInputValue('2026-12-01T10:00:30')?.getSeconds()).toBe(30);
  });

  it('is nothing when the field is empty or not a date and time', () => {
    expect(fromLocalInputValue('')).toBeNull();
    expect(fromLocalInputValue('tomorrow')).toBeNull();
  });

  it('starts an hour ahead, on the minute', () => {
    const now = new Date(2026, 11, 1, 10, 7, 42, 500);
    expect(defaultScheduleTime(now)).toEqual(new Date(2026, 11, 1, 11, 7, 0, 0));
  });
});

describe('scheduleProblem', () => {
  const now = new Date('2026-12-01T10:00:00Z');
  const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

  it('asks for at least 10 minutes ahead, in the server’s words', () => {
    expect(scheduleProblem(minutes(9), now)).toBe('Schedule a post at least 10 minutes ahead');
    expect(scheduleProblem(minutes(-60), now)).toBe('Schedule a post at least 10 minutes ahead');
    expect(scheduleProblem(minutes(10), now)).toBeNull();
  });

  it('asks for at most 90 days ahead, in the server’s words', () => {
    expect(scheduleProblem(minutes(90 * 24 * 60), now)).toBeNull();
    expect(scheduleProblem(minutes(90 * 24 * 60 + 1), now)).toBe('Schedule a post at most 90 days ahead');
  });

  it('asks for a time when there is none', () => {
    expect(scheduleProblem(null, now)).toBe('Pick a date and time');
  });
});

describe('formatScheduledTime', () => {
  it('shows the time in the user’s zone, with the year only when it is another year’s', () => {
    inZone('Europe/Paris');
    const now = new Date('2026-11-28T12:00:00Z');
    expect(formatScheduledTime('2026-12-01T09:00:00Z', now)).toBe('Tue, Dec 1, 10:00 AM');
    expect(formatScheduledTime('2027-01-04T17:30:00Z', now)).toBe('Mon, Jan 4, 2027, 6:30 PM');
  });
});
