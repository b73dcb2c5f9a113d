// Search results cross from the cache thread to main with each question's list of interviews packed into
// flat arrays (structured clone is slow for thousands of small objects): what main unpacks is exactly what
// the search returned, key for key, and the packed form has no object per interview.
import { expect, it } from 'vitest';
import { packSearchHits, unpackSearchHits } from '../../../../src/main/cache/queries/search-wire';
import type { SearchHit } from '../../../../src/main/cache/queries/search';
import { packResult, unpackResult } from '../../../../src/main/cache/wire';

const turn: SearchHit = {
  kind: 'turn',
  project_id: 'p',
  project_title: 'P',
  interview_id: 'i9',
  participant_name: null,
  code: 'P09',
  role: 'User',
  start_ms: null,
  snippet: 'the \u0002price\u0003',
  rank: -1.5,
};
const asked_in = Array.from({ length: 1000 }, (_, i) => ({
  interview_id: `i${i}`,
  participant_name: i % 7 === 0 ? null : `Person ${i}`,
  code: i % 11 === 0 ? '' : `P${String(i + 1).padStart(2, '0')}`,
  start_ms: i % 5 === 0 ? null : i * 1000,
}));
const question: SearchHit = { ...turn, kind: 'question', role: 'AI', interview_id: 'i0', start_ms: null, asked_in };
const highlight: SearchHit = { ...turn, kind: 'highlight', highlight_id: 'h', tags: ['a'], note: 'n' };

it('gives back exactly the hits it packed, after a structured clone', () => {
  const hits = [question, turn, highlight, { ...question, asked_in: [] }];
  const crossed = unpackSearchHits(structuredClone(packSearchHits(hits)));
  expect(crossed).toEqual(hits);
  // Same keys in the same order, nulls kept as nulls.
  expect(JSON.stringify(crossed)).toBe(JSON.stringify(hits));
});

it('packs a question list as four flat arrays, and leaves other hits as they are', () => {
  const [q, t] = packSearchHits([question, turn]) as unknown as [{ asked_in: Record<string, unknown[]> }, SearchHit];
  expect(Object.keys(q.asked_in)).toEqual(['interview_ids', 'participant_names', 'codes', 'start_ms']);
  for (const column of Object.values(q.asked_in)) {
    expect(column).toHaveLength(1000);
    expect(column.every((v) => v === null || typeof v !== 'object')).toBe(true);
  }
  expect(t).toBe(turn);
});

it('is what the worker does for search.query only; other results cross as they are', () => {
  expect(unpackResult('search.query', structuredClone(packResult('search.query', [question])))).toEqual([question]);
  const other = [{ asked_in: [{ interview_id: 'x' }] }];
  expect(packResult('interviews.list', other)).toBe(other);
  expect(unpackResult('interviews.list', other)).toBe(other);
});
