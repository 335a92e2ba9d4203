import { describe, expect, it } from 'vitest';
import { aSummary } from '@/test/shop';
import { chartConfig } from './earnings-chart';

describe('the earnings chart', () => {
  it('stacks each UTC day’s sales and tips in cents, labelled by day, with dollars on the axis', () => {
    const { days } = aSummary({ days: 3, today: '2026-03-01', credits: { '2026-02-28': { sales: 8099, tips: 450 }, '2026-03-01': { tips: 900 } } });
    const config = chartConfig(days);
    expect(config.data.labels).toEqual(['Feb 27', 'Feb 28', 'Mar 1']);
    expect(config.data.datasets.map((set) => [set.label, set.data])).toEqual([
      ['Sales', [0, 8099, 0]],
      ['Tips', [0, 450, 900]],
    ]);
    const ticks = config.options?.scales?.y?.ticks as { callback: (value: number) => string };
    expect(ticks.callback(1250)).toBe('$12.50');
    // A month without sales or tips still has an axis of distinct amounts, up to a dollar.
    expect(config.options?.scales?.y).toMatchObject({ beginAtZero: true, suggestedMax: 100, ticks: { precision: 0 } });
  });
});
