// The Redaction view's page: findings grouped by kind and term, filtered, counted and paged, with the
// decisions as they are now and a few places each, preferring different interviews.
import { describe, expect, it } from 'vitest';
import { groupFindings, reviewPage } from '../../../../src/main/redaction/review-page';
import type { RedactionDecisionView, RedactionFindingView } from '../../../../src/shared/ipc/channels/redaction';
import type { RedactionKind } from '../../../../src/shared/redaction/kinds';

let n = 0;
const finding = (kind: RedactionKind, text: string, interview_id: string | null, extra: Partial<RedactionFindingView> = {}): RedactionFindingView => ({
  interview_id,
  kind,
  text,
  start_ms: interview_id ? 1000 * ++n : null,
  suggested: kind === 'participant' ? 'P01' : kind === 'person' ? '[Person A]' : `[${kind}]`,
  source: interview_id ? 'turn' : 'quote',
  at: String(n),
  term: text.toLowerCase(),
  before: `before ${n} `,
  after: ` after ${n}`,
  decision: null,
  confidence: 'sure',
  reason: null,
  ...extra,
});
const decision = (kind: RedactionKind, term: string, d: 'accept' | 'reject'): RedactionDecisionView => ({
  kind,
  term,
  decision: d,
  decided_at: '2026-11-26T10:00:00Z',
});
const numbers = new Map([
  ['iv-a', 1],
  ['iv-b', 2],
  ['iv-c', 3],
]);
const scan = (findings: RedactionFindingView[]) => ({ findings, interviews: 3, warning: null });
const page = (findings: RedactionFindingView[], filter: Parameters<typeof reviewPage>[3], decisions: RedactionDecisionView[] = []) =>
  reviewPage(scan(findings), decisions, numbers, filter);

const STUDY = [
  finding('participant', 'Amara', 'iv-a'),
  finding('participant', 'Amara', 'iv-a'),
  finding('participant', 'amara', 'iv-a'),
  finding('participant', 'Amara', 'iv-b'),
  finding('participant', 'Amara', null),
  finding('person', 'Joan Baptiste', 'iv-b'),
  finding('person', 'Joan Baptiste', 'iv-c'),
  finding('email', 'amara@example.com', 'iv-a', { source: 'field', at: 'email', start_ms: null }),
  finding('url', 'www.tomcooks.com', 'iv-c'),
  finding('custom', 'Acme', 'iv-c'),
];

describe('reviewPage', () => {
  it('groups by kind and term, counts occurrences and distinct interviews, participants first then the most found', () => {
    const p = page(STUDY, { offset: 0, limit: 100 });
    expect(p.terms.map((t) => [t.kind, t.term, t.count, t.interviews])).toEqual([
      ['participant', 'amara', 5, 2],
      ['person', 'joan baptiste', 2, 2],
      ['email', 'amara@example.com', 1, 1],
      ['url', 'www.tomcooks.com', 1, 1],
      ['custom', 'acme', 1, 1],
    ]);
    expect(p).toMatchObject({ total_terms: 5, all_terms: 5, interviews: 3, interviews_with_findings: 3, warning: null });
    expect(p.counts_by_kind).toEqual({
      participant: 1,
      person: 1,
      email: 1,
      phone: 0,
      url: 1,
      postcode: 0,
      number: 0,
      custom: 1,
      address: 0,
      dob: 0,
      id: 0,
      handle: 0,
    });
    expect(p.terms[0]).toMatchObject({ text: 'Amara', suggested: 'P01', decision: null });
  });

  it('shows up to 3 places, one per interview first, each labelled by the interview’s participant code (a quote: Report)', () => {
    const amara = page(STUDY, { offset: 0, limit: 100 }).terms[0]!;
    expect(amara.examples.map((e) => e.interview_label)).toEqual(['P01', 'P02', 'Report']);
    expect(amara.examples[0]).toEqual({
      interview_id: 'iv-a',
      interview_label: 'P01',
      start_ms: STUDY[0]!.start_ms,
      source: 'turn',
      at: STUDY[0]!.at,
      before: STUDY[0]!.before,
      text: 'Amara',
      after: STUDY[0]!.after,
    });
    // A term found in one interview only is topped up from its other places there.
    const once = page(
      [finding('phone', '0770', 'iv-a'), finding('phone', '0770', 'iv-a'), finding('phone', '0770', 'iv-a'), finding('phone', '0770', 'iv-a')],
      {
        offset: 0,
        limit: 10,
      },
    ).terms[0]!;
    expect(once.examples).toHaveLength(3);
    expect(new Set(once.examples.map((e) => e.start_ms)).size).toBe(3);
    // The same place found twice (a name field) is shown once.
    const field = finding('participant', 'Amara Okafor', 'iv-a', { source: 'field', at: 'name', start_ms: null, before: '', after: '' });
    const twice = page([field, { ...field }], { offset: 0, limit: 10 }).terms[0]!;
    expect(twice).toMatchObject({ count: 2, interviews: 1 });
    expect(twice.examples).toHaveLength(1);
    const email = page(STUDY, { offset: 0, limit: 100, kind: 'email' }).terms[0]!;
    expect(email.examples[0]!.interview_label).toBe('P01 · participant’s email');
  });

  it('takes decisions as they are now over what the scan recorded', () => {
    const stale = STUDY.map((f) => (f.kind === 'url' ? { ...f, decision: 'reject' as const } : f));
    const p = page(stale, { offset: 0, limit: 100 }, [decision('person', 'joan baptiste', 'reject'), decision('participant', 'amara', 'accept')]);
    expect(Object.fromEntries(p.terms.map((t) => [t.term, t.decision]))).toEqual({
      amara: 'accept',
      'joan baptiste': 'reject',
      'amara@example.com': null,
      'www.tomcooks.com': null,
      acme: null,
    });
    expect(p.counts_by_decision).toEqual({ accept: 1, reject: 1, undecided: 3 });
  });

  it('filters by kind, decision and text; each filter’s counts ignore that filter but keep the others', () => {
    const decisions = [decision('person', 'joan baptiste', 'reject')];
    const people = page(STUDY, { offset: 0, limit: 100, kind: 'person' }, decisions);
    expect(people.terms.map((t) => t.term)).toEqual(['joan baptiste']);
    expect(people.total_terms).toBe(1);
    expect(people.counts_by_kind.participant).toBe(1); // chips still count other kinds
    expect(people.counts_by_decision).toEqual({ accept: 0, reject: 1, undecided: 0 });

    const toReview = page(STUDY, { offset: 0, limit: 100, decision: 'undecided' }, decisions);
    expect(toReview.terms.map((t) => t.term)).toEqual(['amara', 'amara@example.com', 'www.tomcooks.com', 'acme']);
    expect(toReview.counts_by_kind.person).toBe(0);
    expect(toReview.counts_by_decision).toEqual({ accept: 0, reject: 1, undecided: 4 });

    expect(page(STUDY, { offset: 0, limit: 100, query: ' AMARA ' }, decisions).terms.map((t) => t.term)).toEqual(['amara', 'amara@example.com']);
    // The pseudonym is searched too.
    expect(page(STUDY, { offset: 0, limit: 100, query: 'person a' }, decisions).terms.map((t) => t.term)).toEqual(['joan baptiste']);
    const none = page(STUDY, { offset: 0, limit: 100, query: 'zzz' }, decisions);
    expect(none).toMatchObject({ terms: [], total_terms: 0, all_terms: 5 });
  });

  it('pages: offset and limit over the filtered, ordered terms; the totals do not change with the page', () => {
    const many = Array.from({ length: 250 }, (_, i) => finding('number', `1234567${String(i).padStart(3, '0')}`, `iv-${'abc'[i % 3]}`));
    const first = page(many, { offset: 0, limit: 200 });
    const second = page(many, { offset: 200, limit: 200 });
    expect(first.terms).toHaveLength(200);
    expect(second.terms).toHaveLength(50);
    expect(first.total_terms).toBe(250);
    expect(second.total_terms).toBe(250);
    expect(new Set([...first.terms, ...second.terms].map((t) => t.term)).size).toBe(250);
    expect(page(many, { offset: 300, limit: 200 }).terms).toEqual([]);
  });

  it('a large study reduces to its distinct terms (the payload is bounded by the page, not the findings)', () => {
    const findings = Array.from({ length: 50_000 }, (_, i) =>
      finding(i % 2 ? 'participant' : 'email', i % 2 ? `Name${(i >> 1) % 40}` : `a${(i >> 1) % 60}@x.org`, `iv-${'abc'[i % 3]}`),
    );
    const p = page(findings, { offset: 0, limit: 100 });
    expect(p.all_terms).toBe(40 + 60);
    expect(p.terms.reduce((s, t) => s + t.count, 0)).toBe(50_000);
    expect(p.terms.every((t) => t.examples.length <= 3)).toBe(true);
    expect(JSON.stringify(p).length).toBeLessThan(100_000);
  });

  it('groupFindings keeps the warning-free shape: one group per kind and term, whatever the case of the text', () => {
    const groups = groupFindings([finding('person', 'Joan', 'iv-a'), finding('person', 'JOAN', 'iv-b', { term: 'joan' })], []);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ text: 'Joan', count: 2, interviews: 2 });
  });
});

describe('possible terms (issue 21 §2)', () => {
  const maybe = (kind: RedactionKind, text: string, iv: string | null, reason: string) => finding(kind, text, iv, { confidence: 'possible', reason });
  const FINDINGS = [
    ...STUDY,
    maybe('number', '12345678', 'iv-a', 'a long number'),
    maybe('number', '12345678', 'iv-b', 'a long number'),
    maybe('number', '12345678', 'iv-c', 'a long number'),
    maybe('handle', '@sunny', 'iv-a', '@word with no platform named'),
    maybe('person', 'Florence', 'iv-a', 'next to a place or brand word'),
    maybe('person', 'Sunny', 'iv-a', 'also an ordinary word'),
    maybe('person', 'Sunny', 'iv-a', 'also an ordinary word'),
    maybe('person', 'Pat', 'iv-b', 'also an ordinary word'),
    maybe('person', 'Pat', 'iv-c', 'also an ordinary word'),
    // Possible here, sure elsewhere: replaced everywhere, so not possible.
    maybe('person', 'Joan Baptiste', 'iv-a', 'next to a place or brand word'),
  ];

  it('marks a term possible, with its reason, only when no finding of it is sure', () => {
    const all = page(FINDINGS, { offset: 0, limit: 100 }).terms;
    const of = (term: string) => all.find((t) => t.term === term)!;
    expect(of('joan baptiste')).toMatchObject({ possible: false, reason: null, count: 3 });
    expect(of('amara')).toMatchObject({ possible: false, reason: null });
    expect(of('sunny')).toMatchObject({ possible: true, reason: 'also an ordinary word', count: 2 });
    expect(of('@sunny')).toMatchObject({ possible: true, reason: '@word with no platform named' });
  });

  it('filters to the possible ones, most at risk first: names before handles before numbers, then more interviews, then more mentions', () => {
    const p = page(FINDINGS, { offset: 0, limit: 100, possible: true });
    expect(p.terms.map((t) => t.term)).toEqual(['pat', 'sunny', 'florence', '@sunny', '12345678']);
    expect(p.total_terms).toBe(5);
    expect(page(FINDINGS, { offset: 0, limit: 100 }).possible_terms).toBe(5);
    // Its count follows the other filters; the other filters' counts follow it.
    expect(page(FINDINGS, { offset: 0, limit: 100, kind: 'person' }).possible_terms).toBe(3);
    expect(p.counts_by_kind).toMatchObject({ person: 3, handle: 1, number: 1, participant: 0 });
    const decided = page(FINDINGS, { offset: 0, limit: 100, possible: true, decision: 'undecided' }, [decision('person', 'pat', 'accept')]);
    expect(decided.terms.map((t) => t.term)).toEqual(['sunny', 'florence', '@sunny', '12345678']);
  });
});
