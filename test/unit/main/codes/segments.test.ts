// Retrieval: a code's segments across interviews, with exactly the coded words (across turns too), the
// question each answers, the coder's label, and filters by participant field, screener answer and coder.
import { beforeEach, describe, expect, it } from 'vitest';
import { openInProcessCache, type Cache } from '../../../../src/main/cache/cache';
import { codeSegments } from '../../../../src/main/analysis/codes/segments';
import { interviewRecord } from '../../../../src/shared/schemas/interview';
import { projectListItem } from '../../../../src/shared/schemas/project';

const NOW = '2026-11-26T10:00:00.000Z';
let cache: Cache;
let researcher = '';

const QUESTIONS = ['Why did you sign up?', 'What made you cancel?'];
const TURNS: [string, string][] = [
  ['AI', 'Hello and welcome.'],
  ['User', 'Hi there.'],
  ['AI', 'Why did you sign up?'],
  ['User', 'A friend told me about the recipes.'],
  ['AI', 'What made you cancel?'],
  ['User', 'The boxes were too dear.'],
  ['User', 'And deliveries came late.'],
];

function record(id: string, completedAt: string, participant: Record<string, unknown> | null, screenerAnswer: string) {
  return interviewRecord.parse({
    id,
    status: 'COMPLETE',
    completed_at: completedAt,
    participant,
    transcript: TURNS.map(([role, text], i) => ({ role, text, start_ms: i * 10_000, end_ms: i * 10_000 + 5000 })),
    screener: { approved: true, questions: { q1: 'How often do you cook?' }, answers: { q1: screenerAnswer } },
  });
}

const code = (tags: string[], interviewId: string, r: { st: number; so: number; et: number; eo: number }, coder?: string | null) =>
  cache.call('highlights.add', {
    highlight: {
      project_id: 'p1',
      interview_id: interviewId,
      start_turn: r.st,
      start_offset: r.so,
      end_turn: r.et,
      end_offset: r.eo,
      start_ms: r.st * 10_000,
      quote: 'as first selected',
      note: '',
      new_codes: tags,
      ...(coder !== undefined ? { coder } : {}),
    },
    now: NOW,
  });

beforeEach(async () => {
  cache = await openInProcessCache(':memory:');
  researcher = '';
  await cache.call('projects.saveList', {
    items: [projectListItem.parse({ id: 'p1', title: 'Churn', status: 'STARTED', created_at: '2026-01-01T00:00:00Z', type: 'CHURN' })],
    syncedAt: NOW,
  });
  await cache.call('interviews.saveFullRecords', {
    projectId: 'p1',
    items: [
      // Completed second: "Interview 2" would be its label, but it has a name.
      record('i-b', '2026-02-02T00:00:00Z', { name: 'Bea', plan: 'Weekly', kids: 2 }, 'daily'),
      // Completed first, no name: "Interview 1".
      record('i-a', '2026-02-01T00:00:00Z', { plan: 'Monthly', kids: 0 }, 'weekly'),
    ],
    now: NOW,
  });
  return () => cache.close();
});

const service = () => codeSegments(cache, { researcherName: () => researcher });
const codeId = async (name: string) => (await cache.call('codes.list', { projectId: 'p1' })).find((c) => c.name === name)!.id;

describe('code segments', () => {
  it('cuts exactly the coded words from the turns, across turns, in interview order, with participant or "Interview N"', async () => {
    // "too dear." then all of the next turn up to "late": over two participant turns.
    await code(['Price'], 'i-b', { st: 5, so: 15, et: 6, eo: 24 });
    await code(['Price'], 'i-a', { st: 3, so: 2, et: 3, eo: 8 });
    const page = await service().page(await codeId('Price'), {});
    expect(page.total).toBe(2);
    expect(page.segments.map((s) => [s.participant, s.text])).toEqual([
      ['P01', 'friend'],
      ['Bea (P02)', 'too dear.\n\nAnd deliveries came late'],
    ]);
    expect(page.segments[1]).toMatchObject({ interview_n: 2, start_ms: 50_000, end_ms: 65_000, coder: null, coder_label: 'You' });
    // The code's counts agree with what retrieval lists.
    expect(page.code).toMatchObject({ name: 'Price', codings: 2, interviews: 2 });
  });

  it('names the question each segment answers: from the guide inferred from the transcripts, then from the guide once known', async () => {
    await code(['Price'], 'i-b', { st: 5, so: 0, et: 5, eo: 3 });
    await code(['Price'], 'i-b', { st: 1, so: 0, et: 1, eo: 2 });
    // No guide saved: the questions are what the interviewer asked in every interview, said to be inferred.
    const before = await service().page(await codeId('Price'), {});
    expect(before).toMatchObject({ questions_known: true, questions_inferred: true });
    expect(before.segments.map((s) => [s.text, s.question])).toEqual([
      ['Hi', null],
      ['The', 'What made you cancel?'],
    ]);
    await cache.call('projects.saveGuide', {
      guide: { project_id: 'p1', questions: QUESTIONS.map((question) => ({ question, probing_level: 'medium' })), source: 'created' },
      now: NOW,
    });
    const after = await service().page(await codeId('Price'), {});
    expect(after).toMatchObject({ questions_known: true, questions_inferred: false });
    // In transcript order: the greeting (before any question), then the answer to the second question.
    expect(after.segments.map((s) => [s.text, s.question, s.question_index])).toEqual([
      ['Hi', null, null],
      ['The', 'What made you cancel?', 1],
    ]);
  });

  it('filters by participant field (numbers as text), screener answer and coder, and offers what there is to filter by', async () => {
    await code(['Price'], 'i-a', { st: 3, so: 0, et: 3, eo: 1 });
    await code(['Price'], 'i-b', { st: 3, so: 0, et: 3, eo: 1 }, 'AI report');
    await code(['Price'], 'i-b', { st: 5, so: 0, et: 5, eo: 3 });
    researcher = 'Rosa';
    const id = await codeId('Price');
    const s = service();
    const all = await s.page(id, {});
    expect(all.facets!.fields).toEqual([
      { name: 'kids', values: ['0', '2'] },
      { name: 'plan', values: ['Monthly', 'Weekly'] },
    ]);
    expect(all.facets!.screener).toEqual([{ id: 'q1', text: 'How often do you cook?', answers: ['daily', 'weekly'] }]);
    expect(all.facets!.coders).toEqual([
      { coder: null, label: 'Rosa', segments: 2 },
      { coder: 'AI report', label: 'AI report', segments: 1 },
    ]);
    const ids = async (f: Parameters<typeof s.page>[1]) => (await s.page(id, f)).segments.map((x) => `${x.interview_id}:${x.coder_label}`);
    expect(await ids({ field: { name: 'plan', value: 'Weekly' } })).toEqual(['i-b:AI report', 'i-b:Rosa']);
    expect(await ids({ field: { name: 'kids', value: '0' } })).toEqual(['i-a:Rosa']);
    expect(await ids({ screener: { id: 'q1', answer: 'weekly' } })).toEqual(['i-a:Rosa']);
    expect(await ids({ coder: null })).toEqual(['i-a:Rosa', 'i-b:Rosa']);
    expect(await ids({ coder: 'AI report', field: { name: 'plan', value: 'Weekly' } })).toEqual(['i-b:AI report']);
    expect(await ids({ coder: 'AI report', field: { name: 'plan', value: 'Monthly' } })).toEqual([]);
  });

  it('pages: the total over all, the segments from the offset in the same order; the filter choices only when asked', async () => {
    for (let i = 0; i < 5; i++) await code(['Price'], 'i-a', { st: 3, so: i, et: 3, eo: i + 1 });
    await code(['Price'], 'i-b', { st: 3, so: 0, et: 3, eo: 1 });
    const all = await service().page(await codeId('Price'), {});
    expect(all.segments.map((s) => `${s.participant}:${s.text}`)).toEqual(['P01:A', 'P01: ', 'P01:f', 'P01:r', 'P01:i', 'Bea (P02):A']);
    const later = await service().page(await codeId('Price'), {}, { offset: 4, limit: 10, facets: false });
    expect(later).toMatchObject({ total: 6, offset: 4, facets: null });
    expect(later.segments.map((s) => s.id)).toEqual(all.segments.slice(4).map((s) => s.id));
    const page = await service().page(await codeId('Price'), { field: { name: 'plan', value: 'Monthly' } }, { offset: 2, limit: 2 });
    expect(page.total).toBe(5);
    // "A friend…": the third and fourth characters.
    expect(page.segments.map((s) => s.text)).toEqual(['f', 'r']);
  });

  it('refuses a code that is not there', async () => {
    await expect(service().page('nope', {})).rejects.toMatchObject({ code: 'not_found' });
  });
});
