/**
 * Ends the current task: the browser may paint and handle input before the rest runs (Total Blocking Time, issue 12).
 * `scheduler.yield()` where there is one (its continuation goes before other queued tasks), else a timer.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
