// The index of interviewer questions (migration 0018) stays what a full read of the cached turns says, through
// what a sync does: a first sync, a re-sync of the same records, an interview whose transcript changes, one
// whose transcript is dropped, a light listing that changes completion times and names, and deletion.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openInProcessCache, type Cache } from '../../../../src/main/cache/cache';
import type { CacheDb } from '../../../../src/main/cache/open';
import { questionWords } from '../../../../src/main/cache/queries/question-index';
import { interviewRecord, type InterviewRecord } from '../../../../src/shared/schemas/interview';
import { projectListItem } from '../../../../src/shared/schemas/project';

const NOW = '2026-11-27T10:00:00.000Z';
let cache: Cache & { db: CacheDb };
beforeEach(async () => {
  cache = await openInProcessCache(':memory:');
  await cache.call('projects.saveList', {
    items: ['p', 'q'].map((id) => projectListItem.parse({ id, title: id, status: 'STARTED' })),
    syncedAt: NOW,
  });
});
afterEach(() => cache.close());

function rec(id: string, questions: string[], over: Record<string, unknown> = {}): InterviewRecord {
  return interviewRecord.parse({
    id,
    status: 'COMPLETE',
    completed_at: `2026-01-${id.slice(-1).padStart(2, '0')}T10:00:00Z`,
    participant: { name: `Person ${id}` },
    transcript: questions.flatMap((q, i) => [
      { role: 'AI', text: q, start_ms: i * 2000, end_ms: i * 2000 + 900 },
      { role: 'User', text: q, start_ms: i * 2000 + 1000, end_ms: i * 2000 + 1900 },
    ]),
    ...over,
  });
}
const save = (projectId: string, ...items: InterviewRecord[]) => cache.call('interviews.saveFullRecords', { projectId, items, now: NOW });

/** The index as the next search sees it (after the bulk step), against a full read of the interviewer turns. */
async function expectIndexMatchesTurns() {
  await cache.call('search.indexBacklog', {});
  const indexed = cache.db
    .prepare('SELECT project_id, question_key, interview_id, idx, start_ms, completed_at, participant_name FROM asked_questions ORDER BY 1, 2, 3')
    .all();
  const turns = cache.db
    .prepare(
      `SELECT i.project_id, t.text, t.interview_id, t.idx, t.start_ms, i.completed_at, i.participant_name
       FROM transcript_turns t JOIN interviews i ON i.id = t.interview_id WHERE t.role = 'AI' ORDER BY t.interview_id, t.idx`,
    )
    .all() as { project_id: string; text: string; interview_id: string; idx: number; start_ms: number; completed_at: string; participant_name: string }[];
  const first = new Map<string, object>();
  for (const t of turns) {
    const key = questionWords(t.text);
    const k = `${t.project_id}\u0000${key}\u0000${t.interview_id}`;
    if (key && !first.has(k)) first.set(k, { ...t, text: undefined, question_key: key });
  }
  const expected = [...first.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, v]) => v as Record<string, unknown>)
    .map(({ project_id, question_key, interview_id, idx, start_ms, completed_at, participant_name }) => ({
      project_id,
      question_key,
      interview_id,
      idx,
      start_ms,
      completed_at,
      participant_name,
    }));
  expect(indexed).toEqual(expected);
  return indexed.length;
}

it('follows a first sync, a re-sync, changed and dropped transcripts, a new listing and deletion', async () => {
  await save('p', rec('a1', ['Why?', 'How much?']), rec('a2', ['why', 'Anything else?']), rec('a3', ['WHY?!']));
  await save('q', rec('b1', ['Why?']));
  expect(await expectIndexMatchesTurns()).toBe(6);
  // The same records again (a re-sync): the same index.
  await save('p', rec('a1', ['Why?', 'How much?']), rec('a2', ['why', 'Anything else?']), rec('a3', ['WHY?!']));
  expect(await expectIndexMatchesTurns()).toBe(6);
  // An interview changes: a question goes, one comes, one moves later.
  await save('p', rec('a2', ['Anything else?', 'How much?', 'why']));
  expect(await expectIndexMatchesTurns()).toBe(7);
  // The highest turns (a2's, just rewritten) are deleted and their ids handed to a new interview in the same write.
  const top = cache.db.prepare('SELECT max(id) FROM transcript_turns').pluck().get() as number;
  await save('p', rec('a2', ['Anything else?']), rec('a4', ['Why?', 'Tell me more']));
  expect(cache.db.prepare("SELECT min(id) FROM transcript_turns WHERE interview_id = 'a4'").pluck().get()).toBeLessThanOrEqual(top);
  expect(await expectIndexMatchesTurns()).toBe(7);
  // A transcript dropped (a light record replacing a full one).
  await save('p', rec('a3', [], { transcript: null }));
  expect(await expectIndexMatchesTurns()).toBe(6);
  // A light listing changes a completion time and a name: the rows follow, without a re-index.
  await cache.call('interviews.saveLightPage', {
    projectId: 'p',
    items: [rec('a1', [], { transcript: null, completed_at: null, status: 'STARTED', participant: { name: 'Renamed' } })],
    now: NOW,
  });
  expect(await expectIndexMatchesTurns()).toBe(6);
  expect(cache.db.prepare("SELECT DISTINCT participant_name FROM asked_questions WHERE interview_id = 'a1'").pluck().all()).toEqual(['Renamed']);
  // Deleting an interview deletes its rows.
  cache.db.prepare("DELETE FROM interviews WHERE id = 'a1'").run();
  expect(await expectIndexMatchesTurns()).toBe(4);
});

it('a search lists a question with every interview that asked it, including after the interview changed', async () => {
  await save('p', rec('a1', ['Why?']), rec('a2', ['why']));
  const before = await cache.call('search.query', { query: 'why', kind: 'turn', role: 'AI' });
  expect(before.map((h) => [h.kind, h.asked_in?.map((a) => a.interview_id)])).toEqual([['question', ['a1', 'a2']]]);
  await save('p', rec('a2', ['Why not?']));
  const after = await cache.call('search.query', { query: 'why', kind: 'turn', role: 'AI' });
  expect(after.map((h) => [h.kind, h.interview_id]).sort()).toEqual([
    ['turn', 'a1'],
    ['turn', 'a2'],
  ]);
});
