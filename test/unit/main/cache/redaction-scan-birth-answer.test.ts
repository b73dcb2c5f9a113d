// The scan reads the interviewer's question before a participant's turn: a date given as the answer to "When's your
// birthday?" is a date of birth, the same date answering "When did you start the subscription?" is not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openInProcessCache, type Cache } from '../../../../src/main/cache/cache';
import type { CacheDb } from '../../../../src/main/cache/open';
import { scanStudy } from '../../../../src/main/cache/queries/redaction';
import { interviewRecord } from '../../../../src/shared/schemas/interview';
import { projectListItem } from '../../../../src/shared/schemas/project';

const NOW = '2026-11-26T10:00:00.000Z';
let cache: Cache & { db: CacheDb };
const record = (id: string, turns: [string, string][]) =>
  interviewRecord.parse({
    id,
    status: 'COMPLETE',
    completed_at: NOW,
    transcript: turns.map(([role, text], i) => ({ role, text, start_ms: i * 1000, end_ms: i * 1000 + 900 })),
  });

beforeAll(async () => {
  cache = await openInProcessCache(':memory:');
  await cache.call('projects.saveList', { items: [projectListItem.parse({ id: 'p1', title: 'p1', status: 'STARTED' })], syncedAt: NOW });
  await cache.call('interviews.saveFullRecords', {
    projectId: 'p1',
    now: NOW,
    items: [
      record('iv-a', [
        ['AI', "When's your birthday?"],
        ['User', '12 March 1988.'],
        ['AI', 'When did you start the subscription?'],
        ['User', '3 February 2021, I think.'],
        ['AI', 'What year were you born?'],
        ['User', 'nineteen ninety-one.'],
        ['AI', 'And what month?'],
        ['User', 'October, the end of it.'],
        ['User', '14 May 1990 is when the box came.'],
      ]),
    ],
  });
});
afterAll(() => cache.close());

describe('scanStudy: a date of birth given as an answer', () => {
  it('finds the date answering a birth question (and its follow-up), and no other date', () => {
    const dob = scanStudy(cache.db, { projectId: 'p1' })
      .findings.filter((f) => f.kind === 'dob')
      .map((f) => [f.at, f.text]);
    // The participant's second turn in a row after the follow-up is not its answer.
    expect(dob).toEqual([
      ['1', '12 March 1988'],
      ['5', 'nineteen ninety-one'],
      ['7', 'October'],
    ]);
  });
});
