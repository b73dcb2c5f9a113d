import { join } from 'node:path';
import { openInProcessCache } from '../../src/main/cache/cache';
import { buildQdpx } from '../../src/main/exports/qdpx';
import { readQdaFile } from '../../src/main/analysis/qdpx-import';
import { planImport, type ImportInterview } from '../../src/main/analysis/qdpx-import/plan';
import { bufferSource } from '../../src/main/analysis/qdpx-import/zip';
import type { HighlightView } from '../../src/shared/ipc/channels/highlights';
import type { TranscriptTurn } from '../../src/shared/schemas/transcript';
import type { InterviewDetail } from '../../src/shared/views';
import { mb, ms, num, ratio } from '../lib/format';
import { seededRandom } from '../../test/support/random';
import type { BenchContext, BenchRow } from '../lib/types';

/**
 * Row: importing a 1,000-source .qdpx (issue 13 §7: ≤ 10 s). The file is generated here: Fieldwork's own
 * exporter writes 1,000 interviews × 40 turns with 5 coded segments each (5,000 TranscriptSelections, each
 * with its VideoSelection twin). The import reads the zip and XML (the same code the app runs), matches every
 * source, places every coding, and writes the codes and 5,000 segments into a SQLite cache file in one
 * transaction. Reading the study's transcripts from the cache is not timed (the interviews are handed over in
 * memory). Three runs: sources matched by the GUIDs Fieldwork wrote, the same file matched by name (as a
 * file from another study would be), and by the transcript's words alone (the sources renamed). Baseline: unzip and parse alone (readQdaFile), the floor of any import.
 */
const SOURCES = 1000;
const TURNS = 40;
const SEGMENTS = 5;
const GOAL_MS = 10_000;

export function qdpxBenchData(): { interviews: InterviewDetail[]; highlights: HighlightView[] } {
  const rand = seededRandom(7).int;
  const words = ['price', 'box', 'recipe', 'delivery', 'week', 'portion', 'plastic', 'family', 'dinner', 'friday', 'cancel', 'fresh', 'late', 'taste', 'again'];
  const interviews: InterviewDetail[] = [];
  const highlights: HighlightView[] = [];
  for (let i = 0; i < SOURCES; i++) {
    const id = `iv-${String(i).padStart(5, '0')}`;
    const transcript: TranscriptTurn[] = Array.from({ length: TURNS }, (_, k) => ({
      index: k,
      role: k % 2 === 0 ? 'AI' : 'User',
      text:
        k % 2 === 0
          ? `Question ${k / 2 + 1}: tell me about the ${words[k % words.length]}?`
          : Array.from({ length: 25 + rand(30) }, () => words[rand(words.length)]).join(' ') + ` (${id}/${k})`,
      start_ms: k * 15_000,
      end_ms: k * 15_000 + 14_000,
    }));
    interviews.push({
      id,
      project_id: 'prj-bench',
      code: `P${String(i + 1).padStart(2, '0')}`,
      status: 'COMPLETE',
      completed_at: '2026-11-20T10:00:00Z',
      duration_minutes: 10,
      participant_name: `Participant ${i}`,
      participant_email: null,
      screener_approved: true,
      detail_state: 'complete',
      turn_count: TURNS,
      has_video: true,
      participant: null,
      screener: null,
      transcript,
      thumbnail_url: null,
      offline: true,
    });
    for (let s = 0; s < SEGMENTS; s++) {
      const turn = transcript[1 + 2 * rand(TURNS / 2)]!;
      const start = rand(Math.floor(turn.text.length / 2));
      const end = start + 10 + rand(turn.text.length - start - 10);
      const tag = `code ${1 + rand(20)}`;
      highlights.push({
        id: `${id}-h${s}`,
        project_id: 'prj-bench',
        interview_id: id,
        start_turn: turn.index,
        start_offset: start,
        end_turn: turn.index,
        end_offset: end,
        start_ms: turn.start_ms,
        quote: turn.text.slice(start, end),
        note: '',
        codes: [{ id: tag, name: tag, color: '#3b6fd4' }],
        coder: 'A',
        created_at: '',
        updated_at: '',
        participant_name: null,
        code: `P${String(i + 1).padStart(2, '0')}`,
      });
    }
  }
  return { interviews, highlights };
}

async function time<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

export async function qdpxImport(ctx: BenchContext): Promise<BenchRow> {
  const { zip, interviews } = await ctx.phase(`qdpx import: generate a ${num(SOURCES)}-source .qdpx with Fieldwork's exporter`, async () => {
    const d = qdpxBenchData();
    const { zip } = await buildQdpx(
      { project: { id: 'prj-bench', title: 'Bench' }, user: { id: 'u', name: 'Bench' }, interviews: d.interviews, highlights: d.highlights },
      { now: new Date('2026-11-26T00:00:00Z') },
    );
    const interviews: ImportInterview[] = d.interviews.map((iv) => ({ id: iv.id, participant_name: iv.participant_name, transcript: iv.transcript }));
    return { zip, interviews };
  });

  const run = async (label: string, projectId: string, file: string, rename = false) =>
    ctx.phase(`qdpx import: ${label}`, async () => {
      const cache = await openInProcessCache(join(ctx.runDir, file));
      try {
        return await time(async () => {
          const f = await readQdaFile(bufferSource(zip));
          // As another tool names its sources: nothing of the interview in the name, so only the words can match.
          if (rename) f.project.sources.forEach((src, i) => (src.name = `Document ${i + 1}`));
          const plan = planImport(f.project, interviews, projectId, f.readText);
          const applied = await cache.call('imports.applyQdpx', { projectId: 'prj-bench', coder: 'B', codes: plan.codes, segments: plan.segments, now: 'now' });
          return { plan, applied };
        });
      } finally {
        await cache.close();
      }
    });

  const base = await ctx.phase('qdpx import: baseline, unzip and parse only', async () => {
    await readQdaFile(bufferSource(zip)); // warm-up
    return time(() => readQdaFile(bufferSource(zip)));
  });
  const byGuid = await run('matched by GUID, into a new cache file', 'prj-bench', 'qdpx-bench-guid.db');
  const byName = await run('matched by name (another study’s file), into a new cache file', 'another-study', 'qdpx-bench-name.db');
  const byText = await run('matched by transcript text (sources renamed), into a new cache file', 'another-study', 'qdpx-bench-text.db', true);
  const matched = (r: typeof byGuid) => r.value.plan.sources.filter((s) => s.interview_id).length;
  return {
    id: 'qdpx-import',
    what: `Import a ${num(SOURCES)}-source .qdpx (${mb(zip.length)}, ${num(SOURCES * SEGMENTS)} codings + their VideoSelection twins)`,
    value: [`by GUID ${ms(byGuid.ms)}`, `by name ${ms(byName.ms)}`, `by text ${ms(byText.ms)}`],
    baselines: [`unzip + parse only: ${ms(base.ms)}`],
    ratio: [ratio(byGuid.ms / base.ms), ratio(byName.ms / base.ms), ratio(byText.ms / base.ms)],
    goals: [{ text: `≤ ${ms(GOAL_MS)}`, pass: Math.max(byGuid.ms, byName.ms, byText.ms) <= GOAL_MS }],
    notes: [
      `${num(matched(byGuid))} / ${num(matched(byName))} / ${num(matched(byText))} of ${num(SOURCES)} sources matched (GUID / name / text run); ${num(byGuid.value.applied.added)} codings written, ${num(byGuid.value.plan.duplicates)} VideoSelections recognised as twins of a text coding.`,
      'Timed in the bench process: read zip + XML, match, place, and one SQLite transaction into a new cache file; the interviews are handed over in memory (reading them from a cache is not timed).',
    ],
  };
}
