import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Cache } from '../../src/main/cache/cache';
import { cacheExportSource } from '../../src/main/exports/cache-source';
import { runExport, type ExportRequest } from '../../src/main/exports/run-export';
import { buildRedactor } from '../../src/main/redaction/build-redactor';
import type { Redactor } from '../../src/main/output/redactor';
import { ScanMemo } from '../../src/main/redaction/scan-memo';
import { createMemoryStore } from '../../src/main/secrets/memory-store';
import type { ExportFormat } from '../../src/shared/exports';
import { interviewRecord, type InterviewRecord } from '../../src/shared/schemas/interview';
import { seededRandom } from '../../test/support/random';
import { openBenchStudy } from '../lib/bench-study';
import { ms, num } from '../lib/format';
import { summarize } from '../lib/stats';
import type { BenchContext, BenchRow } from '../lib/types';

/**
 * Row (issue 14 §4): the export with `--redact` beside the same export without. 300 interviews × 40 turns in
 * a cache file of their own, every participant with a name, an email and a phone number said in their
 * answers and others' names in passing, exported with participant data and speakers labelled by name to
 * every transcript format, DOCX, both participant CSVs and the .qdpx, through the real export path (the
 * cache's export source, the folder sink with its atomic writes), redacted with the study's real redactor
 * (buildRedactor: the scan of the study, its sealed mapping, the decisions). Cold: the first redacted export
 * after a sync, which scans the study; warm: every later one, which reuses the kept scan (scan-memo.ts).
 * Runs alternate, RUNS of each after one of each to warm up; the medians are compared.
 */
const INTERVIEWS = 300;
const TURNS = 40;
const RUNS = 5;
const GOAL_RATIO = 1.5;
const NOW = '2026-11-26T10:00:00.000Z';
const FORMATS: ExportFormat[] = ['txt', 'md', 'srt', 'vtt', 'csv', 'json', 'docx', 'qdpx', 'participants-csv', 'screener-csv'];

const FIRST = 'Maya Daniel Priya Owen Chloe Tomasz Amara Liam Elif Vikram Siobhan George Hana Yusuf Rosa Callum Keisha Ivan Bethan Farah'.split(' ');
const LAST = 'Cohen Okafor Sharma Gallagher Martin Nowak Adeyemi Walsh Demir Rao Byrne Hughes Sato Haddad Fernandes Campbell Mensah Petrov Evans'.split(' ');
const WORDS = 'box price week recipe delivery late cancel friend cook dinner fresh plastic card skip kids taste portion cost the and was'.split(' ');

export function benchRecords(): InterviewRecord[] {
  const rand = seededRandom(14).int;
  const sentence = () => Array.from({ length: 15 + rand(30) }, () => WORDS[rand(WORDS.length)]).join(' ');
  const records: InterviewRecord[] = [];
  for (let i = 0; i < INTERVIEWS; i++) {
    const first = FIRST[i % FIRST.length]!;
    const last = `${LAST[Math.floor(i / FIRST.length) % LAST.length]!}${i >= FIRST.length * LAST.length ? i : ''}`;
    const name = `${first} ${last}`;
    const email = `${first}.${last}${i}@example.com`.toLowerCase();
    const phone = `+44 7700 9${String(i).padStart(5, '0')}`;
    const transcript = Array.from({ length: TURNS }, (_, t) => {
      let text = sentence();
      if (t === 1) text += ` I'm ${first}, email ${email} or call ${phone}.`;
      if (t === 2) text = `Thanks, ${first}. ${text}`;
      if (t % 7 === 5) text += ` My friend ${FIRST[rand(FIRST.length)]} said the same.`;
      return { role: t % 2 === 0 ? 'AI' : 'User', text, start_ms: t * 15_000, end_ms: t * 15_000 + 12_000 };
    });
    records.push(
      interviewRecord.parse({
        id: `${(0x10000000 + i).toString(16)}-0000-4000-8000-000000000000`,
        status: 'COMPLETE',
        completed_at: new Date(Date.parse(NOW) - (INTERVIEWS - i) * 60_000).toISOString(),
        duration_minutes: 10,
        participant: { name, email, phone, plan: 'Weekly' },
        screener: { approved: true, questions: { sq: 'Who told you about us?' }, answers: { sq: `My friend ${FIRST[(i + 1) % FIRST.length]}` } },
        transcript,
      }),
    );
  }
  return records;
}

export async function exportRedact(ctx: BenchContext): Promise<BenchRow> {
  const cache: Cache = await ctx.phase(`export redact: a cache of ${num(INTERVIEWS)} interviews × ${TURNS} turns`, async () => {
    const c = await openBenchStudy(join(ctx.runDir, 'export-redact.db'), NOW);
    await c.call('interviews.saveFullRecords', { projectId: 'bench', items: benchRecords(), now: NOW });
    return c;
  });
  try {
    const secrets = createMemoryStore(null);
    const src = cacheExportSource(cache, 'bench', async () => null);
    let n = 0;
    const once = async (redactor: () => Promise<Redactor> | null) => {
      const folder = join(ctx.runDir, 'export-redact', String(n++));
      mkdirSync(folder, { recursive: true });
      const start = performance.now();
      // As `fieldwork export --redact` does: the redactor first (the scan, or the kept one), then the export.
      const r = await redactor();
      const req: ExportRequest = {
        formats: FORMATS,
        interviewIds: null,
        target: { kind: 'folder', folder },
        includeParticipant: true,
        speakerLabels: 'name',
        lineEnding: 'lf',
        user: { id: 'bench', name: 'Bench' },
        ...(r ? { redactor: r } : {}),
      };
      const { result } = await runExport(src, req);
      return { ms: performance.now() - start, files: result.files.length, bytes: result.bytes };
    };
    const plainOnce = () => once(() => null);
    // A memo of its own: the first redacted export after a sync, which scans.
    const coldOnce = () => once(() => buildRedactor(cache, secrets, 'bench', { memo: new ScanMemo() }));
    const kept = new ScanMemo();
    const warmOnce = () => once(() => buildRedactor(cache, secrets, 'bench', { memo: kept }));
    const { plain, cold, warm, files, bytes, scanMs } = await ctx.phase(
      `export redact: ${num(INTERVIEWS)} interviews × ${TURNS} turns to ${FORMATS.length} formats, without, cold and warm redacted, ${RUNS} runs each`,
      async () => {
        await plainOnce();
        await coldOnce();
        await warmOnce();
        const p: number[] = [];
        const c: number[] = [];
        const w: number[] = [];
        let last = { files: 0, bytes: 0 };
        for (let k = 0; k < RUNS; k++) {
          p.push((await plainOnce()).ms);
          c.push((await coldOnce()).ms);
          const red = await warmOnce();
          w.push(red.ms);
          last = red;
        }
        const t0 = performance.now();
        await buildRedactor(cache, secrets, 'bench', { memo: new ScanMemo() });
        return { plain: summarize(p), cold: summarize(c), warm: summarize(w), files: last.files, bytes: last.bytes, scanMs: performance.now() - t0 };
      },
    );
    const warmRatio = warm.p50 / plain.p50;
    const coldRatio = cold.p50 / plain.p50;
    return {
      id: 'export-redact',
      what: `Export ${num(INTERVIEWS)} interviews (${num(INTERVIEWS * TURNS)} turns) to ${FORMATS.join(', ')}, redacted with the study's real redactor (median of ${RUNS})`,
      value: [
        `${ms(warm.p50)} redacted (the kept scan)`,
        `${ms(cold.p50)} redacted, first after a sync (scans)`,
        `${num(files)} files, ${(bytes / 1e6).toFixed(1)} MB`,
      ],
      baselines: [`the same export without redaction: ${ms(plain.p50)}`],
      ratio: [`${warmRatio.toFixed(2)}× the export without`, `${coldRatio.toFixed(2)}× cold`],
      goals: [{ text: `≤ ${GOAL_RATIO}× the export without`, pass: warmRatio <= GOAL_RATIO }],
      notes: [
        `Redaction runs once per export, on the data every format is rendered from (an interview's turns, screener and fields), not once per format. The redactor is the real one (build-redactor.ts); building it with a scan of the study takes ${ms(scanMs)}, which only the first redacted export after the study's data changed pays (cold); later ones reuse the kept scan (warm). The goal is judged on the warm export; the cold one is shown beside it.`,
        'In the bench process on an in-process cache; writing the cache is not timed.',
      ],
    };
  } finally {
    await cache.close();
  }
}
