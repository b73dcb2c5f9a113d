// The coding queries behind agreement and themes-as-codes: one coder's codings replaced at once, flat segments
// by coder, turn lengths as highlight offsets count them, and turns read by interview and index.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Cache } from '../../../../src/main/cache/cache';
import { AI_REPORT_CODER } from '../../../../src/shared/analysis/codebook';
import { codeTurn, codingCache, NOW, P, saveInterview } from '../../../support/coding-cache';

let cache: Cache;
beforeEach(async () => {
  cache = await codingCache();
  await saveInterview(cache, 'i1', 'Ana', [
    ['AI', 'Why?'],
    ['User', 'Too dear 💸 for us.'],
  ]);
  return () => cache.close();
});

const add = (tags: string[], coder: string | null) =>
  codeTurn(cache, { interview: 'i1', turn: 1, from: 0, to: 8, startMs: 10_000, quote: 'Too dear', codes: tags, coder });

describe('coding queries', () => {
  it('replaces one coder’s codings of some codes: a segment keeps its other codes, other coders’ segments stay', async () => {
    const [price, trust] = await cache.call('codes.ensure', { projectId: P, names: ['Price', 'Trust'], now: NOW });
    await add(['Price', 'Trust'], AI_REPORT_CODER);
    await add(['Price'], AI_REPORT_CODER);
    await add(['Price'], null);
    const segment = { interview_id: 'i1', start_turn: 1, start_offset: 4, end_turn: 1, end_offset: 8, start_ms: 10_000, quote: 'dear' };
    const out = await cache.call('coding.replaceCoder', {
      projectId: P,
      coder: AI_REPORT_CODER,
      codeIds: [price!.id],
      codings: [{ ...segment, code_id: price!.id }],
      now: NOW,
    });
    expect(out).toEqual({ removed: 2, added: 1 });
    const ai = await cache.call('highlights.list', { projectId: P, coder: AI_REPORT_CODER });
    expect(ai.map((h) => [h.quote, h.codes.map((c) => c.name)])).toEqual([
      ['Too dear', ['Trust']],
      ['dear', ['Price']],
    ]);
    expect((await cache.call('highlights.list', { projectId: P, coder: null })).map((h) => h.codes.map((c) => c.name))).toEqual([['Price']]);
    expect(trust!.name).toBe('Trust');
  });

  it('keeps a segment coded again on the same words under its id, so a reel holding it keeps its clip', async () => {
    const [price] = await cache.call('codes.ensure', { projectId: P, names: ['Price'], now: NOW });
    const first = await add(['Price'], AI_REPORT_CODER);
    const other = await codeTurn(cache, { interview: 'i1', turn: 1, from: 9, to: 11, startMs: 10_000, quote: '💸', codes: ['Price'], coder: AI_REPORT_CODER });
    const reel = await cache.call('reels.create', { projectId: P, name: 'Pricing', now: NOW });
    await cache.call('reels.addItems', { id: reel.id, highlightIds: [first.id, other.id], now: NOW });
    // "Turn themes into codes" again: the first quote is found on the same words, the second no longer is.
    const segment = { interview_id: 'i1', start_turn: 1, start_offset: 0, end_turn: 1, end_offset: 8, start_ms: 10_000, quote: 'Too dear' };
    await cache.call('coding.replaceCoder', {
      projectId: P,
      coder: AI_REPORT_CODER,
      codeIds: [price!.id],
      codings: [{ ...segment, code_id: price!.id }],
      now: NOW,
    });
    const ai = await cache.call('highlights.list', { projectId: P, coder: AI_REPORT_CODER });
    expect(ai.map((h) => [h.id, h.codes.map((c) => c.name)])).toEqual([[first.id, ['Price']]]);
    expect((await cache.call('reels.get', { id: reel.id }))!.items.map((i) => i.highlight_id)).toEqual([first.id]);
  });

  it('lists segments by coder, one row per code; measures turns in UTF-16 units; reads turns by index', async () => {
    await add(['Price', 'Trust'], null);
    await add(['Price'], 'Maxine');
    await add(['Price'], AI_REPORT_CODER);
    const rows = await cache.call('coding.segments', { projectId: P, coders: [null, 'Maxine'] });
    expect(rows.map((r) => `${r.coder ?? 'researcher'}: ${r.code}`).sort()).toEqual(['Maxine: Price', 'researcher: Price', 'researcher: Trust']);
    expect((await cache.call('coding.segments', { projectId: P, coders: [AI_REPORT_CODER] })).length).toBe(1);
    // With its participant code, once given (a sync gives codes at its end), for the agreement view's labels.
    await cache.call('participants.assign', { projectId: P });
    expect(await cache.call('coding.turnLengths', { projectId: P, interviewIds: ['i1', 'nope'] })).toEqual([
      { interview_id: 'i1', participant_name: 'Ana', code: 'P01', indexes: [0, 1], lengths: [4, 'Too dear 💸 for us.'.length] },
    ]);
    expect(
      await cache.call('coding.turnsAt', {
        turns: [
          { interview_id: 'i1', index: 1 },
          { interview_id: 'i1', index: 9 },
        ],
      }),
    ).toEqual([{ interview_id: 'i1', index: 1, role: 'User', text: 'Too dear 💸 for us.', start_ms: 10_000 }]);
  });
});
