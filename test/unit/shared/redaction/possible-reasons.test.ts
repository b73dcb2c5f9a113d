// Every 'possible' span says why the detector was unsure (issue 21 §2), with the reason of the rule that decided
// it, for the review to show beside the term; a sure span carries none that matters (the scan keeps a reason only
// with 'possible').
import { describe, expect, it } from 'vitest';
import { detectPatterns, detectPeople, resolveOverlaps, type Span } from '../../../../src/shared/redaction/detect';
import { WHY } from '../../../../src/shared/redaction/possible-reasons';

const possibleOf = (spans: Span[]) => spans.filter((s) => s.confidence === 'possible').map((s) => [s.kind, s.text, s.reason]);
const shapes = (s: string) => possibleOf(resolveOverlaps(detectPatterns(s)));

describe('reasons of the contact detectors', () => {
  it.each([
    ['message @sunny_d later', 'handle', '@sunny_d', WHY.atNoPlatform],
    ['my IG is sunnydays', 'handle', 'sunnydays', WHY.plainHandle],
    ['it’s 943 476 5919 on the letter', 'id', '943 476 5919', WHY.idNoLabel],
    ['Born March 3rd, 1988, in Leeds', 'dob', 'March 3rd, 1988', WHY.bornNoPerson],
    ['my address is 9 Oakwood, Harrogate HG1 2AB', 'address', '9 Oakwood, Harrogate HG1 2AB', WHY.streetNoType],
  ])('%s', (text, kind, value, reason) => {
    expect(shapes(text)).toEqual([[kind, value, reason]]);
  });

  it('gives a sure span no possible reason', () => {
    const spans = resolveOverlaps(detectPatterns('message @sunny_d on instagram, NHS number 943 476 5919'));
    expect(spans.filter((s) => s.kind === 'handle' || s.kind === 'id').map((s) => [s.kind, s.confidence ?? 'sure'])).toEqual([
      ['handle', 'sure'],
      ['id', 'sure'],
    ]);
  });
});

describe('reasons of the name detectors', () => {
  it('says a name in a place’s position is next to a place word', () => {
    expect(possibleOf(detectPeople('We moved to Florence last year.'))).toEqual([['person', 'Florence', WHY.placeOrThing]]);
  });

  it('gives every possible name one of the rules’ reasons', () => {
    const texts = [
      'We moved to Florence last year.',
      'Then Sunny came round with the kids.',
      'We ate at Nando’s and then Rich said hello.',
      'Kemi was there, and a Ferrari outside.',
      'Honestly, Zubair was the one who called.',
      'Wahala dey, my guy.',
      'she signed it Ελένη at the end',
      'Lucky laughed at that.',
    ];
    const reasons = new Set<string>(Object.values(WHY));
    const all = texts.flatMap((t) => possibleOf(detectPeople(t)));
    expect(all.length).toBeGreaterThan(1);
    for (const [, text, reason] of all) expect([text, reasons.has(reason!)]).toEqual([text, true]);
  });
});
