// The grid's read of the cache: the guide only when Fieldwork saved one with questions, participant fields and
// screener answers, turn times (null when unknown), codings joined to their codes, and rows oldest first.
import { beforeEach, describe, expect, it } from 'vitest';
import { openInProcessCache, type Cache } from '../../../../src/main/cache/cache';
import type { InterviewRecord } from '../../../../src/shared/schemas/interview';

const NOW = '2026-11-26T10:00:00.000Z';
const Q = ['Why did you cancel your subscription?', 'What did you think of the price?'];
let cache: Cache;
beforeEach(async () => {
  cache = await openInProcessCache(':memory:');
  return () => cache.close();
});

function record(id: string, completedAt: string, o: Partial<InterviewRecord> = {}): InterviewRecord {
  return {
    id,
    status: 'COMPLETE',
    completed_at: completedAt,
    duration_minutes: 5,
    video_url: null,
    video_url_expires_at: null,
    thumbnail_url: null,
    participant: { name: null, email: null, fields: {} },
    transcript: [
      { index: 0, role: 'AI', text: Q[0]!, start_ms: 0, end_ms: 1000 },
      { index: 1, role: 'User', text: `${id} cancelled`, start_ms: 1000, end_ms: 2000 },
      { index: 2, role: 'AI', text: Q[1]!, start_ms: 2000, end_ms: 3000 },
      { index: 3, role: 'User', text: `${id} on price`, start_ms: 3000, end_ms: 4000 },
    ],
    screener: null,
    ...o,
  };
}

async function seed(guide: 'questions' | 'launched-only' | 'none') {
  await cache.call('projects.saveList', {
    items: [{ id: 'p1', title: 'Study', status: 'IN_PROGRESS', type: 'CHURN', created_at: NOW, recruiting: null } as never],
    syncedAt: NOW,
  });
  if (guide === 'questions')
    await cache.call('projects.saveGuide', {
      guide: { project_id: 'p1', questions: Q.map((question) => ({ question, probing_level: 'low' as const })), source: 'created' },
      now: NOW,
    });
  if (guide === 'launched-only')
    await cache.call('projects.saveGuide', { guide: { project_id: 'p1', call_url: 'https://x.example/c', source: 'launched' }, now: NOW });
  await cache.call('interviews.saveFullRecords', {
    projectId: 'p1',
    now: NOW,
    items: [
      record('iv-late', '2026-11-02T00:00:00Z', {
        participant: { name: 'Bea', email: 'bea@example.com', fields: { plan: 'Family', tenure_months: 12 } },
        screener: { approved: true, items: [{ id: 'sq_household', text: 'How many do you cook for?', answer: '3-4' }] },
      }),
      record('iv-early', '2026-11-01T00:00:00Z', {
        transcript: [
          { index: 0, role: 'AI', text: Q[0]!, start_ms: null, end_ms: null },
          { index: 1, role: 'User', text: 'early answer', start_ms: null, end_ms: null },
        ],
      }),
    ],
  });
}

describe('grid.source and grid.build', () => {
  it('reads the saved guide, participant fields, screener answers, times and coded segments, oldest interview first', async () => {
    await seed('questions');
    const category = await cache.call('codes.create', { projectId: 'p1', name: 'Money', isCategory: true, now: NOW });
    await cache.call('codes.create', { projectId: 'p1', name: 'Price', parentId: category.id, now: NOW });
    await cache.call('highlights.add', {
      highlight: {
        project_id: 'p1',
        interview_id: 'iv-late',
        start_turn: 1,
        start_offset: 0,
        end_turn: 3,
        end_offset: 4,
        start_ms: 1000,
        quote: 'x',
        note: '',
        new_codes: ['Price', 'Trust'],
      },
      now: NOW,
    });
    const src = await cache.call('grid.source', { projectId: 'p1' });
    expect(src.guide).toEqual(Q);
    expect(src.codes.map((c) => c.name)).toEqual(['Price', 'Trust']);
    expect(src.interviews.map((i) => i.id)).toEqual(['iv-early', 'iv-late']);
    const late = src.interviews[1]!;
    expect(late.fields).toEqual({ plan: 'Family', tenure_months: 12 });
    expect(late.screener).toEqual([{ id: 'sq_household', text: 'How many do you cook for?', answer: '3-4' }]);
    expect(late.codings).toEqual([{ start_turn: 1, end_turn: 3, codes: expect.arrayContaining(src.codes.map((c) => c.id)) }]);
    expect(src.interviews[0]!.turns[1]).toEqual({ idx: 1, role: 'User', text: 'early answer', start_ms: null });

    const grid = await cache.call('grid.build', { projectId: 'p1', by: 'screener:sq_household' });
    expect(grid.guide).toBe('known');
    expect(grid.rows.map((r) => [r.participant, r.group])).toEqual([
      ['Bea (P02)', '3-4'],
      ['P01', '(no answer)'],
    ]);
    expect(grid.rows[0]!.cells.map((c) => [c.text, c.codes.length])).toEqual([
      ['iv-late cancelled', 2],
      ['iv-late on price', 2],
    ]);
    expect(grid.rows[1]!.cells).toEqual([expect.objectContaining({ text: 'early answer', start_ms: null })]);
  });

  it('infers the guide when none was saved, or when the only guide row is a launch link without questions', async () => {
    await seed('launched-only');
    expect((await cache.call('grid.source', { projectId: 'p1' })).guide).toEqual([]);
    const grid = await cache.call('grid.build', { projectId: 'p1' });
    expect(grid.guide).toBe('inferred');
    expect(grid.questions.map((q) => q.text)).toEqual([Q[0]]);
    // The Codes view places segments under the same inferred questions as the grid.
    expect(await cache.call('grid.questions', { projectId: 'p1' })).toEqual({ texts: [Q[0]], inferred: true });
    await cache.close();
    cache = await openInProcessCache(':memory:');
    await seed('none');
    expect((await cache.call('grid.source', { projectId: 'p1' })).guide).toBeNull();
    expect((await cache.call('grid.build', { projectId: 'p1' })).guide).toBe('inferred');
  });
});
