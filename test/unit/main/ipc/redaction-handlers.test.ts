// The redaction channels through the dispatcher (inputs parsed as for the window) over a real in-memory study:
// the review's page, its bounds, the bulk decision, and `redaction.scan` left whole for the CLI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from '../../../../src/main/cache/cache';
import type { CacheDb } from '../../../../src/main/cache/open';
import { createDispatcher, typedCall, type HandlerMap } from '../../../../src/main/ipc/dispatcher';
import { redactionHandlers } from '../../../../src/main/ipc/handlers/redaction';
import { silentLogger } from '../../../../src/main/logging/logger';
import { createRedactionService } from '../../../../src/main/redaction/redaction-service';
import { buildRedactor } from '../../../../src/main/redaction/build-redactor';
import { createReviewService } from '../../../../src/main/redaction/review-service';
import type { RuntimeManager } from '../../../../src/main/workspaces/runtime';
import { createMemoryStore } from '../../../../src/main/secrets/memory-store';
import { redactionChannels, type RedactionKind } from '../../../../src/shared/ipc/channels/redaction';
import { redactionStudy, STUDY, type RedactionStudy } from '../../../support/redaction-study';

let study: RedactionStudy;
const secrets = createMemoryStore(null);
let call: ReturnType<typeof typedCall<typeof redactionChannels>>;
const ws = { workspace_id: 'w1', project_id: STUDY };

beforeAll(async () => {
  study = await redactionStudy(4);
  const runtimes = { get: async () => ({ cache: study.cache }) } as unknown as Pick<RuntimeManager, 'get'>;
  const redaction = createRedactionService({ runtimes, secrets });
  const interviewNumbers = async () => new Map(Object.entries(await study.cache.call('interviews.numbers', { projectId: STUDY })));
  const decideMany = async (_w: string, projectId: string, items: { kind: RedactionKind; text: string }[], decision: 'accept' | 'reject') =>
    study.cache.call('redaction.decideMany', { projectId, items, decision, now: '2026-11-26T10:00:00Z' });
  const review = createReviewService({ redaction, interviewNumbers, decideMany, cache: async () => study.cache });
  const handlers = redactionHandlers({ redaction, review });
  call = typedCall(createDispatcher(redactionChannels, handlers as HandlerMap<typeof redactionChannels>, silentLogger));
});
afterAll(async () => (study.cache as Cache).close?.());

describe('redaction.review', () => {
  it('lists each participant’s name once, counted, with its places labelled by interview number and its pseudonym', async () => {
    const page = await call('redaction.review', { ...ws, kind: 'participant', query: study.people[0]!.name.split(' ')[0] });
    const first = page.terms.find((t) => t.text === study.people[0]!.name.split(' ')[0])!;
    expect(first).toMatchObject({ kind: 'participant', text: study.people[0]!.name.split(' ')[0], suggested: expect.stringMatching(/^P\d{2,}$/) });
    expect(first.count).toBeGreaterThan(1);
    expect(first.examples.length).toBeGreaterThan(0);
    expect(first.examples.length).toBeLessThanOrEqual(3);
    expect(first.examples[0]!.interview_label).toMatch(/^P\d{2,}|^Report$/);
    expect(page).toMatchObject({ interviews: 4, warning: null });
    expect(page.counts_by_kind.participant).toBe(page.total_terms); // the chips count what the text filter keeps
  });

  it('is bounded: at most `limit` terms (200 at most), and the scan channel still sends every finding', async () => {
    const all = await call('redaction.review', { ...ws });
    expect(all.terms.length).toBe(Math.min(100, all.total_terms));
    const two = await call('redaction.review', { ...ws, offset: 1, limit: 2 });
    expect(two.terms.map((t) => t.term)).toEqual(all.terms.slice(1, 3).map((t) => t.term));
    await expect(call('redaction.review', { ...ws, limit: 201 })).rejects.toMatchObject({ code: 'invalid_input' });
    const scan = await call('redaction.scan', ws);
    expect(scan.findings.length).toBe(all.terms.reduce((s, t) => s + t.count, 0));
  });

  it('a decision shows on the next page read; decideAll decides every term the filters keep, on every page', async () => {
    const phone = (await call('redaction.review', { ...ws, kind: 'phone' })).terms[0]!;
    await call('redaction.decide', { ...ws, kind: 'phone', text: phone.text, decision: 'reject' });
    const kept = await call('redaction.review', { ...ws, kind: 'phone', decision: 'reject' });
    expect(kept.terms.map((t) => t.term)).toEqual([phone.term]);

    const names = await call('redaction.review', { ...ws, kind: 'participant', decision: 'undecided', limit: 1 });
    expect(names.total_terms).toBeGreaterThan(1); // more than the one page read
    expect(await call('redaction.decideAll', { ...ws, filter: { kind: 'participant' }, decision: 'accept' })).toEqual({ decided: names.total_terms });
    const after = await call('redaction.review', { ...ws, kind: 'participant' });
    expect(after.counts_by_decision).toEqual({ accept: names.total_terms, reject: 0, undecided: 0 });
    // Already decided that way: nothing more to do. The phone kept stays kept.
    expect(await call('redaction.decideAll', { ...ws, filter: { kind: 'participant' }, decision: 'accept' })).toEqual({ decided: 0 });
    expect((await call('redaction.review', { ...ws, kind: 'phone', decision: 'reject' })).total_terms).toBe(1);

    // What an export writes follows: a participant's first name kept stays as written, their full name and another
    // participant's name (redacted above) are replaced.
    const [a, b] = [study.people[0]!.name, study.people[1]!.name];
    const first = a.split(' ')[0]!;
    await call('redaction.decide', { ...ws, kind: 'participant', text: first, decision: 'reject' });
    const out = (await buildRedactor(study.cache, secrets, STUDY)).text(`${first} met ${b}; ${a} signed.`);
    expect(out).toMatch(new RegExp(`^${first} met P\\d{2,}`));
    expect(out).not.toContain(b);
    expect(out).not.toContain(a);
  });

  it('an own term is listed under "custom" once it is found', async () => {
    await call('redaction.addTerm', { ...ws, text: 'Thanks' });
    const own = await call('redaction.review', { ...ws, kind: 'custom' });
    expect(own.terms.map((t) => [t.text, t.suggested])).toEqual([['Thanks', '[redacted]']]);
    expect(own.terms[0]!.examples[0]!.after.length + own.terms[0]!.examples[0]!.before.length).toBeGreaterThan(0);
  });
});

describe('the review’s interviews, marks and mentions (issue 21 §2)', () => {
  it('lists every interview by code with what an export replaces; a mark holds until what is found there changes', async () => {
    const { interviews } = await call('redaction.interviews', ws);
    expect(interviews.map((i) => i.code)).toEqual(['P01', 'P02', 'P03', 'P04']);
    // Each participant says their name, email and phone: replaced in every interview.
    for (const i of interviews) expect(i.replaced).toBeGreaterThanOrEqual(3);
    expect(interviews.every((i) => i.reviewed_at === null && !i.changed_since_review)).toBe(true);

    const p01 = interviews[0]!;
    const marked = await call('redaction.markReviewed', { ...ws, interview_id: p01.interview_id, reviewed: true });
    expect(marked).toMatchObject({ interview_id: p01.interview_id, code: 'P01', reviewed_at: expect.any(String), changed_since_review: false });
    expect((await call('redaction.interviews', ws)).interviews[0]).toEqual(marked);

    // A term of the researcher's own found in it: what is found there is not what was reviewed.
    const scan = await call('redaction.scan', ws);
    const context = scan.findings
      .filter((f) => f.interview_id === p01.interview_id && f.source === 'turn')
      .map((f) => f.before + ' ' + f.after)
      .join(' ');
    const word = context.match(/\b[a-z]{6,}\b/)![0];
    await call('redaction.addTerm', { ...ws, text: word });
    const after = (await call('redaction.interviews', ws)).interviews[0]!;
    expect(after).toMatchObject({ code: 'P01', reviewed_at: marked.reviewed_at, changed_since_review: true });
    expect(after.replaced).toBeGreaterThan(marked.replaced);
    // Marked again, it holds; unmarked, it is not reviewed.
    expect(await call('redaction.markReviewed', { ...ws, interview_id: p01.interview_id, reviewed: true })).toMatchObject({ changed_since_review: false });
    expect(await call('redaction.markReviewed', { ...ws, interview_id: p01.interview_id, reviewed: false })).toMatchObject({
      reviewed_at: null,
      changed_since_review: false,
    });
    await call('redaction.removeTerm', { ...ws, text: word });
    await expect(call('redaction.markReviewed', { ...ws, interview_id: 'no-such-interview', reviewed: true })).rejects.toMatchObject({
      code: 'unknown_interview',
    });
    await expect(call('redaction.markReviewed', { ...ws, interview_id: p01.interview_id } as never)).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('finds every mention of a term in the study’s turns, per participant code, as a count of the turns themselves says', async () => {
    const first = study.people[0]!.name.split(' ')[0]!;
    const m = await call('redaction.mentions', { ...ws, text: first.toLowerCase() });
    const db = (study.cache as Cache & { db: CacheDb }).db;
    const texts = db
      .prepare('SELECT t.interview_id, t.text FROM transcript_turns t JOIN interviews i ON i.id = t.interview_id WHERE i.project_id = ?')
      .all(STUDY) as { interview_id: string; text: string }[];
    const re = new RegExp(`(?<![\\p{L}\\p{N}_])${first}(?:['’]s)?(?![\\p{L}\\p{N}_])`, 'giu');
    const expected = texts.reduce((n, t) => n + (t.text.match(re)?.length ?? 0), 0);
    expect(expected).toBeGreaterThanOrEqual(2);
    expect(m.total).toBe(expected);
    expect(m.text).toBe(first.toLowerCase());
    expect(m.interviews.reduce((n, i) => n + i.count, 0)).toBe(expected);
    // The participant says it in their own interview at least twice ("I'm …", "Thanks, …").
    expect(m.interviews.find((i) => i.interview_id === study.people[0]!.id)?.count).toBeGreaterThanOrEqual(2);
    for (const i of m.interviews) {
      expect(i.code).toMatch(/^P\d{2,}$/);
      for (const e of i.examples) expect(e.text.toLowerCase().startsWith(first.toLowerCase())).toBe(true);
    }
    await expect(call('redaction.mentions', { ...ws, text: 'x' })).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
