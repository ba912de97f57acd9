/** The p-th percentile (nearest rank) of an ascending list; NaN when it is empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** "median 12.3 ms, p95 45.6 ms, max 78.9 ms" for unsorted timings in milliseconds. */
export function describeTimings(values: number[], digits = 1): string {
  const sorted = [...values].sort((a, b) => a - b);
  const ms = (value: number | undefined) => `${(value ?? Number.NaN).toFixed(digits)} ms`;
  return `median ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, max ${ms(sorted.at(-1))}`;
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
