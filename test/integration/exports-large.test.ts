// Exports hold every interview of a study, however many: no listing limit drops records silently, and
// quotes are looked up whole.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from '../../src/main/cache/cache';
import { cacheExportSource } from '../../src/main/exports/cache-source';
import { runExport } from '../../src/main/exports/run-export';
import type { InterviewRecord } from '../../src/shared/schemas/interview';
import type { ProjectListItem } from '../../src/shared/schemas/project';
import { memoryCache } from '../support/workspace';

const PROJECT = 'big-study';
const COUNT = 10_050;
let cache: Cache;
let out: string;

const record = (n: number): InterviewRecord => ({
  id: `iv-${String(n).padStart(6, '0')}`,
  status: 'COMPLETE',
  completed_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
  duration_minutes: 1,
  video_url: null,
  video_url_expires_at: null,
  thumbnail_url: null,
  participant: { name: `Participant ${n}`, email: null, fields: {} },
  transcript: [{ index: 0, role: 'User', text: `Answer number ${n}.`, start_ms: 0, end_ms: 1000 }],
  screener: null,
});

beforeAll(async () => {
  cache = await memoryCache();
  out = mkdtempSync(join(tmpdir(), 'fw-big-export-'));
  const project = {
    id: PROJECT,
    title: 'Big study',
    status: 'IN_PROGRESS',
    created_at: null,
    recruiting: { completed_participants: COUNT, has_launched: true, target_participants: COUNT, type: 'INTERNAL' },
  } as unknown as ProjectListItem;
  await cache.call('projects.saveList', { items: [project], syncedAt: new Date().toISOString() });
  for (let from = 0; from < COUNT; from += 1000) {
    await cache.call('interviews.saveFullRecords', {
      projectId: PROJECT,
      items: Array.from({ length: Math.min(1000, COUNT - from) }, (_, k) => record(from + k)),
      now: new Date().toISOString(),
    });
  }
}, 60_000);
afterAll(async () => {
  await cache.close();
  rmSync(out, { recursive: true, force: true });
});

describe('exports of a large study', () => {
  it(`exports all ${COUNT} interviews (more than the 10,000 a listing once stopped at), each exactly once`, async () => {
    const source = cacheExportSource(cache, PROJECT, async () => null);
    const { result } = await runExport(source, {
      formats: ['participants-csv'],
      interviewIds: null,
      target: { kind: 'folder', folder: out },
      includeParticipant: true,
      lineEnding: 'lf',
      user: { id: 'u', name: 'Tester' },
    });
    const file = result.files.find((f) => f.path.endsWith('participants.csv'))!;
    const rows = parseCsv(readFileSync(join(out, file.path), 'utf8'), { columns: true, bom: true }) as { interview_id: string }[];
    expect(rows).toHaveLength(COUNT);
    expect(new Set(rows.map((r) => r.interview_id)).size).toBe(COUNT);
    expect(rows.at(-1)?.interview_id).toBe(record(0).id);
  }, 60_000);

  it('a quote longer than any schema limit is located whole', async () => {
    const long = `${'I really think the price was the main thing for us, '.repeat(100)}and that is why we left.`;
    expect(long.length).toBeGreaterThan(5000);
    await cache.call('interviews.saveFullRecords', {
      projectId: PROJECT,
      items: [{ ...record(COUNT), transcript: [{ index: 0, role: 'User', text: long, start_ms: 42_000, end_ms: 99_000 }] }],
      now: new Date().toISOString(),
    });
    const source = cacheExportSource(cache, PROJECT, async () => null);
    // Its participant code is checked in screen-labels.test.ts; here, where the long quote is.
    expect(await source.locateQuote(long)).toEqual({
      interview_id: record(COUNT).id,
      turn_index: 0,
      start_ms: 42_000,
      participant_name: 'Participant 10050',
      code: expect.any(String),
    });
  });
});
