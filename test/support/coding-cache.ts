// An in-process cache holding one study with transcripts and a report, for the coding analyses' unit tests.
import { openInProcessCache, type Cache } from '../../src/main/cache/cache';
import { interviewRecord } from '../../src/shared/schemas/interview';
import { projectListItem } from '../../src/shared/schemas/project';
import { report } from '../../src/shared/schemas/report';

export const P = '11111111-1111-4111-8111-111111111111';
export const NOW = '2026-11-26T10:00:00.000Z';

export type TurnSpec = [role: 'AI' | 'User', text: string];

export async function codingCache(): Promise<Cache> {
  const cache = await openInProcessCache(':memory:');
  await cache.call('projects.saveList', { items: [projectListItem.parse({ id: P, title: 'Churn', status: 'ACTIVE' })], syncedAt: NOW });
  return cache;
}

export async function saveInterview(cache: Cache, id: string, name: string, turns: TurnSpec[]): Promise<void> {
  const record = interviewRecord.parse({
    id,
    status: 'COMPLETE',
    completed_at: '2025-03-01T10:00:00Z',
    participant: { name, email: `${id}@example.com` },
    transcript: turns.map(([role, text], i) => ({ role, text, start_ms: i * 10_000, end_ms: i * 10_000 + 5000 })),
  });
  await cache.call('interviews.saveFullRecords', { projectId: P, items: [record], now: NOW });
}

export async function saveReport(cache: Cache, themes: { title: string; summary?: string; quotes: string[] }[], reportId = 'r-1'): Promise<void> {
  const r = report.parse({
    report_id: reportId,
    project_id: P,
    status: 'COMPLETED',
    generated_at: '2025-04-01T00:00:00Z',
    interviews_analysed: 2,
    summary: 'S',
    themes: themes.map((t, i) => ({ title: t.title, frequency: 0.9 - i * 0.1, summary: t.summary ?? '', quotes: t.quotes })),
  });
  await cache.call('reports.save', { projectId: P, report: r, now: NOW });
}

/** Codes words of one turn of an interview of study P; without `coder`, as this workspace's researcher. */
export function codeTurn(
  cache: Cache,
  o: { interview: string; turn: number; from: number; to: number; startMs: number | null; quote: string; codes: string[]; coder?: string | null },
) {
  return cache.call('highlights.add', {
    highlight: {
      project_id: P,
      interview_id: o.interview,
      start_turn: o.turn,
      start_offset: o.from,
      end_turn: o.turn,
      end_offset: o.to,
      start_ms: o.startMs,
      quote: o.quote,
      note: '',
      new_codes: o.codes,
      ...(o.coder !== undefined ? { coder: o.coder } : {}),
    },
    now: NOW,
  });
}
