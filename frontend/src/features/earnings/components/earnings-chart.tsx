//! The 30-day chart of daily sales and tips (issue 23), drawn by Chart.js on a canvas. Loaded
//! lazily (earnings-overview.tsx) so the library stays out of the first chunk; only the pieces of
//! a stacked bar chart are registered. The canvas is decoration for the eye: its container's
//! label says what it shows. Without a 2D context (jsdom) nothing is drawn.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { formatCents } from '@/lib/money';
import { dayLabel } from '../dates';
import type { EarningsDay } from '../types';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Tailwind's emerald-400 and fuchsia-400, and the page's muted text and lines. */
const SALES_COLOUR = '#34d399';
const TIPS_COLOUR = '#e879f9';
const TEXT_COLOUR = '#a1a1aa';
const GRID_COLOUR = 'rgba(255, 255, 255, 0.08)';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Sales and tips stacked per day, in cents, the axis and the tooltips in dollars. */
export function chartConfig(days: EarningsDay[]): ChartConfiguration<'bar', number[], string> {
  return {
    type: 'bar',
    data: {
      labels: days.map((day) => dayLabel(day.date)),
      datasets: [
        { label: 'Sales', data: days.map((day) => day.sales), backgroundColor: SALES_COLOUR, borderRadius: 3, stack: 'net' },
        { label: 'Tips', data: days.map((day) => day.tips), backgroundColor: TIPS_COLOUR, borderRadius: 3, stack: 'net' },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: prefersReducedMotion() ? false : undefined,
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: {
          stacked: true,
          grid: { display: false },
          ticks: { color: TEXT_COLOUR, maxRotation: 0, autoSkip: true, maxTicksLimit: 6 },
        },
        y: {
          stacked: true,
          beginAtZero: true,
          // Whole cents, and at least a dollar high: a quiet month reads $0.00 to $1.00, not
          // '$0.01, $0.00, $0.00'.
          suggestedMax: 100,
          grid: { color: GRID_COLOUR },
          ticks: { color: TEXT_COLOUR, maxTicksLimit: 5, precision: 0, callback: (value) => formatCents(Number(value)) },
        },
      },
      plugins: {
        legend: { position: 'bottom', labels: { color: TEXT_COLOUR, boxWidth: 12, boxHeight: 12 } },
        tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${formatCents(item.parsed.y ?? 0)}` } },
      },
    },
  };
}

export default function EarningsChart({ days }: { days: EarningsDay[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const chart = new Chart(context, chartConfig(days));
    return () => chart.destroy();
  }, [days]);

  return <canvas ref={canvas} data-testid="earnings-chart-canvas" />;
}
