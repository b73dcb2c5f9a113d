// The report's themes as codes: one code per theme (merged with a code of that name in any case), its quotes
// coded by "AI report" on exactly their words, quotes no transcript holds counted, and a second run idempotent.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Cache } from '../../../../src/main/cache/cache';
import { codesFromReport, quoteRange } from '../../../../src/main/analysis/codes/from-report';
import { AI_REPORT_CODER } from '../../../../src/shared/analysis/codebook';
import { codeTurn, codingCache, NOW, P, saveInterview, saveReport } from '../../../support/coding-cache';

let cache: Cache;
const run = () => codesFromReport({ cache, now: () => NOW }, P);
const aiSegments = async () =>
  (await cache.call('highlights.list', { projectId: P, coder: AI_REPORT_CODER })).map((h) => ({
    interview: h.interview_id,
    turn: h.start_turn,
    from: h.start_offset,
    to: h.end_offset,
    quote: h.quote,
    codes: h.codes.map((c) => c.name),
  }));

beforeEach(async () => {
  cache = await codingCache();
  await saveInterview(cache, 'i1', 'Ana', [
    ['AI', 'Why did you cancel?'],
    ['User', 'Honestly, it was too expensive for two people. The recipes were fine.'],
  ]);
  await saveInterview(cache, 'i2', 'Ben', [
    ['AI', 'Why did you cancel?'],
    ['User', 'We moved house, and the delivery window never suited us.'],
  ]);
  return () => cache.close();
});

describe('quoteRange', () => {
  it('finds a quote word for word, and otherwise ignoring case, accents, punctuation and spacing', () => {
    const text = 'Honestly, it was “too expensive” for two — people.';
    expect(quoteRange(text, 'it was')).toEqual({ start: 10, end: 16 });
    const loose = quoteRange(text, 'IT WAS "too   expensive" for two people');
    expect(loose && text.slice(loose.start, loose.end)).toBe('it was “too expensive” for two — people');
    expect(quoteRange('Café prices', 'cafe prices')).toEqual({ start: 0, end: 11 });
    expect(quoteRange(text, 'not said')).toBeNull();
    expect(quoteRange(text, '  ')).toBeNull();
  });
});

describe('codesFromReport', () => {
  it('makes a code per theme with its summary, and codes each found quote on exactly its words', async () => {
    await saveReport(cache, [
      { title: 'Price', summary: 'Too dear for the household.', quotes: ['it was too expensive for two people', 'A quote nobody said at all'] },
      { title: 'Delivery', summary: 'Windows that do not fit.', quotes: ['the delivery window never suited us'] },
    ]);
    const out = await run();
    expect(out).toMatchObject({ report_id: 'r-1', themes: 2, quotes: 3, coded: 2, replaced: 0, skipped: [] });
    expect(out.codes.map((c) => [c.name, c.created])).toEqual([
      ['Price', true],
      ['Delivery', true],
    ]);
    expect(out.not_found).toEqual([{ theme: 'Price', quote: 'A quote nobody said at all' }]);
    const codes = await cache.call('codes.list', { projectId: P });
    expect(codes.map((c) => [c.name, c.description, c.codings])).toEqual([
      ['Delivery', 'Windows that do not fit.', 1],
      ['Price', 'Too dear for the household.', 1],
    ]);
    expect(await aiSegments()).toEqual([
      { interview: 'i1', turn: 1, from: 10, to: 45, quote: 'it was too expensive for two people', codes: ['Price'] },
      { interview: 'i2', turn: 1, from: 20, to: 55, quote: 'the delivery window never suited us', codes: ['Delivery'] },
    ]);
  });

  it('reuses an existing code of the name in any case and keeps its definition; runs again without duplicating', async () => {
    await cache.call('codes.create', { projectId: P, name: 'price', description: 'My own definition', now: NOW });
    // The researcher's own coding with that code is not the AI report's, and stays.
    await codeTurn(cache, { interview: 'i1', turn: 1, from: 0, to: 8, startMs: 10_000, quote: 'Honestly', codes: ['price'] });
    await saveReport(cache, [{ title: 'PRICE', summary: 'Theirs', quotes: ['too expensive', 'too expensive'] }]);
    const first = await run();
    expect(first.codes).toEqual([{ id: expect.any(String), name: 'price', created: false }]);
    expect(first).toMatchObject({ quotes: 2, coded: 1 });
    const again = await run();
    expect(again).toMatchObject({ coded: 1, replaced: 1, not_found: [] });
    expect(await aiSegments()).toEqual([{ interview: 'i1', turn: 1, from: 17, to: 30, quote: 'too expensive', codes: ['price'] }]);
    const codes = await cache.call('codes.list', { projectId: P });
    expect(codes.map((c) => [c.name, c.description, c.codings])).toEqual([['price', 'My own definition', 2]]);
    expect((await cache.call('highlights.list', { projectId: P, coder: null })).length).toBe(1);
  });

  it('after a regenerated report, the AI report codes what the new one quotes; skips category names and blank titles', async () => {
    await saveReport(cache, [{ title: 'Price', quotes: ['too expensive'] }]);
    await run();
    await cache.call('codes.create', { projectId: P, name: 'Logistics', isCategory: true, now: NOW });
    await saveReport(
      cache,
      [
        { title: 'Price', quotes: ['The recipes were fine'] },
        { title: 'logistics', quotes: ['We moved house'] },
        { title: '  ', quotes: ['We moved house'] },
      ],
      'r-2',
    );
    const out = await run();
    expect(out.skipped.map((s) => s.theme)).toEqual(['', 'logistics']);
    expect(out).toMatchObject({ themes: 2, quotes: 1, coded: 1, replaced: 1 });
    expect((await aiSegments()).map((s) => s.quote)).toEqual(['The recipes were fine']);
  });

  it('says what to do when there is no finished report', async () => {
    await expect(run()).rejects.toMatchObject({ code: 'no_report', message: expect.stringContaining('generate the report') });
  });
});
