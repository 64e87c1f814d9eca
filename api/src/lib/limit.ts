import { ApiHttpError } from './route.ts';

/**
 * At most `concurrency` tasks run at once and at most `queue` wait; beyond that the call is refused at once
 * with 503 BUSY (Retry-After), so a flood of expensive work (bcrypt) cannot take every CPU of the process.
 */
export function boundedRunner(concurrency: number, queue: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= queue) throw new ApiHttpError(503, 'BUSY', 'too many requests in progress; retry shortly', { retryAfter: 1 });
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running++;
    }
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next(); // the slot passes to the next waiter
      else running--;
    }
  };
}
