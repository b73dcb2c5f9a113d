// The sync's request limiter: at most n at once, normal work before low, one slot left free of low work.
import { describe, expect, it } from 'vitest';
import { createLimiter, type Priority } from '../../../../src/main/sync/limiter';

/** Tasks that run until released by name, recording the order they started in and the most at once. */
function harness(n: number) {
  const limit = createLimiter(n);
  const started: string[] = [];
  const release = new Map<string, () => void>();
  let running = 0;
  let most = 0;
  const run = (name: string, priority?: Priority) =>
    limit(async () => {
      started.push(name);
      most = Math.max(most, ++running);
      await new Promise<void>((r) => release.set(name, r));
      running--;
      return name;
    }, priority);
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const done = async (name: string) => {
    release.get(name)!();
    await settle();
  };
  return { run, started, done, settle, most: () => most };
}

describe('createLimiter', () => {
  it('leaves one slot free of low work, so work that arrives after it starts at once', async () => {
    const h = harness(4);
    const sides = ['s1', 's2', 's3', 's4'].map((s) => h.run(s, 'low'));
    await h.settle();
    expect(h.started).toEqual(['s1', 's2', 's3']);
    const page = h.run('page1');
    await h.settle();
    expect(h.started).toEqual(['s1', 's2', 's3', 'page1']);
    // Pages queued behind the slots go before the side read still waiting.
    const more = ['page2', 'page3'].map((p) => h.run(p));
    await h.done('s1');
    await h.done('page1');
    expect(h.started).toEqual(['s1', 's2', 's3', 'page1', 'page2', 'page3']);
    for (const x of ['s2', 's3', 'page2', 'page3']) await h.done(x);
    expect(h.started.at(-1)).toBe('s4');
    await h.done('s4');
    expect(await Promise.all([...sides, page, ...more])).toEqual(['s1', 's2', 's3', 's4', 'page1', 'page2', 'page3']);
    expect(h.most()).toBe(4);
  });

  it('never runs more than n, even when a task arrives as a slot is handed on', async () => {
    const h = harness(2);
    const all = ['a', 'b', 'c'].map((x) => h.run(x));
    await h.settle();
    expect(h.started).toEqual(['a', 'b']);
    // Freed and asked for in the same turn: the waiting task gets the slot, the newcomer waits.
    h.done('a').catch(() => undefined);
    const late = h.run('late');
    await h.settle();
    expect(h.started).toEqual(['a', 'b', 'c']);
    for (const x of ['b', 'c', 'late']) await h.done(x);
    expect(await Promise.all([...all, late])).toEqual(['a', 'b', 'c', 'late']);
    expect(h.most()).toBe(2);
  });

  it('with one slot, low work still runs, after the normal work waiting', async () => {
    const h = harness(1);
    const low = h.run('side', 'low');
    const first = h.run('page');
    await h.settle();
    expect(h.started).toEqual(['side']);
    await h.done('side');
    expect(h.started).toEqual(['side', 'page']);
    await h.done('page');
    expect(await Promise.all([low, first])).toEqual(['side', 'page']);
  });
});
