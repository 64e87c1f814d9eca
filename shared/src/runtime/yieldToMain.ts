/**
 * Ends the current task: the browser may paint and handle input before the rest runs (Total Blocking Time, issue 12).
 * Used where a page's start-up would otherwise run as one long task: the host's start, the remotes' start, a remote's
 * bootstrap after its modules have been evaluated.
 * `scheduler.yield()` where there is one (its continuation goes before other queued tasks), else a timer.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
