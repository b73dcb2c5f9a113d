import { describe, expect, it } from 'vitest';
import { judge, probedChecks, PROBE_FACTOR, selectedChecks, repeated, sampleInterleaved, summary, verdictLine } from '../../../bench/guard/judge';

/** A clock that only moves when work says so: each piece of work "costs" a fixed number of ticks. */
function fakeClock() {
  let t = 0;
  return { now: () => t, cost: (ticks: number) => () => void (t += ticks) };
}

const IDS = ['cli', 'search', 'open', 'resync'];

describe('perf guard: interleaved sampling', () => {
  it('alternates contender and baseline, flipping which goes first on every pair', async () => {
    const order: string[] = [];
    await sampleInterleaved(
      () => void order.push('c'),
      () => void order.push('b'),
      { pairs: 4, minPairs: 4, budgetMs: 1e9 },
    );
    expect(order.join('')).toBe('cbbccbbc');
  });

  it('stops at the budget once the minimum pairs are in, and takes the minimum even past the budget', async () => {
    const clock = fakeClock();
    const s = await sampleInterleaved(clock.cost(10), clock.cost(10), { pairs: 100, minPairs: 3, budgetMs: 50 }, clock.now);
    // Each pair costs 20 ticks: after 3 pairs (60) the 50-tick budget is spent.
    expect(s.contender).toHaveLength(3);
    expect(s.baseline).toHaveLength(3);
    const long = await sampleInterleaved(clock.cost(100), clock.cost(100), { pairs: 100, minPairs: 5, budgetMs: 1 }, clock.now);
    expect(long.contender).toHaveLength(5);
  });

  it('times each piece of work with the clock it is given', async () => {
    const clock = fakeClock();
    const s = await sampleInterleaved(clock.cost(30), clock.cost(10), { pairs: 3, minPairs: 3, budgetMs: 1e9 }, clock.now);
    expect(s.contender).toEqual([30, 30, 30]);
    expect(s.baseline).toEqual([10, 10, 10]);
  });
});

describe('perf guard: judging', () => {
  it('takes the median of the pairs’ own ratios, so one disturbed pair does not move it', () => {
    const v = judge('search', { contender: [20, 22, 400, 21, 19], baseline: [10, 11, 10, 10, 10] }, 3);
    expect(v.ratio).toBeCloseTo(2, 5);
    expect(v.pass).toBe(true);
    expect(v.contenderMs).toBe(21);
    expect(v.baselineMs).toBe(10);
    expect(v.pairs).toBe(5);
  });

  it('fails a ratio over its limit and passes one at the limit', () => {
    expect(judge('x', { contender: [31, 31, 31], baseline: [10, 10, 10] }, 3).pass).toBe(false);
    expect(judge('x', { contender: [30, 30, 30], baseline: [10, 10, 10] }, 3).pass).toBe(true);
  });

  it('cannot judge without samples or with a zero baseline, and fails rather than passes', () => {
    expect(judge('x', { contender: [], baseline: [] }, 3).pass).toBe(false);
    expect(judge('x', { contender: [5, 5, 5], baseline: [0, 0, 0] }, 3).pass).toBe(false);
  });

  it('the probe does the real work three times per sample: a check that passed now fails', async () => {
    const clock = fakeClock();
    let calls = 0;
    const contender = () => {
      calls++;
      clock.cost(20)();
    };
    const plan = { pairs: 5, minPairs: 5, budgetMs: 1e9 };
    const limit = 4; // 2× over the normal ratio of 2, under the probed 6
    const normal = judge('open', await sampleInterleaved(contender, clock.cost(10), plan, clock.now), limit);
    expect(normal.ratio).toBeCloseTo(2, 5);
    expect(normal.pass).toBe(true);
    expect(calls).toBe(5);
    const probed = judge('open', await sampleInterleaved(repeated(contender, PROBE_FACTOR), clock.cost(10), plan, clock.now), limit, true);
    expect(calls).toBe(5 + 5 * PROBE_FACTOR);
    expect(probed.ratio).toBeCloseTo(2 * PROBE_FACTOR, 5);
    expect(probed.pass).toBe(false);
    expect(verdictLine(probed, { contender: 'open', baseline: 'raw' })).toMatch(
      /^FAIL open .*ratio 6\.00× \(limit 4\.00×; medians of 5 pairs\) \[probe: contender ×3\]$/,
    );
  });

  it('prints contender, baseline, ratio and limit on one line', () => {
    const line = verdictLine(judge('cli', { contender: [250], baseline: [100] }, 4), { contender: 'fieldwork --help', baseline: 'node -e 0' });
    expect(line).toBe('ok   cli      fieldwork --help 250 ms · node -e 0 100 ms · ratio 2.50× (limit 4.00×; medians of 1 pairs)');
  });

  it('names every failed check, its ratio and its limit in the closing message', () => {
    const pass = judge('cli', { contender: [2], baseline: [1] }, 4);
    const fail = judge('search', { contender: [9], baseline: [1] }, 4);
    expect(summary([pass])).toEqual({ ok: true, message: 'perf:guard passed: 1 checks within their limits.' });
    const s = summary([pass, fail]);
    expect(s.ok).toBe(false);
    expect(s.message).toContain('search is 9.00× its baseline, over its limit of 4.00×');
    expect(s.message).not.toContain('cli is');
  });
});

describe('perf guard: which checks to probe', () => {
  it('reads --probe ID, --probe=ID,ID, all, and PERF_GUARD_PROBE', () => {
    expect([...probedChecks(['--probe', 'search'], {}, IDS)]).toEqual(['search']);
    expect([...probedChecks(['--probe=cli,open'], {}, IDS)]).toEqual(['cli', 'open']);
    expect([...probedChecks(['--probe', 'all'], {}, IDS)]).toEqual(IDS);
    expect([...probedChecks([], { PERF_GUARD_PROBE: 'resync' }, IDS)]).toEqual(['resync']);
    expect(probedChecks(['--no-build'], {}, IDS).size).toBe(0);
  });

  it('refuses an unknown check or a missing name, so a typo cannot make a probe pass', () => {
    expect(() => probedChecks(['--probe', 'serch'], {}, IDS)).toThrow(/No perf:guard check is called "serch"; the checks are cli, search, open, resync/);
    expect(() => probedChecks(['--probe'], {}, IDS)).toThrow(/--probe needs a check/);
    expect(() => probedChecks([], { PERF_GUARD_PROBE: 'x' }, IDS)).toThrow(/"x"/);
  });

  it('runs every check unless --only names some', () => {
    expect([...selectedChecks([], IDS)]).toEqual(IDS);
    expect([...selectedChecks(['--only', 'open,resync', '--probe', 'open'], IDS)]).toEqual(['open', 'resync']);
    expect(() => selectedChecks(['--only=sync'], IDS)).toThrow(/"sync"/);
  });
});
