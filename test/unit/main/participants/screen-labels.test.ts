// Issue 21 §3 on screens: every cache read a screen names an interview from carries the interview's participant
// code, the one `participants.list` gives it, so the screen can say "Name (P07)" as the Interviews list does:
// the viewer's Previous/Next (interviews.neighbours), search hits and the interviews that asked a question
// (search.query, search.askedIn), a report quote's speaker (search.locateQuote), the reel picker's highlights
// (highlights.list) and the agreement view's interviews (coding.turnLengths).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactionStudy, STUDY, type RedactionStudy } from '../../../support/redaction-study';

let study: RedactionStudy;
let codeOf: Map<string, string>;
beforeAll(async () => {
  study = await redactionStudy(8);
  codeOf = new Map((await study.cache.call('participants.list', { projectId: STUDY })).map((p) => [p.interview_id, p.code]));
  // The check can fail: the study's codes are distinct and well formed.
  expect(new Set(codeOf.values()).size).toBe(8);
  for (const c of codeOf.values()) expect(c).toMatch(/^P\d{2,}$/);
});
afterAll(async () => {
  await study?.cache.close();
});

describe('the participant code on every read a screen names an interview from', () => {
  it('interviews.neighbours: Previous and Next', async () => {
    const ids = (await study.cache.call('interviews.list', { projectId: STUDY })).items.map((i) => i.id);
    const near = await study.cache.call('interviews.neighbours', { projectId: STUDY, id: ids[1]! });
    expect(near.previous).toEqual({ id: ids[0], participant_name: expect.any(String), code: codeOf.get(ids[0]!) });
    expect(near.next).toEqual({ id: ids[2], participant_name: expect.any(String), code: codeOf.get(ids[2]!) });
  });

  it('search.query and search.askedIn: each hit, each interview that asked a question; a report quote has none', async () => {
    const hits = await study.cache.call('search.query', { query: 'reach me at', projectId: STUDY, limit: 50 });
    const turns = hits.filter((h) => h.kind === 'turn');
    expect(turns.length).toBeGreaterThan(3);
    for (const h of turns) expect(h.code).toBe(codeOf.get(h.interview_id!));
    // The guide's first question, asked word for word in every interview: one collapsed hit.
    const first = (await study.cache.call('interviews.get', { id: [...codeOf.keys()][0]! }))!.transcript[0]!;
    expect(first.role).toBe('AI');
    const hits2 = await study.cache.call('search.query', { query: `"${first.text.replace(/[^\p{L}\p{N} ]/gu, ' ')}"`, projectId: STUDY, limit: 50 });
    const question = hits2.find((h) => h.kind === 'question')!;
    expect(question.asked_count).toBeGreaterThan(1);
    expect(question.code).toBe(codeOf.get(question.interview_id!));
    for (const a of question.asked_in!) expect(a.code).toBe(codeOf.get(a.interview_id));
    const page = await study.cache.call('search.askedIn', { projectId: STUDY, questionKey: question.question_key!, offset: 0, limit: 100 });
    expect(page.asked_in.length).toBe(question.asked_count);
    for (const a of page.asked_in) expect(a.code).toBe(codeOf.get(a.interview_id));
    const quotes = (await study.cache.call('search.query', { query: 'paused over price', projectId: STUDY, limit: 50 })).filter((h) => h.kind === 'quote');
    for (const q of quotes) expect(q.code).toBe('');
  });

  it('search.locateQuote: who said a report quote', async () => {
    const [quote] = (await study.cache.call('reports.get', { projectId: STUDY }))!.themes[0]!.quotes;
    const found = await study.cache.call('search.locateQuote', { projectId: STUDY, quote: quote! });
    expect(found).not.toBeNull();
    expect(found!.code).toBe(codeOf.get(found!.interview_id));
  });

  it('highlights.list and coding.turnLengths: the reel picker and the agreement view', async () => {
    const highlights = await study.cache.call('highlights.list', { projectId: STUDY });
    expect(highlights.length).toBeGreaterThan(0);
    for (const h of highlights) expect(h.code).toBe(codeOf.get(h.interview_id));
    const ids = [...codeOf.keys()];
    const lengths = await study.cache.call('coding.turnLengths', { projectId: STUDY, interviewIds: ids });
    expect(lengths.map((t) => [t.interview_id, t.code])).toEqual(expect.arrayContaining(ids.map((id) => [id, codeOf.get(id)])));
  });
});
