import { join } from 'node:path';
import { codeSegments } from '../../src/main/analysis/codes/segments';
import { interviewRecord } from '../../src/shared/schemas/interview';
import { openBenchStudy } from '../lib/bench-study';
import { ms, num, ratio } from '../lib/format';
import { summarize } from '../lib/stats';
import { seededRandom } from '../../test/support/random';
import type { BenchContext, BenchRow } from '../lib/types';

/**
 * Row: retrieval of one code's segments (issue 13 §1, §7) over 1,000 interviews × 40 turns with a 12-question
 * guide, in a cache file of its own (no sandbox: the codes are the researcher's, written here). The code has
 * three segments in each interview, one in four over two turns. Timed: the codes service's full retrieval, as
 * an export and `fieldwork codes list --segments` ask it (the cache's query, the words cut from the turns, the
 * question of each segment with the interviews' alignments already worked out, the coder's label), and the
 * pages the Codes view asks for (the first with the filters' choices, a later one without). Baselines: the same
 * rows (segment and its turns' texts) read raw with one SQL query, all of them and the first page's. Each is run once to warm up (the first retrieval aligns every interview: timed apart), then
 * RUNS times; the p99 is the goal's.
 */
const INTERVIEWS = 1000;
const TURNS = 40;
const QUESTIONS = 12;
const PER_INTERVIEW = 3;
const RUNS = 60;
const GOAL_MS = 50;

const WORDS = 'box price week recipe delivery late cancel friend cook dinner fresh plastic card skip kids taste portion cost'.split(' ');

export async function seed(file: string) {
  const now = '2026-11-26T10:00:00.000Z';
  const cache = await openBenchStudy(file, now);
  const questions = Array.from(
    { length: QUESTIONS },
    (_, q) => `Question ${q + 1}: what about the ${WORDS[q % WORDS.length]} and the ${WORDS[(q * 7) % WORDS.length]}?`,
  );
  await cache.call('projects.saveGuide', {
    guide: { project_id: 'bench', questions: questions.map((question) => ({ question, probing_level: 'medium' })), source: 'created' },
    now,
  });
  const rand = seededRandom(7).int;
  const sentence = () => Array.from({ length: 12 + rand(30) }, () => WORDS[rand(WORDS.length)]).join(' ');
  const records = [];
  for (let i = 0; i < INTERVIEWS; i++) {
    const transcript = Array.from({ length: TURNS }, (_, t) => {
      // Every few turns the AI asks the next guide question; between, follow-ups and answers.
      const q = Math.floor(t / (TURNS / QUESTIONS));
      const asks = t % Math.floor(TURNS / QUESTIONS) === 0 && q < QUESTIONS;
      return { role: t % 2 === 0 ? 'AI' : 'User', text: t % 2 === 0 && asks ? questions[q] : sentence(), start_ms: t * 15_000, end_ms: t * 15_000 + 12_000 };
    });
    records.push(
      interviewRecord.parse({
        id: `iv-${i}`,
        status: 'COMPLETE',
        completed_at: now,
        participant: { name: `P${i}`, plan: i % 2 ? 'Weekly' : 'Monthly' },
        transcript,
      }),
    );
    if (records.length === 100) await cache.call('interviews.saveFullRecords', { projectId: 'bench', items: records.splice(0), now });
  }
  const code = await cache.call('codes.create', { projectId: 'bench', name: 'Price', now });
  const turnLen = cache.db.prepare('SELECT length(text) AS n FROM transcript_turns WHERE interview_id = ? AND idx = ?');
  for (let i = 0; i < INTERVIEWS; i++) {
    for (let k = 0; k < PER_INTERVIEW; k++) {
      const st = 1 + 2 * rand(TURNS / 2 - 1);
      const et = rand(4) === 0 ? st + 1 : st;
      const lenEnd = (turnLen.get(`iv-${i}`, et) as { n: number }).n;
      await cache.call('highlights.add', {
        highlight: {
          project_id: 'bench',
          interview_id: `iv-${i}`,
          start_turn: st,
          start_offset: 0,
          end_turn: et,
          end_offset: Math.max(1, lenEnd - rand(5)),
          start_ms: st * 15_000,
          quote: 'q',
          note: '',
          new_codes: ['Price'],
          coder: rand(3) === 0 ? 'AI report' : null,
        },
        now,
      });
    }
  }
  return { cache, codeId: code.id };
}

const BASELINE = `SELECT h.id, h.interview_id, h.coder, h.start_turn, h.start_offset, h.end_turn, h.end_offset, h.start_ms, t.idx, t.text, t.end_ms
  FROM highlight_codes hc JOIN highlights h ON h.id = hc.highlight_id
  LEFT JOIN transcript_turns t ON t.interview_id = h.interview_id AND t.idx BETWEEN h.start_turn AND h.end_turn
  WHERE hc.code_id = ? ORDER BY h.interview_id, h.start_turn, h.start_offset, t.idx`;

/** The first page's rows read raw: the same 100 segments, in the view's order, with their turns. */
const BASELINE_PAGE = `WITH p AS (SELECT h.id, h.interview_id, h.coder, h.start_turn, h.start_offset, h.end_turn, h.end_offset, h.start_ms, i.completed_at
    FROM highlight_codes hc JOIN highlights h ON h.id = hc.highlight_id LEFT JOIN interviews i ON i.id = h.interview_id
    WHERE hc.code_id = ? ORDER BY i.completed_at, h.interview_id, h.start_turn, h.start_offset LIMIT 100)
  SELECT p.*, t.idx, t.text, t.end_ms FROM p LEFT JOIN transcript_turns t ON t.interview_id = p.interview_id AND t.idx BETWEEN p.start_turn AND p.end_turn
  ORDER BY p.completed_at, p.interview_id, p.start_turn, p.start_offset, t.idx`;

async function time<T>(fn: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

export async function codeSegmentsRow(ctx: BenchContext): Promise<BenchRow> {
  const { cache, codeId } = await ctx.phase(
    `code segments: a cache of ${num(INTERVIEWS)} interviews × ${TURNS} turns, ${num(INTERVIEWS * PER_INTERVIEW)} segments of one code`,
    () => seed(join(ctx.runDir, 'code-segments.db')),
  );
  try {
    const service = codeSegments(cache, { researcherName: () => 'Rosa' });
    const raw = cache.db.prepare(BASELINE);
    const rawPage = cache.db.prepare(BASELINE_PAGE);
    const { cold, full, page, next, base, basePage, count, withQuestion } = await ctx.phase(
      `code segments: retrieval, first page and the raw query, ${RUNS} runs each`,
      async () => {
        const first = await time(() => service.all(codeId));
        await time(() => service.page(codeId, {}));
        raw.all(codeId);
        rawPage.all(codeId);
        const f: number[] = [];
        const bp: number[] = [];
        const p: number[] = [];
        const n: number[] = [];
        const b: number[] = [];
        let segs = first.value.segments;
        for (let r = 0; r < RUNS; r++) {
          const a = await time(() => service.all(codeId));
          f.push(a.ms);
          segs = a.value.segments;
          p.push((await time(() => service.page(codeId, {}, { limit: 100 }))).ms);
          n.push((await time(() => service.page(codeId, {}, { offset: 1500, limit: 100, facets: false }))).ms);
          b.push((await time(() => raw.all(codeId))).ms);
          bp.push((await time(() => rawPage.all(codeId))).ms);
        }
        return {
          cold: first.ms,
          full: summarize(f),
          page: summarize(p),
          next: summarize(n),
          base: summarize(b),
          basePage: summarize(bp),
          count: segs.length,
          withQuestion: segs.filter((s) => s.question !== null).length,
        };
      },
    );
    return {
      id: 'code-segments',
      what: `Retrieval of one code's segments: ${num(INTERVIEWS)} interviews × ${TURNS} turns, ${num(count)} segments (p99 of ${RUNS})`,
      value: [
        `all: ${ms(full.p99)} p99 (${ms(full.p50)} median)`,
        `the view's first page of 100, with the filters' choices: ${ms(page.p99)} p99`,
        `a later page of 100: ${ms(next.p99)} p99`,
      ],
      baselines: [
        `all the same rows read raw with one SQL query: ${ms(base.p99)} p99 (${ms(base.p50)} median)`,
        `the first page's rows read raw with one SQL query: ${ms(basePage.p99)} p99`,
      ],
      ratio: [ratio(full.p99 / base.p99), ratio(page.p99 / basePage.p99)],
      goals: [
        { text: `all ≤ ${ms(GOAL_MS)} p99`, pass: full.p99 <= GOAL_MS },
        { text: `first page ≤ ${ms(GOAL_MS)} p99`, pass: page.p99 <= GOAL_MS },
      ],
      notes: [
        `${num(withQuestion)} of ${num(count)} segments placed under a guide question. The first retrieval also lines up every interview with the ${QUESTIONS}-question guide: ${ms(cold)} (once; kept while the transcripts and the guide are unchanged).`,
        'In the bench process on an in-process cache (the app runs the same query in its cache worker); generating the cache is not timed.',
      ],
    };
  } finally {
    await cache.close();
  }
}
