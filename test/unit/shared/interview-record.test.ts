// Interview records as the spec describes them (GET /v1/projects/{project_id}/interviews), read
// tolerantly: unknown statuses degrade, unknown fields drop, open maps stay prototype-safe.
import { describe, it, expect, afterEach } from 'vitest';
import { interviewRecord, interviewsPage, normaliseParticipant, normaliseScreener } from '../../../src/shared/schemas/interview';

const ID = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';

function parse(raw: unknown) {
  return interviewRecord.parse(raw);
}

afterEach(() => {
  // If a test ever pollutes Object.prototype, do not let it leak into the next one.
  delete (Object.prototype as Record<string, unknown>).polluted;
});

describe('interviewRecord: the record itself', () => {
  it('parses a minimal record, filling every optional field with null', () => {
    expect(parse({ id: ID, status: 'COMPLETE' })).toEqual({
      id: ID,
      status: 'COMPLETE',
      completed_at: null,
      duration_minutes: null,
      video_url: null,
      video_url_expires_at: null,
      thumbnail_url: null,
      participant: null,
      transcript: undefined,
      screener: undefined,
    });
  });

  it('parses a full record as the spec shows it', () => {
    const spec = {
      id: ID,
      status: 'COMPLETE',
      completed_at: '2025-03-01T10:00:00Z',
      duration_minutes: 14,
      video_url: 'https://cdn.example.com/v.webm?sig=abc',
      video_url_expires_at: '2025-03-02T10:00:00Z',
      thumbnail_url: 'https://cdn.example.com/t.jpg',
      participant: { name: 'Ada Lovelace', email: 'ada@example.com' },
    };
    // A fresh copy in: the expectation must not be the very object parse was handed.
    expect(parse(structuredClone(spec))).toMatchObject(spec);
  });

  it.each([
    ['STARTED', 'STARTED'],
    ['INCOMPLETE', 'INCOMPLETE'],
    ['complete', 'COMPLETE'],
    ['ABANDONED', 'unknown'],
    [null, 'unknown'],
    [7, 'unknown'],
  ])('reads status %j as %s without throwing', (status, expected) => {
    expect(parse({ id: ID, status }).status).toBe(expected);
  });

  it('treats an omitted status as unknown instead of failing the record', () => {
    // tolerantEnum's contract: a status the client cannot read degrades to "unknown", never a throw.
    expect(parse({ id: ID }).status).toBe('unknown');
  });

  it('rejects a record without an id', () => {
    expect(interviewRecord.safeParse({ status: 'COMPLETE' }).success).toBe(false);
    expect(interviewRecord.safeParse({ id: '', status: 'COMPLETE' }).success).toBe(false);
  });

  it('drops fields the spec does not define', () => {
    const r = parse({ id: ID, status: 'COMPLETE', secret_internal: 'x', score: 9 });
    expect(r).not.toHaveProperty('secret_internal');
    expect(r).not.toHaveProperty('score');
    expect(Object.keys(r).sort()).toEqual(
      [
        'completed_at',
        'duration_minutes',
        'id',
        'participant',
        'screener',
        'status',
        'thumbnail_url',
        'transcript',
        'video_url',
        'video_url_expires_at',
      ].sort(),
    );
  });

  it('reads duration_minutes sent as a numeric string', () => {
    expect(parse({ id: ID, status: 'COMPLETE', duration_minutes: '12' }).duration_minutes).toBe(12);
    expect(parse({ id: ID, status: 'COMPLETE', duration_minutes: 'long' }).duration_minutes).toBeNull();
  });

  it('keeps null fields as null', () => {
    const r = parse({ id: ID, status: 'STARTED', completed_at: null, video_url: null, duration_minutes: null });
    expect(r.completed_at).toBeNull();
    expect(r.video_url).toBeNull();
    expect(r.duration_minutes).toBeNull();
  });
});

describe('interviewRecord: transcript and screener presence', () => {
  it('is undefined when not requested (field absent) and null when requested but empty', () => {
    const absent = parse({ id: ID, status: 'COMPLETE' });
    expect(absent.transcript).toBeUndefined();
    expect(absent.screener).toBeUndefined();
    const nulls = parse({ id: ID, status: 'COMPLETE', transcript: null, screener: null });
    expect(nulls.transcript).toBeNull();
    expect(nulls.screener).toBeNull();
  });

  it('normalises a present transcript, judging the unit by the record’s duration', () => {
    const r = parse({
      id: ID,
      status: 'COMPLETE',
      duration_minutes: 1,
      transcript: [
        { role: 'AI', text: 'Hi', start: 0, end: 2000 },
        { role: 'User', text: 'Hello', start: 2500, end: 4000 },
      ],
    });
    // A 1-minute recording: integers up to 4000 can only be milliseconds.
    expect(r.transcript).toEqual([
      { index: 0, role: 'AI', text: 'Hi', start_ms: 0, end_ms: 2000 },
      { index: 1, role: 'User', text: 'Hello', start_ms: 2500, end_ms: 4000 },
    ]);
  });

  it('gives an empty transcript as an empty list', () => {
    expect(parse({ id: ID, status: 'COMPLETE', transcript: [] }).transcript).toEqual([]);
  });
});

describe('participant: an open map', () => {
  it('extracts name and email and keeps custom fields', () => {
    const p = normaliseParticipant({ name: 'Ada', email: 'ada@example.com', company: 'Analytical Engines', age: 36, vip: true });
    expect(p).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      fields: { name: 'Ada', email: 'ada@example.com', company: 'Analytical Engines', age: 36, vip: true },
    });
  });

  it('joins first_name and last_name when there is no name', () => {
    expect(normaliseParticipant({ first_name: 'Ada', last_name: 'Lovelace' })?.name).toBe('Ada Lovelace');
    expect(normaliseParticipant({ firstName: 'Grace', lastName: 'Hopper' })?.name).toBe('Grace Hopper');
    expect(normaliseParticipant({ first_name: 'Ada' })?.name).toBe('Ada');
    expect(normaliseParticipant({ last_name: 'Lovelace' })?.name).toBe('Lovelace');
  });

  it('prefers a full name over first/last, and reads alternative email spellings', () => {
    expect(normaliseParticipant({ name: 'A. L.', first_name: 'Ada', last_name: 'Lovelace' })?.name).toBe('A. L.');
    expect(normaliseParticipant({ full_name: 'Ada Lovelace' })?.name).toBe('Ada Lovelace');
    expect(normaliseParticipant({ email_address: 'ada@example.com' })?.email).toBe('ada@example.com');
  });

  it('gives null name and email when they are absent, empty or not strings', () => {
    expect(normaliseParticipant({ company: 'x' })).toMatchObject({ name: null, email: null });
    expect(normaliseParticipant({ name: '', email: '' })).toMatchObject({ name: null, email: null });
    expect(normaliseParticipant({ name: 42, email: false })).toMatchObject({ name: null, email: null });
  });

  it('turns nested objects and arrays into JSON text and undefined into null', () => {
    const p = normaliseParticipant({ name: 'Ada', address: { city: 'London', zip: 'N1' }, tags: ['a', 'b'], missing: undefined, none: null });
    expect(p?.fields.address).toBe('{"city":"London","zip":"N1"}');
    expect(p?.fields.tags).toBe('["a","b"]');
    expect(p?.fields.missing).toBeNull();
    expect(p?.fields.none).toBeNull();
  });

  it.each([[null], [undefined], ['Ada'], [42], [['Ada']]])('is null for a non-object participant (%j)', (raw) => {
    expect(normaliseParticipant(raw)).toBeNull();
    expect(parse({ id: ID, status: 'COMPLETE', participant: raw }).participant).toBeNull();
  });

  it('drops prototype-poisoning keys and leaves Object.prototype untouched', () => {
    const raw: unknown = JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"prototype":{"polluted":1},"name":"x"}');
    const p = normaliseParticipant(raw);
    expect(p?.name).toBe('x');
    expect(Object.keys(p?.fields ?? {})).toEqual(['name']);
    expect(Object.prototype.hasOwnProperty.call(p?.fields, '__proto__')).toBe(false);
    expect(Object.getPrototypeOf(p?.fields)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('stays prototype-safe when the poisoned participant arrives inside a record and a page', () => {
    const page = interviewsPage.parse(
      JSON.parse(
        `{"items":[{"id":"${ID}","status":"COMPLETE","__proto__":{"polluted":1},"participant":{"__proto__":{"polluted":1},"name":"x"}}],` +
          '"total":1,"page":1,"limit":20,"has_more":false,"__proto__":{"polluted":1}}',
      ),
    );
    const item = page.items[0];
    expect(item?.participant?.name).toBe('x');
    expect(item?.participant?.fields).toEqual({ name: 'x' });
    expect(item).not.toHaveProperty('polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('screener', () => {
  it('reads approved, a questions map of {text} objects and the answers map', () => {
    const s = normaliseScreener({
      approved: true,
      questions: { q1: { text: 'Do you cook at home?' }, q2: { text: 'Which meal kits have you used?' } },
      answers: { q1: 'Yes', q2: ['HelloFresh', 'Gousto'] },
    });
    expect(s).toEqual({
      approved: true,
      items: [
        { id: 'q1', text: 'Do you cook at home?', answer: 'Yes' },
        { id: 'q2', text: 'Which meal kits have you used?', answer: 'HelloFresh, Gousto' },
      ],
    });
  });

  it('accepts plain string question values', () => {
    const s = normaliseScreener({ approved: false, questions: { q1: 'Age?' }, answers: { q1: 34 } });
    expect(s).toEqual({ approved: false, items: [{ id: 'q1', text: 'Age?', answer: '34' }] });
  });

  it('falls back to the question id when there is no text, and to null when there is no answer', () => {
    const s = normaliseScreener({ approved: true, questions: { q1: {}, q2: { text: 'Why?' } }, answers: { q1: true, q3: 'orphan' } });
    expect(s?.items).toEqual([
      { id: 'q1', text: 'q1', answer: 'true' },
      { id: 'q2', text: 'Why?', answer: null },
      { id: 'q3', text: 'q3', answer: 'orphan' },
    ]);
  });

  it('turns object answers into JSON text', () => {
    const s = normaliseScreener({ questions: { q1: { text: 'Address?' } }, answers: { q1: { city: 'Leeds' } } });
    expect(s?.items[0]?.answer).toBe('{"city":"Leeds"}');
  });

  it.each([
    [true, true],
    [false, false],
    ['true', true],
    ['false', false],
    ['yes', null],
    [undefined, null],
    [null, null],
  ])('reads approved %j as %j', (approved, expected) => {
    expect(normaliseScreener({ approved, questions: {}, answers: {} })?.approved).toBe(expected);
  });

  it('is null for a null screener, and for non-object screeners', () => {
    expect(normaliseScreener(null)).toBeNull();
    expect(normaliseScreener('x')).toBeNull();
    expect(normaliseScreener([])).toBeNull();
    expect(parse({ id: ID, status: 'COMPLETE', screener: null }).screener).toBeNull();
  });

  it('tolerates missing or malformed questions and answers maps', () => {
    expect(normaliseScreener({ approved: true })).toEqual({ approved: true, items: [] });
    expect(normaliseScreener({ approved: true, questions: ['a'], answers: 'x' })).toEqual({ approved: true, items: [] });
  });

  it('drops prototype-poisoning keys from the questions and answers maps', () => {
    const raw: unknown = JSON.parse(
      '{"approved":true,"questions":{"__proto__":{"text":"evil"},"q1":{"text":"Ok?"}},"answers":{"__proto__":"x","constructor":"y","q1":"yes"}}',
    );
    const s = normaliseScreener(raw);
    expect(s?.items).toEqual([{ id: 'q1', text: 'Ok?', answer: 'yes' }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('does not read answers from Object.prototype for question ids such as "toString"', () => {
    // The spec does not show the form of screener question ids; an unanswered question must read as
    // unanswered, not as the source text of a built-in function.
    const s = normaliseScreener({ approved: true, questions: { toString: { text: 'Q?' }, valueOf: 'V?' }, answers: {} });
    expect(s?.items).toEqual([
      { id: 'toString', text: 'Q?', answer: null },
      { id: 'valueOf', text: 'V?', answer: null },
    ]);
  });

  it('is normalised inside a record', () => {
    const r = parse({
      id: ID,
      status: 'COMPLETE',
      screener: { approved: 'true', questions: { a: { text: 'Pets?' } }, answers: { a: ['cat', 'dog'] } },
    });
    expect(r.screener).toEqual({ approved: true, items: [{ id: 'a', text: 'Pets?', answer: 'cat, dog' }] });
  });
});

describe('interviewsPage', () => {
  const page = (extra: Record<string, unknown>) => ({
    items: [{ id: ID, status: 'COMPLETE' }],
    total: 1,
    page: 1,
    limit: 20,
    ...extra,
  });

  it.each([
    [true, true],
    ['true', true],
    [false, false],
    ['false', false],
    [undefined, false],
    [1, false],
  ])('reads has_more %j as %j', (hasMore, expected) => {
    expect(interviewsPage.parse(page({ has_more: hasMore })).has_more).toBe(expected);
  });

  it('reads numeric strings for total, page and limit', () => {
    const p = interviewsPage.parse(page({ total: '41', page: '3', limit: '20', has_more: 'true' }));
    expect(p).toMatchObject({ total: 41, page: 3, limit: 20, has_more: true });
  });

  it('parses every item as an interview record', () => {
    const p = interviewsPage.parse(
      page({
        items: [
          { id: 'a', status: 'COMPLETE', transcript: [{ role: 'AI', text: 'Hi', start: 0.5 }] },
          { id: 'b', status: 'NEW_STATUS' },
        ],
        has_more: false,
      }),
    );
    expect(p.items.map((i) => i.id)).toEqual(['a', 'b']);
    expect(p.items[0]?.transcript).toEqual([{ index: 0, role: 'AI', text: 'Hi', start_ms: 500, end_ms: null }]);
    expect(p.items[1]?.status).toBe('unknown');
    expect(p.items[1]?.transcript).toBeUndefined();
  });

  it('reads an omitted has_more, total, page and limit without failing the page', () => {
    expect(interviewsPage.parse({ items: [] })).toEqual({ items: [], total: null, page: null, limit: null, has_more: false, rejected: 0 });
  });

  it('rejects a page whose items is not an array', () => {
    expect(interviewsPage.safeParse({ items: null, total: 0, page: 1, limit: 20, has_more: false }).success).toBe(false);
  });
});

describe('participant name and email come only from real strings', () => {
  it('an object in the email field stays a custom field and is not taken for the email', () => {
    const p = normaliseParticipant({ name: 'Ada', email: { address: 'x@example.com' } });
    expect(p?.email).toBeNull();
    expect(p?.fields.email).toBe('{"address":"x@example.com"}');
  });
});
