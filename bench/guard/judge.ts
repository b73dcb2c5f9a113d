/**
 * The perf guard's judging logic, kept free of processes, files and the network so unit tests can drive it:
 * interleaved sampling of a contender and its baseline, medians, the ratio against its limit, the 3× probe.
 */
import { median } from '../lib/stats';

/** How many times a probed contender does its real work per sample: a genuine 3× slowdown. */
export const PROBE_FACTOR = 3;

export type Work = () => unknown;

export type SamplePlan = {
  /** Pairs to take at most. */
  pairs: number;
  /** Pairs to take at least, even past the time budget (a median of fewer is noise). */
  minPairs: number;
  /** Stop taking pairs (once minPairs are in) when the check has run this long. */
  budgetMs: number;
};

export type Samples = { contender: number[]; baseline: number[] };

/** Repeats `work` `times` times, one after the other, as one piece of work (the probe). */
export function repeated(work: Work, times: number): Work {
  if (times === 1) return work;
  return async () => {
    for (let i = 0; i < times; i++) await work();
  };
}

/**
 * Times contender and baseline alternately, so both see the same machine load; the order flips on every
 * pair (contender first, then baseline first), so neither always runs right after the other's caches warmed.
 */
export async function sampleInterleaved(contender: Work, baseline: Work, plan: SamplePlan, now: () => number = () => performance.now()): Promise<Samples> {
  const out: Samples = { contender: [], baseline: [] };
  const time = async (w: Work) => {
    const s = now();
    await w();
    return now() - s;
  };
  const started = now();
  for (let i = 0; i < plan.pairs; i++) {
    if (i >= plan.minPairs && now() - started >= plan.budgetMs) break;
    if (i % 2 === 0) {
      out.contender.push(await time(contender));
      out.baseline.push(await time(baseline));
    } else {
      out.baseline.push(await time(baseline));
      out.contender.push(await time(contender));
    }
  }
  return out;
}

export type Verdict = {
  id: string;
  contenderMs: number;
  baselineMs: number;
  ratio: number;
  limit: number;
  pass: boolean;
  pairs: number;
  probed: boolean;
};

/**
 * The ratio is the median of the pairs' own ratios (each contender sample over the baseline sample taken
 * right beside it), so a burst of load that slows one pair does not skew the rest; the medians of each side
 * are shown beside it. A pair with a baseline of 0 (or no pairs at all) cannot be judged and fails.
 */
export function judge(id: string, s: Samples, limit: number, probed = false): Verdict {
  const pairs = Math.min(s.contender.length, s.baseline.length);
  const ratios: number[] = [];
  for (let i = 0; i < pairs; i++) ratios.push(s.baseline[i]! > 0 ? s.contender[i]! / s.baseline[i]! : Number.POSITIVE_INFINITY);
  const ratio = pairs > 0 ? median(ratios) : Number.POSITIVE_INFINITY;
  return { id, contenderMs: median(s.contender), baselineMs: median(s.baseline), ratio, limit, pass: ratio <= limit, pairs, probed };
}

const fmtMs = (x: number) => (x >= 100 ? `${x.toFixed(0)} ms` : `${x.toFixed(1)} ms`);

/** One line per check: what was measured, its baseline, the ratio and the limit, and the verdict. */
export function verdictLine(v: Verdict, what: { contender: string; baseline: string }): string {
  const probe = v.probed ? ` [probe: contender ×${PROBE_FACTOR}]` : '';
  return (
    `${v.pass ? 'ok  ' : 'FAIL'} ${v.id.padEnd(8)} ${what.contender} ${fmtMs(v.contenderMs)} · ${what.baseline} ${fmtMs(v.baselineMs)} · ` +
    `ratio ${v.ratio.toFixed(2)}× (limit ${v.limit.toFixed(2)}×; medians of ${v.pairs} pairs)${probe}`
  );
}

/** The closing message: which checks failed and by how much, or that all passed. */
export function summary(verdicts: readonly Verdict[]): { ok: boolean; message: string } {
  const failed = verdicts.filter((v) => !v.pass);
  if (failed.length === 0) return { ok: true, message: `perf:guard passed: ${verdicts.length} checks within their limits.` };
  return {
    ok: false,
    message:
      `perf:guard FAILED: ${failed.map((v) => `${v.id} is ${v.ratio.toFixed(2)}× its baseline, over its limit of ${v.limit.toFixed(2)}×`).join('; ')}. ` +
      'Something on that path got slower (or the machine was far busier than a CI runner should be): run `npm run perf:guard` again ' +
      'to confirm, then `npm run bench` for the full figures and profiles (docs/perf-guard.md).',
  };
}

/**
 * Which checks to probe (make 3× slower): `--probe ID[,ID…]` or `--probe all` on the command line, or
 * PERF_GUARD_PROBE. An unknown id is an error, so a typo cannot make a probe silently pass.
 */
export function probedChecks(argv: readonly string[], env: NodeJS.ProcessEnv, known: readonly string[]): Set<string> {
  return namedChecks('--probe', argv, env.PERF_GUARD_PROBE, known);
}

/** Which checks to run: `--only ID[,ID…]` (every check without it). */
export function selectedChecks(argv: readonly string[], known: readonly string[]): Set<string> {
  const only = namedChecks('--only', argv, undefined, known);
  return only.size ? only : new Set(known);
}

function namedChecks(flag: string, argv: readonly string[], fromEnv: string | undefined, known: readonly string[]): Set<string> {
  const raw: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === flag) {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new Error(`${flag} needs a check: one of ${known.join(', ')} or all.`);
      raw.push(next);
      i++;
    } else if (a.startsWith(`${flag}=`)) raw.push(a.slice(flag.length + 1));
  }
  if (fromEnv) raw.push(fromEnv);
  const ids = raw
    .flatMap((r) => r.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  const out = new Set<string>();
  for (const id of ids) {
    if (id === 'all') known.forEach((k) => out.add(k));
    else if (known.includes(id)) out.add(id);
    else throw new Error(`No perf:guard check is called "${id}"; the checks are ${known.join(', ')} (or all).`);
  }
  return out;
}
