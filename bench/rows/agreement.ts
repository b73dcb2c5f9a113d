import { agreementByCode, turnsOverlapped, type Coding, type InterviewTurns } from '../../src/shared/analysis/turn-units';
import { ms, num, ratio } from '../lib/format';
import { summarize } from '../lib/stats';
import type { BenchContext, BenchRow } from '../lib/types';

/**
 * Row: agreement per code between two coders (issue 13 §3) over 1,000 interviews × 40 turns × 20 codes,
 * `agreementByCode` as the app and the CLI call it, on codings generated in memory (no sandbox, no cache: it
 * is pure computation, timed in the bench process). Baseline: one pass over the same codings that only counts
 * the turns they cover, the floor of reading the codings at all. Each is run once to warm up, then RUNS times;
 * the medians are compared.
 */
const INTERVIEWS = 1000;
const TURNS = 40;
const CODES = 20;
const RUNS = 7;
const GOAL_MS = 1000;

/**
 * Two coders' codings, the same every run: per interview and code, coder A codes a passage of one to three turns
 * six times in ten (a second one three times in ten); B codes the same passage eight times in ten (its end a turn
 * further one time in four) and a passage of their own two times in ten. Character offsets fall anywhere in the
 * turns, so some codings only touch a boundary turn.
 */
export function agreementData(interviews = INTERVIEWS, turns = TURNS, codes = CODES): { interviews: InterviewTurns[]; codings: Coding[] } {
  let seed = 13;
  const rand = (n: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) % n;
  };
  const list: InterviewTurns[] = [];
  const codings: Coding[] = [];
  for (let i = 0; i < interviews; i++) {
    const interviewId = `interview-${i}`;
    const lengths = Array.from({ length: turns }, () => 40 + rand(400));
    list.push({ interviewId, turns: lengths });
    const passage = (coder: string, code: string): Coding => {
      const startTurn = rand(turns);
      const endTurn = Math.min(turns - 1, startTurn + rand(3));
      const startChar = rand(lengths[startTurn]!);
      // Within one turn the end comes after the start; across turns it is anywhere in the last turn (0 only touches it).
      const endChar = endTurn === startTurn ? startChar + 1 + rand(lengths[endTurn]! - startChar) : rand(lengths[endTurn]! + 1);
      return { interviewId, code, coder, startTurn, startChar, endTurn, endChar };
    };
    for (let k = 0; k < codes; k++) {
      const code = `code ${k + 1}`;
      const ofA: Coding[] = [];
      if (rand(10) < 6) ofA.push(passage('A', code));
      if (rand(10) < 3) ofA.push(passage('A', code));
      for (const a of ofA) {
        codings.push(a);
        if (rand(10) < 8) {
          const endTurn = rand(4) === 0 ? Math.min(turns - 1, a.endTurn + 1) : a.endTurn;
          codings.push({ ...a, coder: 'B', endTurn, endChar: endTurn === a.endTurn ? a.endChar : null });
        }
      }
      if (rand(10) < 2) codings.push(passage('B', code));
    }
  }
  return { interviews: list, codings };
}

/** The baseline: how many turns the codings cover, one pass, no per-code vectors and no statistics. */
function countCoveredTurns(interviews: readonly InterviewTurns[], codings: readonly Coding[]): number {
  const turnsOf = new Map(interviews.map((iv) => [iv.interviewId, iv.turns]));
  let covered = 0;
  for (const c of codings) {
    const range = turnsOverlapped(c, turnsOf.get(c.interviewId)!);
    if (range) covered += range.last - range.first + 1;
  }
  return covered;
}

function time<T>(fn: () => T): { ms: number; value: T } {
  const start = performance.now();
  const value = fn();
  return { ms: performance.now() - start, value };
}

export async function agreement(ctx: BenchContext): Promise<BenchRow> {
  const data = await ctx.phase(`agreement: generate ${num(INTERVIEWS)} interviews × ${TURNS} turns × ${CODES} codes`, async () => agreementData());
  const timings = await ctx.phase(`agreement: agreementByCode and the counting pass, ${RUNS} runs each (after one to warm up)`, async () => {
    const input = { ...data, coderA: 'A', coderB: 'B' };
    time(() => agreementByCode(input));
    time(() => countCoveredTurns(data.interviews, data.codings));
    const full: number[] = [];
    const base: number[] = [];
    let result = agreementByCode(input);
    let covered = 0;
    for (let r = 0; r < RUNS; r++) {
      const f = time(() => agreementByCode(input));
      full.push(f.ms);
      result = f.value;
      const b = time(() => countCoveredTurns(data.interviews, data.codings));
      base.push(b.ms);
      covered = b.value;
    }
    return { full: summarize(full), base: summarize(base), result, covered };
  });
  const { full, base, result, covered } = timings;
  const kappas = result.flatMap((r) => (r.kappa.value === null ? [] : [r.kappa.value]));
  const disagreements = result.reduce((s, r) => s + r.disagreements.length, 0);
  return {
    id: 'agreement',
    what: `Agreement per code, two coders: ${num(INTERVIEWS)} interviews × ${TURNS} turns × ${CODES} codes (median of ${RUNS})`,
    value: [`${ms(full.p50)}`, `max ${ms(full.max)}`],
    baselines: [`one pass counting the turns the codings cover: ${ms(base.p50)}`],
    ratio: [ratio(full.p50 / base.p50)],
    goals: [{ text: `≤ ${ms(GOAL_MS)}`, pass: full.p50 <= GOAL_MS }],
    notes: [
      `${num(data.codings.length)} codings (A and B) covering ${num(covered)} turn-codes; ${num(result[0]?.units ?? 0)} turns compared per code, ${num(disagreements)} disagreeing turn-codes listed; κ per code from ${kappas.length ? Math.min(...kappas).toFixed(2) : '–'} to ${kappas.length ? Math.max(...kappas).toFixed(2) : '–'}.`,
      'Generated in memory and timed in the bench process (pure computation: no sandbox, no cache, no child process); generating the codings is not timed.',
    ],
  };
}
