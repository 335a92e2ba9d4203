import { describe, expect, it } from 'vitest';
import { aNotification } from '@/test/notifications';
import { groupNotifications, groupOf } from './grouping';

// A Wednesday afternoon, local time.
const now = new Date(2026, 2, 11, 15, 0);
const at = (day: number, hour: number) => new Date(2026, 2, day, hour, 0).toISOString();

describe('grouping notifications', () => {
  it('puts since midnight in Today, the six days before in This week, the rest in Earlier', () => {
    expect(groupOf(at(11, 0), now)).toBe('today');
    expect(groupOf(at(10, 23), now)).toBe('week');
    expect(groupOf(at(5, 0), now)).toBe('week');
    expect(groupOf(at(4, 23), now)).toBe('earlier');
    // A clock a little ahead of ours is still today.
    expect(groupOf(at(11, 16), now)).toBe('today');
  });

  it('keeps the order and leaves out empty groups', () => {
    const items = [aNotification({ id: 3, createdAt: at(11, 9) }), aNotification({ id: 2, createdAt: at(1, 9) }), aNotification({ id: 1, createdAt: at(1, 8) })];
    expect(groupNotifications(items, now).map((group) => [group.id, group.items.map((n) => n.id)])).toEqual([
      ['today', [3]],
      ['earlier', [2, 1]],
    ]);
  });
});
