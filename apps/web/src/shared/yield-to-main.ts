type Scheduler = { yield?: () => Promise<void> };

/**
 * Ends the current task and resumes in a new one, so the browser can paint and answer input
 * between two pieces of work that would otherwise block it as one long task.
 * `scheduler.yield()` resumes ahead of other waiting tasks; elsewhere a zero timeout.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
