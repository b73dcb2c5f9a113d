// The cache queries, driven through the same op table the app uses (`cache.call(op, args)`), with
// inputs built by the shared wire schemas so they look like what a sync writes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, it, expect } from 'vitest';
import { openInProcessCache, type Cache } from '../../../../src/main/cache/cache';
import type { CacheDb } from '../../../../src/main/cache/open';
import { packFullRecords } from '../../../../src/main/cache/queries/full-records';
import { MARK_END, MARK_START } from '../../../../src/main/cache/queries/search-marks';
import { toFtsQuery } from '../../../../src/main/cache/queries/search-terms';
import { interviewRecord, type InterviewRecord } from '../../../../src/shared/schemas/interview';
import { projectListItem } from '../../../../src/shared/schemas/project';
import { report } from '../../../../src/shared/schemas/report';

type TestCache = Cache & { db: CacheDb };
const NOW = '2025-05-01T10:00:00.000Z';

// ---- Builders ----

function project(id: string, over: Record<string, unknown> = {}) {
  return projectListItem.parse({
    id,
    title: `Project ${id}`,
    status: 'STARTED',
    created_at: '2025-01-01T00:00:00Z',
    type: 'USER_INTERVIEW',
    recruiting: { completed_participants: 3, has_launched: true, target_participants: 10, type: 'INTERNAL' },
    ...over,
  });
}

type TurnIn = [role: 'AI' | 'User', text: string, startSeconds?: number];

/** A record as a light page carries it: no transcript, no screener. */
function light(id: string, over: Record<string, unknown> = {}): InterviewRecord {
  return interviewRecord.parse({
    id,
    status: 'COMPLETE',
    completed_at: '2025-03-01T10:00:00Z',
    duration_minutes: 12,
    video_url: `https://cdn.example.com/${id}.webm?sig=1`,
    video_url_expires_at: '2025-03-02T10:00:00Z',
    thumbnail_url: `https://cdn.example.com/${id}.jpg`,
    participant: { name: `Person ${id}`, email: `${id}@example.com` },
    ...over,
  });
}

/** A full record: transcript (start_ms in milliseconds) and screener included. */
function full(id: string, turns: TurnIn[], over: Record<string, unknown> = {}): InterviewRecord {
  return light(id, {
    transcript: turns.map(([role, text, s], i) => ({ role, text, start_ms: (s ?? i * 10) * 1000, end_ms: ((s ?? i * 10) + 5) * 1000 })),
    screener: { approved: true, questions: { q1: 'Do you cook?' }, answers: { q1: 'yes' } },
    ...over,
  });
}

function reportWith(projectId: string, themes: { title: string; quotes: string[] }[]) {
  return report.parse({
    report_id: `r-${projectId}`,
    project_id: projectId,
    status: 'COMPLETED',
    generated_at: '2025-04-01T00:00:00Z',
    interviews_analysed: 3,
    summary: 'People care about price.',
    themes: themes.map((t, i) => ({ title: t.title, frequency: 0.9 - i * 0.1, summary: `${t.title} summary`, quotes: t.quotes })),
  });
}

const newHighlight = (
  projectId: string,
  interviewId: string,
  o: { turn?: number; from?: number; to?: number; tags?: string[]; note?: string; quote?: string } = {},
) => ({
  project_id: projectId,
  interview_id: interviewId,
  start_turn: o.turn ?? 1,
  start_offset: o.from ?? 0,
  end_turn: o.turn ?? 1,
  end_offset: o.to ?? 10,
  start_ms: 10_000,
  quote: o.quote ?? 'a quote',
  note: o.note ?? '',
  new_codes: o.tags ?? [],
});

let cache: TestCache;
beforeEach(async () => {
  cache = await openInProcessCache(':memory:');
  return () => cache.close();
});

/** A light page of one project's records, as a sync's list pass stores it. */
const saveLight = (projectId: string, ...items: InterviewRecord[]) => cache.call('interviews.saveLightPage', { projectId, items, now: NOW });
/** Full records of one project, as a sync's detail pass stores them. */
const saveFull = (projectId: string, ...items: InterviewRecord[]) => cache.call('interviews.saveFullRecords', { projectId, items, now: NOW });

async function withProject(id = 'p1') {
  await cache.call('projects.saveList', { items: [project(id)], syncedAt: NOW });
}

// ---- Projects ----

describe('projects', () => {
  it('saveList upserts, and hides projects no longer listed without deleting them or their guides', async () => {
    await cache.call('projects.saveList', {
      items: [project('a', { created_at: '2025-01-01T00:00:00Z' }), project('b', { created_at: '2025-02-01T00:00:00Z' })],
      syncedAt: NOW,
    });
    await cache.call('projects.saveGuide', {
      guide: { project_id: 'a', research_objective: 'Why people churn', questions: [{ question: 'Why?', probing_level: 'high' }], source: 'created' },
      now: NOW,
    });
    expect((await cache.call('projects.list')).map((p) => p.id)).toEqual(['b', 'a']);

    await cache.call('projects.saveList', {
      items: [project('b', { title: 'Renamed', status: 'COMPLETE', created_at: '2025-02-01T00:00:00Z' }), project('c', { created_at: '2025-03-01T00:00:00Z' })],
      syncedAt: '2025-05-02T00:00:00.000Z',
    });
    const list = await cache.call('projects.list');
    expect(list.map((p) => p.id)).toEqual(['c', 'b']);
    expect(list.find((p) => p.id === 'b')).toMatchObject({
      title: 'Renamed',
      status: 'COMPLETE',
      listed: true,
      has_launched: true,
      synced_at: '2025-05-02T00:00:00.000Z',
    });

    const hidden = await cache.call('projects.get', { id: 'a' });
    expect(hidden).toMatchObject({ id: 'a', listed: false, title: 'Project a' });
    expect(hidden!.guide).toMatchObject({ research_objective: 'Why people churn', questions: [{ question: 'Why?', probing_level: 'high' }] });

    // Listed again: visible again.
    await cache.call('projects.saveList', { items: [project('a')], syncedAt: NOW });
    expect((await cache.call('projects.list')).map((p) => p.id)).toEqual(['a']);
  });

  it('saveList stores the recruiting numbers and keeps a known type when the list omits it', async () => {
    await cache.call('projects.saveList', { items: [project('a', { type: 'STIMULI' })], syncedAt: NOW });
    const { type: _omitted, ...noType } = project('a', {
      recruiting: { completed_participants: 7, has_launched: false, target_participants: 20, type: 'USER_INTERVIEWS' },
    });
    await cache.call('projects.saveList', { items: [noType], syncedAt: NOW });
    expect(await cache.call('projects.get', { id: 'a' })).toMatchObject({
      type: 'STIMULI',
      completed_participants: 7,
      target_participants: 20,
      recruiting_type: 'USER_INTERVIEWS',
      has_launched: false,
    });
  });

  it('saveGuide keeps the fields it is not given and replaces the questions, in order', async () => {
    await withProject('p1');
    // The fields the second save does not give, which it must keep.
    const kept = {
      interview_id: 'iv-1',
      research_objective: 'Why people churn',
      intro_message: 'Hello!',
      end_message: 'Thanks',
      languages: [{ language_name: 'English', accent: 'en-GB' }],
      interaction_modes: ['video', 'chat'],
      call_url: 'https://call.example.com/p1',
    };
    const reordered = [
      { question: 'Second first', probing_level: 'high' },
      { question: 'Then this', probing_level: 'low' },
    ];
    await cache.call('projects.saveGuide', {
      guide: {
        project_id: 'p1',
        ...kept,
        questions: [
          { question: 'One', probing_level: 'low' },
          { question: 'Two', probing_level: 'medium' },
          { question: 'Three', probing_level: 'high' },
        ],
        source: 'created',
      },
      now: NOW,
    });
    await cache.call('projects.saveGuide', { guide: { project_id: 'p1', questions: reordered, source: 'patched' }, now: '2025-05-03T00:00:00.000Z' });
    const g = (await cache.call('projects.get', { id: 'p1' }))!.guide!;
    expect(g).toEqual({ ...kept, questions: reordered, source: 'patched', updated_at: '2025-05-03T00:00:00.000Z' });
    // No questions given: the stored ones stay. An explicit null end message clears it.
    await cache.call('projects.saveGuide', { guide: { project_id: 'p1', intro_message: 'Hi again', end_message: null, source: 'patched' }, now: NOW });
    const g2 = (await cache.call('projects.get', { id: 'p1' }))!.guide!;
    expect(g2.questions.map((q) => q.question)).toEqual(['Second first', 'Then this']);
    expect(g2).toMatchObject({ intro_message: 'Hi again', end_message: null, research_objective: 'Why people churn' });
  });

  it('saveGuide for a project the list has not brought yet creates it, titled', async () => {
    await cache.call('projects.saveGuide', { guide: { project_id: 'new', title: 'Fresh study', type: 'CHURN', source: 'created' }, now: NOW });
    expect(await cache.call('projects.get', { id: 'new' })).toMatchObject({
      id: 'new',
      title: 'Fresh study',
      type: 'CHURN',
      listed: true,
      guide: { source: 'created' },
    });
  });
});

// ---- Interviews ----

describe('interviews', () => {
  it('saveLightPage marks new records pending and skips unchanged ones', async () => {
    await withProject();
    const page = [light('i1'), light('i2', { status: 'STARTED', completed_at: null })];
    const first = await saveLight('p1', ...page);
    expect(first.changed).toEqual(['i1', 'i2']);
    expect(first.newlyComplete).toEqual(['i1']);
    expect((await cache.call('interviews.pendingDetailIds', { projectId: 'p1' })).sort()).toEqual(['i1', 'i2']);
    expect(await saveLight('p1', ...page)).toEqual({ changed: [], newlyComplete: [] });
    expect(await cache.call('interviews.count', { projectId: 'p1' })).toBe(2);
  });

  it('saveLightPage marks a record pending again when its status or participant changes, and reports STARTED → COMPLETE', async () => {
    await withProject();
    await saveLight('p1', light('i1', { status: 'STARTED', completed_at: null }), light('i2'));
    await saveFull('p1', full('i1', [['AI', 'Hi']], { status: 'STARTED', completed_at: null }), full('i2', [['AI', 'Hi']]));
    expect(await cache.call('interviews.pendingDetailIds', { projectId: 'p1' })).toEqual([]);

    const done = await saveLight('p1', light('i1'), light('i2'));
    expect(done).toEqual({ changed: ['i1'], newlyComplete: ['i1'] });
    expect(await cache.call('interviews.pendingDetailIds', { projectId: 'p1' })).toEqual(['i1']);

    const renamed = await saveLight('p1', light('i2', { participant: { name: 'New name', email: 'i2@example.com' } }));
    expect(renamed).toEqual({ changed: ['i2'], newlyComplete: [] });
    expect((await cache.call('interviews.pendingDetailIds', { projectId: 'p1' })).sort()).toEqual(['i1', 'i2']);
    expect(await cache.call('interviews.get', { id: 'i2' })).toMatchObject({ participant_name: 'New name', detail_state: 'pending' });
  });

  it('a light page identical to what a full record wrote leaves the full detail alone', async () => {
    await withProject();
    await saveFull(
      'p1',
      full('i1', [
        ['AI', 'Hello'],
        ['User', 'Hi'],
      ]),
    );
    expect(await saveLight('p1', light('i1'))).toEqual({ changed: [], newlyComplete: [] });
    expect(await cache.call('interviews.get', { id: 'i1' })).toMatchObject({ detail_state: 'complete', turn_count: 2 });
  });

  it('saveFullRecords stores transcript, screener and participant, and clears pending', async () => {
    await withProject();
    await saveLight('p1', light('i1'));
    const rec = full('i1', [
      ['AI', 'How often do you cook?', 0],
      ['User', 'Most nights, unless I am tired.', 4.5],
    ]);
    const w = await saveFull('p1', rec);
    expect(w).toEqual({ changed: ['i1'], newlyComplete: [] });
    const got = (await cache.call('interviews.get', { id: 'i1' }))!;
    expect(got.transcript).toEqual(rec.transcript);
    expect(got.transcript[1]).toMatchObject({ index: 1, role: 'User', start_ms: 4500, end_ms: 9500 });
    expect(got.screener).toEqual({ approved: true, items: [{ id: 'q1', text: 'Do you cook?', answer: 'yes' }] });
    expect(got.participant).toEqual(rec.participant);
    expect(got).toMatchObject({ detail_state: 'complete', turn_count: 2, screener_approved: true, has_video: true, participant_email: 'i1@example.com' });
    expect(await cache.call('interviews.pendingDetailIds', { projectId: 'p1' })).toEqual([]);
  });

  it('rewriting a full record replaces its turns, with no duplicates and no stale search entries', async () => {
    await withProject();
    await saveFull(
      'p1',
      full('i1', [
        ['AI', 'old question'],
        ['User', 'old answer about zebras'],
        ['User', 'more'],
      ]),
    );
    const second = full('i1', [
      ['AI', 'new question'],
      ['User', 'new answer about giraffes'],
    ]);
    await saveFull('p1', second);
    const got = (await cache.call('interviews.get', { id: 'i1' }))!;
    expect(got.transcript).toEqual(second.transcript);
    expect(got.turn_count).toBe(2);
    expect(cache.db.prepare("SELECT COUNT(*) AS n FROM transcript_turns WHERE interview_id = 'i1'").get()).toEqual({ n: 2 });
    expect(await cache.call('search.query', { query: 'zebras' })).toEqual([]);
    expect(await cache.call('search.query', { query: 'giraffes' })).toHaveLength(1);
  });

  it('a packed page stores every turn in order, whatever its count (written in chunks of 64, 32, … 1)', async () => {
    await withProject();
    const many = full('i1', [], {
      // Every seventh turn has no readable time: stored as "time unknown" (migration 0009), not as 0.
      transcript: Array.from({ length: 150 }, (_, i) => ({ role: i % 2 ? 'User' : 'AI', text: `turn ${i}`, ...(i % 7 === 3 ? {} : { start_ms: i * 1000 }) })),
    });
    const recs = [many, full('i2', [['AI', 'only one', 1]])];
    expect(many.transcript!.filter((t) => t.start_ms === null)).toHaveLength(21);
    const packed = packFullRecords({ projectId: 'p1', items: recs, now: NOW });
    await cache.call('interviews.saveFullRecords', packed);
    for (const rec of recs) expect((await cache.call('interviews.get', { id: rec.id }))!.transcript).toEqual(rec.transcript);
    expect(cache.db.prepare('SELECT COUNT(*) AS n FROM transcript_turns').get()).toEqual({ n: 151 });
  });

  it('a packed page whose turns do not match its records is refused, and nothing of it is written', async () => {
    await withProject();
    const packed = packFullRecords({
      projectId: 'p1',
      items: [
        full('i1', [
          ['AI', 'a'],
          ['User', 'b'],
        ]),
      ],
      now: NOW,
    });
    await expect(cache.call('interviews.saveFullRecords', { ...packed, turns: packed.turns.slice(0, -1) })).rejects.toThrow(/do not match/);
    expect(await cache.call('interviews.count', {})).toBe(0);
  });

  it('a full record with a null transcript stores no turns', async () => {
    await withProject();
    await saveFull('p1', full('i1', [['AI', 'x']]));
    await saveFull('p1', light('i1', { transcript: null, screener: null }));
    expect(await cache.call('interviews.get', { id: 'i1' })).toMatchObject({ transcript: [], turn_count: 0, screener: null, screener_approved: null });
  });

  describe('listInterviews', () => {
    beforeEach(async () => {
      await withProject();
      await saveFull(
        'p1',
        full('a', [], { completed_at: '2025-03-01T00:00:00Z', participant: { name: 'Ada Lovelace', email: 'ada@example.com' } }),
        full('b', [], { completed_at: '2025-03-03T00:00:00Z', participant: { name: '100% sure', email: 'b@example.com' }, screener: { approved: false } }),
        full('c', [], { completed_at: '2025-03-02T00:00:00Z', participant: { name: 'Carl', email: 'c_d@example.com' }, screener: null }),
        full('d', [], { status: 'STARTED', completed_at: null, participant: { name: 'Dee', email: 'cxd@example.com' } }),
        full('e', [], { completed_at: '2025-03-04T00:00:00Z', participant: { name: '100 percent', email: 'e@example.com' } }),
      );
    });
    const ids = async (f: Record<string, unknown>) => (await cache.call('interviews.list', { projectId: 'p1', ...f })).items.map((i) => i.id);

    it('orders newest completed first, not-yet-completed last', async () => {
      expect(await ids({})).toEqual(['e', 'b', 'c', 'a', 'd']);
    });

    it('filters by status', async () => {
      expect(await ids({ status: 'STARTED' })).toEqual(['d']);
      expect(await ids({ status: 'COMPLETE' })).toEqual(['e', 'b', 'c', 'a']);
    });

    it('filters by screener passed, failed or none', async () => {
      expect(await ids({ screener: 'passed' })).toEqual(['e', 'a', 'd']);
      expect(await ids({ screener: 'failed' })).toEqual(['b']);
      expect(await ids({ screener: 'none' })).toEqual(['c']);
    });

    it('filters by name or email text, case-insensitively', async () => {
      expect(await ids({ text: 'lovelace' })).toEqual(['a']);
      expect(await ids({ text: 'C_D@EXAMPLE' })).toEqual(['c']);
      expect(await ids({ text: 'Person' })).toEqual([]);
    });

    it('treats % and _ in the text literally', async () => {
      expect(await ids({ text: '%' })).toEqual(['b']);
      expect(await ids({ text: '100%' })).toEqual(['b']);
      expect(await ids({ text: 'c_d' })).toEqual(['c']);
      expect(await ids({ text: '_' })).toEqual(['c']);
      expect(await ids({ text: '\\' })).toEqual([]);
    });

    it('pages with limit and offset while reporting the total', async () => {
      const page = await cache.call('interviews.list', { projectId: 'p1', limit: 2, offset: 1 });
      expect(page.total).toBe(5);
      expect(page.items.map((i) => i.id)).toEqual(['b', 'c']);
      expect((await cache.call('interviews.list', { projectId: 'p1', status: 'COMPLETE', limit: 1 })).total).toBe(4);
    });

    it('gives the interviews either side of one in the list order, with the same filters as the list', async () => {
      const near = (id: string, f: Record<string, unknown> = {}) => cache.call('interviews.neighbours', { projectId: 'p1', id, ...f });
      expect(await near('c')).toEqual({
        position: 3,
        total: 5,
        // No codes given yet (a sync gives them): the stepper names them as the list does meanwhile.
        previous: { id: 'b', participant_name: '100% sure', code: '' },
        next: { id: 'a', participant_name: 'Ada Lovelace', code: '' },
      });
      expect(await near('e')).toMatchObject({ position: 1, previous: null, next: { id: 'b' } });
      expect(await near('d')).toMatchObject({ position: 5, previous: { id: 'a' }, next: null });
      // Filtered to passed screeners: e, a, d — so a's neighbours are e and d.
      expect(await near('a', { screener: 'passed' })).toMatchObject({ position: 2, total: 3, previous: { id: 'e' }, next: { id: 'd' } });
      // An interview the filters leave out has no place in that list.
      expect(await near('b', { screener: 'passed' })).toEqual({ position: null, total: 3, previous: null, next: null });
    });
  });

  it('liveVideoUrl hands out the link only while it is valid, with the margin', async () => {
    await withProject();
    const expires = Date.parse('2025-03-02T10:00:00Z');
    await saveLight('p1', light('i1'), light('novideo', { video_url: null, video_url_expires_at: null }));
    const url = 'https://cdn.example.com/i1.webm?sig=1';
    expect(await cache.call('interviews.liveVideoUrl', { id: 'i1', nowMs: expires - 120_000 })).toBe(url);
    expect(await cache.call('interviews.liveVideoUrl', { id: 'i1', nowMs: expires - 60_000 })).toBeNull();
    expect(await cache.call('interviews.liveVideoUrl', { id: 'i1', nowMs: expires - 30_000 })).toBeNull();
    expect(await cache.call('interviews.liveVideoUrl', { id: 'i1', nowMs: expires + 1 })).toBeNull();
    expect(await cache.call('interviews.liveVideoUrl', { id: 'i1', nowMs: expires - 1000, marginMs: 0 })).toBe(url);
    expect(await cache.call('interviews.liveVideoUrl', { id: 'i1', nowMs: expires - 1000, marginMs: 5000 })).toBeNull();
    expect(await cache.call('interviews.liveVideoUrl', { id: 'novideo', nowMs: 0 })).toBeNull();
    expect(await cache.call('interviews.liveVideoUrl', { id: 'missing', nowMs: 0 })).toBeNull();
    // A refreshed link is handed out again.
    await cache.call('interviews.updateVideoLink', { id: 'i1', url: 'https://cdn.example.com/new', expiresAt: '2025-03-05T00:00:00Z' });
    expect(await cache.call('interviews.liveVideoUrl', { id: 'i1', nowMs: expires + 1 })).toBe('https://cdn.example.com/new');
  });
});

// ---- Search ----

describe('search', () => {
  beforeEach(async () => {
    await cache.call('projects.saveList', { items: [project('p1', { title: 'Meal kits' }), project('p2', { title: 'Banking' })], syncedAt: NOW });
    await saveFull(
      'p1',
      full('i1', [
        ['AI', 'How often do you skip a week?', 0],
        ['User', 'I skip a week whenever the price goes up.', 12],
        ['User', 'Delivery is slow but fine.', 30],
      ]),
      full('i2', [
        ['AI', 'Tell me about the price.', 0],
        ['User', 'A week skip is rare for me.', 8],
        ['User', 'Le café à Zürich était fermé.', 20],
      ]),
    );
    await saveFull('p2', full('j1', [['User', 'The price of the account is too high.', 3]]));
    await cache.call('reports.save', {
      projectId: 'p1',
      report: reportWith('p1', [
        { title: 'Price', quotes: ['I skip a week whenever the price goes up', 'Price is everything'] },
        { title: 'Speed', quotes: ['Delivery is slow'] },
      ]),
      now: NOW,
    });
  });
  const q = (query: string, extra: Record<string, unknown> = {}) => cache.call('search.query', { query, ...extra });

  it('returns ranked hits across turns and report quotes, with marked snippets', async () => {
    const hits = await q('price');
    expect(hits.map((h) => h.rank)).toEqual([...hits.map((h) => h.rank)].sort((a, b) => a - b));
    expect(hits.filter((h) => h.kind === 'turn')).toHaveLength(3);
    expect(hits.filter((h) => h.kind === 'quote')).toHaveLength(2);
    for (const h of hits) expect(h.snippet).toMatch(new RegExp(`${MARK_START}price${MARK_END}`, 'i'));
    const turn = hits.find((h) => h.kind === 'turn' && h.interview_id === 'i1')!;
    expect(turn).toMatchObject({ project_id: 'p1', project_title: 'Meal kits', participant_name: 'Person i1', role: 'User', start_ms: 12_000 });
    expect(turn.snippet).toBe(`I skip a week whenever the ${MARK_START}price${MARK_END} goes up.`);
    const quote = hits.find((h) => h.kind === 'quote')!;
    expect(quote).toMatchObject({ project_id: 'p1', project_title: 'Meal kits', interview_id: null, role: null, start_ms: null });
  });

  it('filters by project', async () => {
    const hits = await q('price', { projectId: 'p2' });
    expect(hits.map((h) => [h.kind, h.interview_id])).toEqual([['turn', 'j1']]);
    expect((await q('price', { projectId: 'p1' })).every((h) => h.project_id === 'p1')).toBe(true);
  });

  it('filters by role, which excludes report quotes', async () => {
    const ai = await q('price', { role: 'AI' });
    expect(ai.map((h) => [h.kind, h.role, h.interview_id])).toEqual([['turn', 'AI', 'i2']]);
    const user = await q('week', { role: 'User' });
    expect(user.length).toBe(2);
    expect(user.every((h) => h.kind === 'turn' && h.role === 'User')).toBe(true);
  });

  it('collapses an interviewer question asked word for word in several interviews into one result that lists them', async () => {
    await saveFull(
      'p1',
      full('i3', [
        ['AI', 'how often do you SKIP a week', 2],
        ['User', 'Never, I skip nothing.', 9],
      ]),
      full('i4', [['AI', 'How often do you skip a week?', 4]]),
    );
    await saveFull('p2', full('j2', [['AI', 'How often do you skip a week?', 1]]));
    const hits = await q('skip', { projectId: 'p1' });
    const questions = hits.filter((h) => h.role === 'AI');
    expect(questions).toHaveLength(1);
    expect(questions[0]).toMatchObject({ kind: 'question', project_id: 'p1' });
    // Case and punctuation aside it is the same question; the other study's asking is not counted here.
    expect(questions[0]!.asked_in!.map((a) => [a.interview_id, a.participant_name, a.start_ms]).sort()).toEqual([
      ['i1', 'Person i1', 0],
      ['i3', 'Person i3', 2000],
      ['i4', 'Person i4', 4000],
    ]);
    expect(questions[0]!.interview_id).toBe(questions[0]!.asked_in![0]!.interview_id);
    // Participants' turns are still there, one result each.
    expect(
      hits
        .filter((h) => h.kind === 'turn' && h.role === 'User')
        .map((h) => h.interview_id)
        .sort(),
    ).toEqual(['i1', 'i2', 'i3']);
    // Across studies, each study has its own.
    const all = (await q('skip')).filter((h) => h.role === 'AI');
    expect(all.map((h) => [h.kind, h.project_id, h.asked_in?.length ?? 1]).sort()).toEqual([
      ['question', 'p1', 3],
      ['turn', 'p2', 1],
    ]);
    // Where a question was asked is kept between searches, and read again once the cache changes.
    await saveFull('p2', full('j3', [['AI', 'How often do you skip a week?', 3]]));
    const after = (await q('skip')).filter((h) => h.role === 'AI');
    expect(after.map((h) => [h.kind, h.project_id, h.asked_in?.length ?? 1]).sort()).toEqual([
      ['question', 'p1', 3],
      ['question', 'p2', 2],
    ]);
    await saveFull('p1', full('i4', [['User', 'I no longer ask anything.', 4]]));
    const rewritten = (await q('skip', { projectId: 'p1' })).find((h) => h.kind === 'question')!;
    expect(rewritten.asked_in!.map((a) => a.interview_id).sort()).toEqual(['i1', 'i3']);
  });

  it("finds the researcher's highlights by their words, tags and note, as their own kind, filtered by study and speaker", async () => {
    const h = await cache.call('highlights.add', {
      highlight: newHighlight('p1', 'i1', { turn: 1, quote: 'skip a week whenever the price goes up', tags: ['Pricing pain'], note: 'Ask about discounts' }),
      now: NOW,
    });
    const byNote = await q('discounts');
    expect(byNote).toHaveLength(1);
    expect(byNote[0]).toMatchObject({
      kind: 'highlight',
      highlight_id: h.id,
      project_id: 'p1',
      project_title: 'Meal kits',
      interview_id: 'i1',
      participant_name: 'Person i1',
      role: 'User',
      start_ms: 10_000,
      tags: ['Pricing pain'],
      note: 'Ask about discounts',
    });
    expect(byNote[0]!.snippet).toBe(`Ask about ${MARK_START}discounts${MARK_END}`);
    expect((await q('pain')).map((x) => x.kind)).toEqual(['highlight']);
    expect((await q('whenever')).map((x) => x.kind).sort()).toEqual(['highlight', 'quote', 'turn']);
    expect((await q('discounts', { role: 'AI' })).length).toBe(0);
    expect((await q('discounts', { role: 'User' })).length).toBe(1);
    expect((await q('discounts', { projectId: 'p2' })).length).toBe(0);
    expect((await q('whenever', { kind: 'highlight' })).map((x) => x.kind)).toEqual(['highlight']);
    await cache.call('highlights.update', { id: h.id, codes: { code_ids: [], new_codes: ['Value'] }, now: NOW });
    expect(await q('pain')).toEqual([]);
    expect((await q('value')).map((x) => x.tags)).toEqual([['Value']]);
    await cache.call('highlights.delete', { id: h.id });
    expect(await q('discounts')).toEqual([]);
  });

  it('filters by kind and honours the limit', async () => {
    expect((await q('price', { kind: 'quote' })).every((h) => h.kind === 'quote')).toBe(true);
    expect((await q('price', { kind: 'turn' })).every((h) => h.kind === 'turn')).toBe(true);
    expect(await q('price', { limit: 2 })).toHaveLength(2);
  });

  it('matches a "quoted phrase" in order, and loose words in any order', async () => {
    const phrase = await q('"skip a week"', { kind: 'turn' });
    expect(phrase.map((h) => h.snippet.split(MARK_START).join('').split(MARK_END).join(''))).toEqual(
      expect.arrayContaining(['How often do you skip a week?', 'I skip a week whenever the price goes up.']),
    );
    expect(phrase).toHaveLength(2);
    const words = await q('skip week', { kind: 'turn' });
    expect(words).toHaveLength(3);
  });

  it('matches the last word as a prefix while typing, and only the last one', async () => {
    expect((await q('pric', { kind: 'turn' })).length).toBe(3);
    expect(await q('pric ', { kind: 'turn' })).toEqual([]);
    expect((await q('delivery slo', { kind: 'turn' })).length).toBe(1);
    expect(await q('deliv slow', { kind: 'turn' })).toEqual([]);
  });

  it('completes a prefix with the words written since the last search of it (completions are kept only while nothing changes)', async () => {
    await saveFull('p2', full('j7', [['User', 'A zeppelin flew over.', 1]]));
    expect((await q('zep', { kind: 'turn' })).map((h) => h.interview_id)).toEqual(['j7']);
    await saveFull('p2', full('j8', [['User', 'A zephyr blew.', 1]]));
    expect((await q('zep', { kind: 'turn' })).map((h) => h.interview_id).sort()).toEqual(['j7', 'j8']);
  });

  it('folds diacritics: cafe zurich finds café à Zürich', async () => {
    const hits = await q('cafe zurich');
    expect(hits).toHaveLength(1);
    expect(hits[0]!.snippet).toContain(`${MARK_START}café${MARK_END}`);
  });

  it.each([
    'a OR b',
    'price OR zzzz',
    '-x',
    '-price',
    'NEAR(',
    'NEAR(price week)',
    'col:',
    'text:price',
    '"unbalanced',
    'price"',
    '"',
    '😀',
    '🍕 price',
    '*',
    '^price',
    '(price',
    'price)',
    'AND',
    'NOT price',
    '\u0000',
  ])('treats operators in user input as plain text: %j', async (input) => {
    const hits = await q(input);
    expect(Array.isArray(hits)).toBe(true);
  });

  it('operators never change the meaning: OR does not widen, a minus does not exclude', async () => {
    expect(await q('price OR zzzz')).toEqual([]);
    expect((await q('-price')).length).toBe((await q('price')).length);
    expect(await q('NOT price')).toEqual([]);
    expect((await q('🍕 price')).length).toBe((await q('price')).length);
  });

  it('returns nothing for an empty or unsearchable query', async () => {
    expect(await q('')).toEqual([]);
    expect(await q('   ')).toEqual([]);
    expect(await q('😀')).toEqual([]);
    expect(await q('""')).toEqual([]);
    expect(await q('!!! ???')).toEqual([]);
  });

  it('locateQuote finds the participant turn that said a report quote, who said it, and when', async () => {
    await cache.call('participants.assign', { projectId: 'p1' });
    const code = (await cache.call('participants.list', { projectId: 'p1' })).find((p) => p.interview_id === 'i1')!.code;
    expect(code).toMatch(/^P\d{2,}$/);
    expect(await cache.call('search.locateQuote', { projectId: 'p1', quote: 'I skip a week whenever the price goes up' })).toEqual({
      interview_id: 'i1',
      participant_name: 'Person i1',
      code,
      turn_index: 1,
      start_ms: 12_000,
    });
    // Punctuation, case and quote marks in the report text do not matter.
    expect(await cache.call('search.locateQuote', { projectId: 'p1', quote: '"Delivery is SLOW, but fine!"' })).toEqual({
      interview_id: 'i1',
      participant_name: 'Person i1',
      code,
      turn_index: 2,
      start_ms: 30_000,
    });
  });

  it('locateQuote ignores interviewer turns and other projects, and returns null when nothing matches', async () => {
    expect(await cache.call('search.locateQuote', { projectId: 'p1', quote: 'How often do you skip a week' })).toBeNull();
    expect(await cache.call('search.locateQuote', { projectId: 'p1', quote: 'The price of the account is too high' })).toBeNull();
    expect(await cache.call('search.locateQuote', { projectId: 'p2', quote: 'The price of the account is too high' })).toEqual({
      interview_id: 'j1',
      participant_name: 'Person j1',
      // p2's codes were never given here.
      code: '',
      turn_index: 0,
      start_ms: 3000,
    });
    expect(await cache.call('search.locateQuote', { projectId: 'p1', quote: 'never said' })).toBeNull();
    expect(await cache.call('search.locateQuote', { projectId: 'p1', quote: '' })).toBeNull();
  });

  it('search follows a report being replaced', async () => {
    await cache.call('reports.save', { projectId: 'p1', report: reportWith('p1', [{ title: 'Other', quotes: ['Packaging is wasteful'] }]), now: NOW });
    expect(await q('everything', { kind: 'quote' })).toEqual([]);
    expect(await q('packaging', { kind: 'quote' })).toHaveLength(1);
    expect((await cache.call('reports.get', { projectId: 'p1' }))!.themes).toEqual([
      { title: 'Other', frequency: 0.9, summary: 'Other summary', quotes: ['Packaging is wasteful'] },
    ]);
  });
});

describe('search for a word in more turns than bm25 can rank per keystroke', () => {
  // 'box' is in every turn, so the probe takes the common path; p-old is a small project whose turns are
  // all older than the walk reads (two chunks of 2000), so it is found by the fallback that starts from its turns.
  beforeEach(async () => {
    await cache.call('projects.saveList', { items: [project('p-old', { title: 'Old' }), project('p-big', { title: 'Big' })], syncedAt: NOW });
    await saveFull(
      'p-old',
      full('old1', [
        ['User', 'box box box box', 0],
        ['AI', 'box and other words here', 5],
      ]),
    );
    const items = Array.from({ length: 110 }, (_, k) =>
      full(
        `big${k}`,
        Array.from({ length: 40 }, (_, t): TurnIn => [t % 2 ? 'User' : 'AI', `the box arrived late again ${k} ${t} and the food inside was cold`, t]),
      ),
    );
    await saveFull('p-big', ...items);
    await saveFull('p-big', full('dense', [['User', 'box box', 0]]));
  });
  const q = (query: string, extra: Record<string, unknown> = {}) => cache.call('search.query', { query, kind: 'turn', ...extra });

  it('ranks the turns that use the word most densely first, among the newest matches', async () => {
    const hits = await q('box ');
    expect(hits).toHaveLength(50);
    expect(hits[0]).toMatchObject({ interview_id: 'dense', project_id: 'p-big' });
    expect(hits.map((h) => h.rank)).toEqual([...hits.map((h) => h.rank)].sort((a, b) => a - b));
    for (const h of hits) expect(h.snippet).toContain(`${MARK_START}box${MARK_END}`);
  });

  it('a project filter returns only that project, even when all its matches are older than the walk reads', async () => {
    const old = await q('box ', { projectId: 'p-old' });
    expect(old.map((h) => [h.interview_id, h.role])).toEqual([
      ['old1', 'User'],
      ['old1', 'AI'],
    ]);
    const big = await q('box', { projectId: 'p-big', limit: 100 });
    expect(big).toHaveLength(100);
    expect(big.every((h) => h.project_id === 'p-big')).toBe(true);
  });

  it('a role filter keeps only that role on the common path too', async () => {
    const ai = await q('box ', { role: 'AI', limit: 200 });
    expect(ai).toHaveLength(200);
    expect(ai.every((h) => h.role === 'AI')).toBe(true);
    expect((await q('box ', { role: 'AI', projectId: 'p-old' })).map((h) => h.interview_id)).toEqual(['old1']);
  });
});

describe('toFtsQuery', () => {
  it.each([
    ['price', '"price"*'],
    ['price ', '"price"'],
    ['skip a week', '"skip" AND "a" AND "week"*'],
    ['"skip a week"', '"skip a week"'],
    ['"skip a week" pri', '"skip a week" AND "pri"*'],
    ['pri "skip a week"', '"pri" AND "skip a week"'],
    ['a OR b', '"a" AND "OR" AND "b"*'],
    ['-x', '"x"*'],
    ['col:price', '"col" AND "price"*'],
    ['NEAR(', '"NEAR"*'],
    ['"unbalanced', '"unbalanced"*'],
    ["it's", '"it" AND "s"*'],
    ['café Zürich', '"café" AND "Zürich"*'],
    ['🍕 price', '"price"*'],
  ])('%j → %j', (input, expected) => {
    expect(toFtsQuery(input)).toBe(expected);
  });

  it.each(['', '   ', '😀', '""', '"', '!!!', '" "'])('%j → null', (input) => {
    expect(toFtsQuery(input)).toBeNull();
  });

  it('with a vocabulary, the last word becomes the word or any of its completions', () => {
    expect(toFtsQuery('cheap pric', () => ['price', 'prices'])).toBe('"cheap" AND ("pric" OR "price" OR "prices")');
    expect(toFtsQuery('cheap pric', () => [])).toBe('"cheap" AND "pric"*');
    expect(toFtsQuery('cheap pric ', () => ['price'])).toBe('"cheap" AND "pric"');
  });

  it('never lets a double quote through unpaired', () => {
    for (const input of ['a"b', '"a" "b', 'x "y z', '"""', 'a""b']) {
      const out = toFtsQuery(input);
      if (out !== null) expect((out.match(/"/g) ?? []).length % 2).toBe(0);
    }
  });
});

// ---- User data ----

describe('user data', () => {
  beforeEach(async () => {
    await withProject();
    await saveFull(
      'p1',
      full('i1', [
        ['AI', 'Q'],
        ['User', 'Long answer here'],
        ['User', 'More'],
      ]),
      full('i2', [['AI', 'Q']]),
    );
  });

  it('adds a highlight with trimmed, de-duplicated tags', async () => {
    const h = await cache.call('highlights.add', {
      highlight: newHighlight('p1', 'i1', { tags: [' pricing ', 'pricing', '', '  ', 'churn'], note: 'key moment' }),
      now: NOW,
    });
    expect(h).toMatchObject({ project_id: 'p1', interview_id: 'i1', note: 'key moment', created_at: NOW, updated_at: NOW });
    expect(h.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(h.codes.map((c) => c.name).sort()).toEqual(['churn', 'pricing']);
    const [stored] = await cache.call('highlights.list', { id: h.id });
    expect(stored).toEqual(h);
  });

  it('refuses a highlight whose end comes before its start, and stores nothing of it', async () => {
    await expect(cache.call('highlights.add', { highlight: { ...newHighlight('p1', 'i1', { tags: ['x'] }), end_turn: 0 }, now: NOW })).rejects.toMatchObject({
      code: 'cache_error',
    });
    expect(await cache.call('highlights.list', {})).toEqual([]);
    expect(await cache.call('highlights.tags', {})).toEqual([]);
  });

  it('updates the note or the tags separately', async () => {
    const h = await cache.call('highlights.add', { highlight: newHighlight('p1', 'i1', { tags: ['a', 'b'] }), now: NOW });
    const noted = await cache.call('highlights.update', { id: h.id, note: 'rethink', now: '2025-05-02T00:00:00.000Z' });
    expect(noted).toMatchObject({ note: 'rethink', codes: [{ name: 'a' }, { name: 'b' }], updated_at: '2025-05-02T00:00:00.000Z', created_at: NOW });
    const a = h.codes.find((c) => c.name === 'a')!;
    const retagged = await cache.call('highlights.update', {
      id: h.id,
      codes: { code_ids: [a.id], new_codes: [' c ', 'c'] },
      now: '2025-05-03T00:00:00.000Z',
    });
    expect(retagged).toMatchObject({ note: 'rethink', codes: [{ id: a.id, name: 'a' }, { name: 'c' }], updated_at: '2025-05-03T00:00:00.000Z' });
  });

  it('updating a note of a highlight that no longer exists returns null', async () => {
    expect(await cache.call('highlights.update', { id: 'gone', note: 'x', now: NOW })).toBeNull();
  });

  // KNOWN BUG (fails today): with tags, updateHighlight inserts highlight_tags rows for the missing id and
  // the foreign key throws (cache_error) instead of returning null as its type promises.
  it('updating the tags of a highlight that no longer exists returns null and stores no tags', async () => {
    await expect(cache.call('highlights.update', { id: 'gone', codes: { code_ids: [], new_codes: ['x'] }, now: NOW })).resolves.toBeNull();
    expect(await cache.call('highlights.tags', {})).toEqual([]);
  });

  it('deleting a highlight deletes its codings, not its codes', async () => {
    const h = await cache.call('highlights.add', { highlight: newHighlight('p1', 'i1', { tags: ['a', 'b'] }), now: NOW });
    const other = await cache.call('highlights.add', { highlight: newHighlight('p1', 'i2', { tags: ['a'] }), now: NOW });
    expect(await cache.call('highlights.delete', { id: h.id })).toBe(true);
    expect(await cache.call('highlights.delete', { id: h.id })).toBe(false);
    expect(cache.db.prepare('SELECT hc.highlight_id, c.name FROM highlight_codes hc JOIN codes c ON c.id = hc.code_id').all()).toEqual([
      { highlight_id: other.id, name: 'a' },
    ]);
    // The codes stay in the codebook: deleting a segment is not deleting a code.
    expect((await cache.call('codes.list', { projectId: 'p1' })).map((c) => [c.name, c.codings])).toEqual([
      ['a', 1],
      ['b', 0],
    ]);
    expect(await cache.call('highlights.tags', {})).toEqual([{ tag: 'a', count: 1 }]);
  });

  it('lists by interview (in reading order), by project and by tag, and counts tags', async () => {
    await cache.call('projects.saveList', { items: [project('p1'), project('p2')], syncedAt: NOW });
    const late = await cache.call('highlights.add', { highlight: newHighlight('p1', 'i1', { turn: 2, tags: ['pricing'] }), now: NOW });
    const early = await cache.call('highlights.add', {
      highlight: newHighlight('p1', 'i1', { turn: 1, from: 3, to: 8, tags: ['pricing', 'churn'] }),
      now: NOW,
    });
    const earliest = await cache.call('highlights.add', { highlight: newHighlight('p1', 'i1', { turn: 1, from: 0, to: 2 }), now: NOW });
    const elsewhere = await cache.call('highlights.add', { highlight: newHighlight('p2', 'x9', { tags: ['pricing'] }), now: NOW });
    expect((await cache.call('highlights.list', { interviewId: 'i1' })).map((h) => h.id)).toEqual([earliest.id, early.id, late.id]);
    expect((await cache.call('highlights.list', { projectId: 'p2' })).map((h) => h.id)).toEqual([elsewhere.id]);
    // By code: each study has its own "pricing" code, so a code's codings are that study's only.
    const pricing = late.codes[0]!.id;
    expect((await cache.call('highlights.list', { codeId: pricing })).map((h) => h.id)).toEqual([early.id, late.id]);
    expect((await cache.call('highlights.list', { codeId: elsewhere.codes[0]!.id })).map((h) => h.id)).toEqual([elsewhere.id]);
    expect((await cache.call('highlights.list', { codeId: pricing, projectId: 'p2' })).map((h) => h.id)).toEqual([]);
    expect(await cache.call('highlights.list', { codeId: 'nope' })).toEqual([]);
    expect(await cache.call('highlights.tags', {})).toEqual([
      { tag: 'pricing', count: 3 },
      { tag: 'churn', count: 1 },
    ]);
    expect(await cache.call('highlights.tags', { projectId: 'p2' })).toEqual([{ tag: 'pricing', count: 1 }]);
  });

  it('keeps notes per project and per interview, oldest first', async () => {
    const a = await cache.call('notes.add', { projectId: 'p1', body: 'overall', now: '2025-05-01T00:00:00.000Z' });
    const b = await cache.call('notes.add', { projectId: 'p1', interviewId: 'i1', body: 'on i1', now: '2025-05-02T00:00:00.000Z' });
    await cache.call('notes.add', { projectId: 'p2', body: 'other project', now: NOW });
    expect(a).toMatchObject({ project_id: 'p1', interview_id: null, body: 'overall' });
    expect(await cache.call('notes.list', { projectId: 'p1' })).toEqual([a, b]);
    expect(await cache.call('notes.list', { projectId: 'p1', interviewId: 'i1' })).toEqual([b]);
    expect(await cache.call('notes.list', { projectId: 'p1', interviewId: 'i2' })).toEqual([]);
  });

  it('user data survives a re-sync that rewrites the interview and replaces the report', async () => {
    await cache.call('reports.save', { projectId: 'p1', report: reportWith('p1', [{ title: 'T', quotes: ['Long answer here'] }]), now: NOW });
    await cache.call('highlights.add', { highlight: newHighlight('p1', 'i1', { tags: ['keep'], note: 'mine' }), now: NOW });
    await cache.call('highlights.add', { highlight: newHighlight('p1', 'i2', { turn: 0 }), now: NOW });
    await cache.call('notes.add', { projectId: 'p1', interviewId: 'i1', body: 'my note', now: NOW });
    await cache.call('notes.add', { projectId: 'p1', body: 'project note', now: NOW });
    const before = {
      h: await cache.call('highlights.list', {}),
      n: await cache.call('notes.list', { projectId: 'p1' }),
      t: await cache.call('highlights.tags', {}),
    };

    await saveLight('p1', light('i1', { participant: { name: 'Changed', email: 'i1@example.com' } }));
    await saveFull(
      'p1',
      full('i1', [
        ['AI', 'Q2'],
        ['User', 'A rewritten answer'],
      ]),
    );
    await cache.call('reports.save', { projectId: 'p1', report: reportWith('p1', [{ title: 'New', quotes: ['Something else'] }]), now: NOW });
    await cache.call('projects.saveList', { items: [], syncedAt: NOW });

    expect(await cache.call('highlights.list', {})).toEqual(before.h);
    expect(await cache.call('notes.list', { projectId: 'p1' })).toEqual(before.n);
    expect(await cache.call('highlights.tags', {})).toEqual(before.t);
    expect(before.h).toHaveLength(2);
    expect(before.n).toHaveLength(2);
  });

  it('writes user data at synchronous=FULL and goes back to NORMAL', async () => {
    // In-memory databases report the value set; the point is that the op raises and restores it.
    const seen: unknown[] = [];
    const original = cache.db.pragma.bind(cache.db);
    cache.db.pragma = ((source: string, options?: { simple?: boolean }) => {
      if (/^synchronous\s*=/.test(source)) seen.push(source);
      return original(source, options);
    }) as typeof cache.db.pragma;
    try {
      await cache.call('notes.add', { projectId: 'p1', body: 'x', now: NOW });
    } finally {
      cache.db.pragma = original;
    }
    expect(seen).toEqual(['synchronous = FULL', 'synchronous = NORMAL']);
    expect(cache.db.pragma('synchronous', { simple: true })).toBe(1);
  });
});

// ---- Local jobs ----

describe('jobs', () => {
  it('sync_state records started, finished and errors, keeping the last success', async () => {
    expect(await cache.call('sync.state', { scope: 'all' })).toBeNull();
    await cache.call('sync.started', { scope: 'all', now: '2025-05-01T00:00:00Z' });
    expect(await cache.call('sync.state', { scope: 'all' })).toEqual({
      scope: 'all',
      last_started_at: '2025-05-01T00:00:00Z',
      last_completed_at: null,
      last_error: null,
    });
    await cache.call('sync.finished', { scope: 'all', now: '2025-05-01T00:01:00Z', error: null });
    await cache.call('sync.started', { scope: 'all', now: '2025-05-02T00:00:00Z' });
    await cache.call('sync.finished', { scope: 'all', now: '2025-05-02T00:01:00Z', error: 'network down' });
    expect(await cache.call('sync.state', { scope: 'all' })).toEqual({
      scope: 'all',
      last_started_at: '2025-05-02T00:00:00Z',
      last_completed_at: '2025-05-01T00:01:00Z',
      last_error: 'network down',
    });
    await cache.call('sync.finished', { scope: 'all', now: '2025-05-03T00:00:00Z', error: null });
    expect(await cache.call('sync.state', { scope: 'all' })).toMatchObject({ last_completed_at: '2025-05-03T00:00:00Z', last_error: null });
    expect(await cache.call('sync.state', { scope: 'project:p1' })).toBeNull();
  });

  it('report polls: save replaces, get reads one, active lists only polling ones by next poll time', async () => {
    const poll = (project_id: string, state: 'polling' | 'completed' | 'failed' | 'timed_out', next_poll_at: string) => ({
      project_id,
      report_id: `r-${project_id}`,
      started_at: '2025-05-01T00:00:00Z',
      deadline_at: '2025-05-01T00:03:00Z',
      next_poll_at,
      attempts: 1,
      state,
      last_error: null,
    });
    await cache.call('polls.save', { poll: poll('a', 'polling', '2025-05-01T00:00:20Z') });
    await cache.call('polls.save', { poll: poll('b', 'polling', '2025-05-01T00:00:10Z') });
    await cache.call('polls.save', { poll: poll('c', 'completed', '2025-05-01T00:00:05Z') });
    expect((await cache.call('polls.active')).map((p) => p.project_id)).toEqual(['b', 'a']);
    await cache.call('polls.save', { poll: { ...poll('a', 'failed', '2025-05-01T00:00:30Z'), attempts: 4, last_error: 'boom' } });
    expect(await cache.call('polls.get', { projectId: 'a' })).toMatchObject({ state: 'failed', attempts: 4, last_error: 'boom' });
    expect((await cache.call('polls.active')).map((p) => p.project_id)).toEqual(['b']);
    expect(await cache.call('polls.get', { projectId: 'zzz' })).toBeNull();
  });

  it('videos: save, get, list by project, bytes used and delete', async () => {
    const v = (interview_id: string, project_id: string, bytes_done: number, state: 'partial' | 'complete') => ({
      interview_id,
      project_id,
      file: `/videos/${interview_id}.webm`,
      content_type: 'video/webm',
      bytes_total: 1000,
      bytes_done,
      state,
      updated_at: NOW,
    });
    expect(await cache.call('videos.bytesUsed')).toBe(0);
    await cache.call('videos.save', { video: v('i1', 'p1', 400, 'partial') });
    await cache.call('videos.save', { video: v('i2', 'p1', 1000, 'complete') });
    await cache.call('videos.save', { video: v('j1', 'p2', 250, 'partial') });
    await cache.call('videos.save', { video: v('i1', 'p1', 1000, 'complete') });
    expect(await cache.call('videos.get', { interviewId: 'i1' })).toEqual(v('i1', 'p1', 1000, 'complete'));
    expect((await cache.call('videos.list', { projectId: 'p1' })).map((x) => x.interview_id).sort()).toEqual(['i1', 'i2']);
    expect(await cache.call('videos.list', {})).toHaveLength(3);
    expect(await cache.call('videos.bytesUsed')).toBe(2250);
    await cache.call('videos.delete', { interviewId: 'i1' });
    expect(await cache.call('videos.get', { interviewId: 'i1' })).toBeNull();
    expect(await cache.call('videos.bytesUsed')).toBe(1250);
  });
});

// ---- Index use by the real queries ----

describe('query plans of the real queries', () => {
  // KNOWN BUG (fails today): pendingDetailIds (src/main/cache/queries/interviews.ts) orders by
  // completed_at, so SQLite prefers interviews_project (which avoids the sort) and walks every interview
  // of the project; the partial index interviews_pending, made for exactly this query, is never used
  // (20k interviews: ~3 ms instead of ~0.02 ms per call). The SQL below is copied from that function.
  it('pendingDetailIds uses the partial index interviews_pending', () => {
    const sql = "SELECT id FROM interviews WHERE project_id = ? AND detail_state = 'pending' ORDER BY completed_at DESC";
    const plan = (cache.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all('p1') as { detail: string }[]).map((r) => r.detail).join('\n');
    expect(plan).toMatch(/INDEX interviews_pending/);
  });
});

// ---- Two workspaces ----

describe('two workspaces never mix', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fieldwork-two-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function fill(c: Cache, tag: 'alpha' | 'beta') {
    const p = `p-${tag}`;
    const i = `i-${tag}`;
    await c.call('projects.saveList', { items: [project(p, { title: `Study ${tag}` })], syncedAt: NOW });
    await c.call('projects.saveGuide', { guide: { project_id: p, research_objective: `objective ${tag}`, source: 'created' }, now: NOW });
    await c.call('interviews.saveFullRecords', {
      projectId: p,
      items: [
        full(i, [
          ['AI', `price question ${tag}`],
          ['User', `price answer ${tag} shared words`],
        ]),
      ],
      now: NOW,
    });
    await c.call('interviews.saveLightPage', { projectId: p, items: [light(`${i}-new`)], now: NOW });
    await c.call('reports.save', { projectId: p, report: reportWith(p, [{ title: 'Price', quotes: [`price quote ${tag}`] }]), now: NOW });
    await c.call('highlights.add', { highlight: newHighlight(p, i, { tags: ['pricing', tag] }), now: NOW });
    await c.call('notes.add', { projectId: p, interviewId: i, body: `note ${tag}`, now: NOW });
    await c.call('videos.save', {
      video: { interview_id: i, project_id: p, file: `${tag}.webm`, content_type: null, bytes_total: 10, bytes_done: 10, state: 'complete', updated_at: NOW },
    });
    await c.call('sync.started', { scope: tag, now: NOW });
    await c.call('polls.save', {
      poll: { project_id: p, report_id: null, started_at: NOW, deadline_at: NOW, next_poll_at: NOW, attempts: 0, state: 'polling', last_error: null },
    });
  }

  /** Every row any list, search or get returns, flattened to the strings in it. */
  async function everything(c: Cache, other: 'alpha' | 'beta'): Promise<string> {
    const p = `p-${other}`;
    const i = `i-${other}`;
    const out: unknown[] = [
      await c.call('projects.list'),
      await c.call('projects.get', { id: p }),
      await c.call('interviews.ids', {}),
      await c.call('interviews.count', {}),
      await c.call('interviews.list', { projectId: p }),
      await c.call('interviews.get', { id: i }),
      await c.call('interviews.pendingDetailIds', { projectId: p }),
      await c.call('search.query', { query: 'price' }),
      await c.call('search.query', { query: other }),
      await c.call('search.locateQuote', { projectId: p, quote: `price answer ${other} shared words` }),
      await c.call('reports.get', { projectId: p }),
      await c.call('highlights.list', {}),
      await c.call('highlights.tags', {}),
      await c.call('notes.list', { projectId: p }),
      await c.call('videos.list', {}),
      await c.call('videos.get', { interviewId: i }),
      await c.call('polls.active'),
      await c.call('polls.get', { projectId: p }),
      await c.call('sync.state', { scope: other }),
    ];
    return JSON.stringify(out);
  }

  it('each workspace returns only its own rows from every list, search and get', async () => {
    const a = await openInProcessCache(join(dir, 'ws-a', 'cache.db'));
    const b = await openInProcessCache(join(dir, 'ws-b', 'cache.db'));
    try {
      await fill(a, 'alpha');
      await fill(b, 'beta');
      const seenFromA = await everything(a, 'beta');
      const seenFromB = await everything(b, 'alpha');
      expect(seenFromA).not.toMatch(/beta/);
      expect(seenFromB).not.toMatch(/alpha/);
      // And each does see its own data, so the check above is not vacuous.
      expect(await everything(a, 'alpha')).toMatch(/p-alpha/);
      expect((await a.call('search.query', { query: 'price' })).length).toBe(3);
      expect((await b.call('highlights.list', {})).map((h) => h.project_id)).toEqual(['p-beta']);
      expect(await a.call('interviews.count', {})).toBe(2);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
