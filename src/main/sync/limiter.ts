/**
 * `low`: work that may wait (a study's side reads). It waits while any other task waits, and leaves one
 * slot free for them: a study's four side reads, started as its sync begins, used to take every slot, and
 * its first interview page (which the rest of the walk waits on) went a round trip later.
 */
export type Priority = 'normal' | 'low';

/**
 * At most `n` tasks at once; the rest wait in order, `normal` before `low`. A freed slot is handed to the
 * next waiter directly, so a task arriving in between cannot take it as well.
 */
export function createLimiter(n: number) {
  let active = 0;
  const waiting: Record<Priority, (() => void)[]> = { normal: [], low: [] };
  // With one slot there is none to leave free.
  const lowMax = Math.max(1, n - 1);
  const free = (p: Priority) => (p === 'normal' ? active < n : active < lowMax && waiting.normal.length === 0);
  const handOff = () => {
    for (;;) {
      const p: Priority | null = waiting.normal.length > 0 ? 'normal' : waiting.low.length > 0 ? 'low' : null;
      if (p === null || !free(p)) return;
      active++;
      waiting[p].shift()!();
    }
  };
  return async function limit<T>(task: () => Promise<T>, priority: Priority = 'normal'): Promise<T> {
    if (free(priority)) active++;
    else await new Promise<void>((resolve) => waiting[priority].push(resolve));
    try {
      return await task();
    } finally {
      active--;
      handOff();
    }
  };
}
export type Limit = ReturnType<typeof createLimiter>;
