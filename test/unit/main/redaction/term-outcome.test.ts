// What a redacted export does with each term (term-outcome.ts), the one rule the review's words, its counts per
// interview and the export summary share: possible only when no finding of the term is sure; own terms always
// replaced; kept when the researcher kept it; a possible term replaced only once accepted.
import { describe, expect, it } from 'vitest';
import { outcomeOf, tallyInterviews, tallyTerms, termKeyOf } from '../../../../src/main/redaction/term-outcome';
import { tallyNote } from '../../../../src/main/output/summary-notes';
import type { RedactionKind } from '../../../../src/shared/redaction/kinds';

let at = 0;
const f = (kind: RedactionKind, term: string, interview_id: string | null, possible = false) => ({
  kind,
  term,
  interview_id,
  source: 'turn',
  at: String(++at),
  start: 0,
  ...(possible ? { confidence: 'possible' as const } : {}),
});
const decided = (...d: [RedactionKind, string, 'accept' | 'reject'][]) => new Map(d.map(([kind, term, x]) => [termKeyOf({ kind, term }), x]));

describe('outcomeOf', () => {
  it('replaces what is sure unless kept, a possible term only once accepted, and own terms always', () => {
    expect(outcomeOf('person', false, undefined)).toBe('replaced');
    expect(outcomeOf('person', false, 'reject')).toBe('kept');
    expect(outcomeOf('person', true, undefined)).toBe('possible');
    expect(outcomeOf('handle', true, 'accept')).toBe('replaced');
    expect(outcomeOf('id', true, 'reject')).toBe('kept');
    expect(outcomeOf('custom', false, 'reject')).toBe('replaced');
  });
});

describe('tallyTerms', () => {
  const findings = [
    f('person', 'joan', 'a'),
    f('person', 'joan', 'b'),
    f('person', 'sunny', 'a', true),
    // Possible here, sure there: replaced everywhere, so not possible.
    f('handle', '@mk', 'a', true),
    f('handle', '@mk', 'b'),
    f('id', '9434765919', 'b', true),
    f('url', 'www.x.com', null),
  ];
  it('counts distinct terms: replaced, kept by choice, possible never decided', () => {
    expect(tallyTerms(findings, decided())).toEqual({ replaced: 3, kept: 0, possible_undecided: 2 });
    expect(tallyTerms(findings, decided(['person', 'sunny', 'accept'], ['url', 'www.x.com', 'reject']))).toEqual({
      replaced: 3,
      kept: 1,
      possible_undecided: 1,
    });
  });
});

describe('tallyInterviews', () => {
  it('counts places per interview (quotes in none), and hashes what was found, not what was decided', () => {
    const findings = [
      f('person', 'joan', 'a'),
      f('person', 'sunny', 'a', true),
      f('person', 'sunny', 'a', true),
      f('person', 'joan', 'b'),
      f('url', 'x', null),
    ];
    const t = tallyInterviews(findings, decided());
    expect([...t.keys()]).toEqual(['a', 'b']);
    expect(t.get('a')).toMatchObject({ replaced: 1, possible_undecided: 2, kept: 0, findings: 3 });
    expect(t.get('b')).toMatchObject({ replaced: 1, possible_undecided: 0, kept: 0, findings: 1 });
    const kept = tallyInterviews(findings, decided(['person', 'joan', 'reject'], ['person', 'sunny', 'accept']));
    expect(kept.get('a')).toMatchObject({ replaced: 2, possible_undecided: 0, kept: 1 });
    // A decision changes the counts, not the hash; a new finding changes the hash.
    expect(kept.get('a')!.hash).toBe(t.get('a')!.hash);
    const more = tallyInterviews([...findings, f('email', 'x@y.z', 'a')], decided());
    expect(more.get('a')!.hash).not.toBe(t.get('a')!.hash);
    expect(more.get('b')!.hash).toBe(t.get('b')!.hash);
  });
});

describe('tallyNote', () => {
  it('says how many terms were replaced, kept by choice and left undecided', () => {
    expect(tallyNote({ replaced: 38, kept: 3, possible_undecided: 1 })).toBe(
      'Of 42 terms found, 38 replaced, 3 kept as written by your choice, and 1 possible term never decided, so left as written (decide it in Analysis → Redaction).',
    );
    expect(tallyNote({ replaced: 1, kept: 5, possible_undecided: 2 })).toMatch(
      /^Of 8 terms found, 1 replaced, 5 kept .* and 2 possible terms never decided, .*decide them/,
    );
    expect(tallyNote({ replaced: 1, kept: 0, possible_undecided: 0 })).toBe(
      'Of 1 term found, 1 replaced, 0 kept as written by your choice, and no possible term left undecided.',
    );
  });
});
