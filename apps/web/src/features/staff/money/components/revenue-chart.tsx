import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import type { TCurrency } from '@portal/contracts/payments';
import type { TRevenueRow } from '@portal/contracts/money-console';
import { formatMoney } from '@portal/contracts/format';

// Only the pieces a bar chart needs: the rest of chart.js stays out of the bundle.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const COLORS = ['#2f5bd3', '#1f7a3f', '#9a5b00', '#8a2be2', '#b3261e', '#00798c', '#5d6576'];

/** Every day of the range, so days without revenue show as gaps rather than vanish. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(from); time <= Date.parse(to); time += 86_400_000) days.push(new Date(time).toISOString().slice(0, 10));
  return days;
}

/**
 * Net revenue per day in one currency, a stacked bar per project. The canvas carries a text label;
 * the same figures are in the table beside it for those who do not see the chart.
 */
export function RevenueChart({
  rows,
  currency,
  from,
  to,
  label,
}: {
  rows: TRevenueRow[];
  currency: TCurrency;
  from: string;
  to: string;
  label: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const days = daysOf(from, to);
    const projects = [...new Set(rows.map((row) => row.project))].sort();
    const chart = new Chart(element, {
      type: 'bar',
      data: {
        labels: days,
        datasets: projects.map((project, index) => ({
          label: project,
          backgroundColor: COLORS[index % COLORS.length],
          maxBarThickness: 48,
          data: days.map((day) => {
            const row = rows.find((item) => item.day === day && item.project === project);
            // Net: what the day's sales left after its refunds and disputes (below zero on a day of refunds).
            return row ? row.netMinor / 100 : 0;
          }),
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          x: { stacked: true },
          y: { stacked: true, beginAtZero: true, ticks: { callback: (value) => formatMoney(Number(value), currency) } },
        },
        plugins: {
          legend: { position: 'bottom' },
          tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${formatMoney(Number(item.raw), currency)}` } },
        },
      },
    });
    return () => chart.destroy();
  }, [rows, currency, from, to]);

  return (
    <div className="staff-money-chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
