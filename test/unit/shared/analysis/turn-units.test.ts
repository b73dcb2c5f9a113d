// Agreement per code with the transcript turn as the unit: which turns a coding overlaps (touching a boundary is
// not overlapping), which interviews are compared (only those both coders coded), the per-code vectors, and the
// statistics and disagreements of a small example worked out by hand.
import { describe, expect, it } from 'vitest';
import { cohensKappa, krippendorffAlpha, percentAgreement } from '../../../../src/shared/analysis/agreement-stats';
import { agreementByCode, buildTurnUnits, turnsOverlapped, type Coding, type InterviewTurns } from '../../../../src/shared/analysis/turn-units';

/** A coding; chars default to the whole turns. */
function coding(
  coder: string,
  interviewId: string,
  code: string,
  startTurn: number,
  endTurn = startTurn,
  startChar: number | null = null,
  endChar: number | null = null,
): Coding {
  return { interviewId, code, coder, startTurn, startChar, endTurn, endChar };
}

const bits = (v: Uint8Array) => [...v].join('');

describe('turnsOverlapped', () => {
  const lengths = [10, 20, 30, 40];

  it('takes a whole-turn coding to cover every turn of its range, both ends included', () => {
    expect(turnsOverlapped(coding('A', 'i', 'c', 1), lengths)).toEqual({ first: 1, last: 1 });
    expect(turnsOverlapped(coding('A', 'i', 'c', 0, 3), lengths)).toEqual({ first: 0, last: 3 });
    expect(turnsOverlapped(coding('A', 'i', 'c', 0, 3), 4)).toEqual({ first: 0, last: 3 });
  });

  it('takes a passage inside one turn to cover it, and an empty one to cover nothing', () => {
    expect(turnsOverlapped(coding('A', 'i', 'c', 2, 2, 3, 8), lengths)).toEqual({ first: 2, last: 2 });
    expect(turnsOverlapped(coding('A', 'i', 'c', 2, 2, 0, 1), lengths)).toEqual({ first: 2, last: 2 });
    expect(turnsOverlapped(coding('A', 'i', 'c', 2, 2, 5, 5), lengths)).toBeNull();
    expect(turnsOverlapped(coding('A', 'i', 'c', 2, 2, null, 0), lengths)).toBeNull();
    expect(turnsOverlapped(coding('A', 'i', 'c', 2, 2, 30, null), lengths)).toBeNull(); // starts at the turn's end
    expect(turnsOverlapped(coding('A', 'i', 'c', 2, 2, 29, null), lengths)).toEqual({ first: 2, last: 2 });
  });

  it('does not count a turn the coding only touches: starting at its first turn’s end, or ending at its last turn’s start', () => {
    // Turn 1 has 20 characters: starting at 20 covers none of it; at 19, its last character.
    expect(turnsOverlapped(coding('A', 'i', 'c', 1, 3, 20, 5), lengths)).toEqual({ first: 2, last: 3 });
    expect(turnsOverlapped(coding('A', 'i', 'c', 1, 3, 19, 5), lengths)).toEqual({ first: 1, last: 3 });
    // Ending at character 0 of turn 3 covers none of it; at 1, its first character.
    expect(turnsOverlapped(coding('A', 'i', 'c', 1, 3, 4, 0), lengths)).toEqual({ first: 1, last: 2 });
    expect(turnsOverlapped(coding('A', 'i', 'c', 1, 3, 4, 1), lengths)).toEqual({ first: 1, last: 3 });
    // From the end of turn 1 to the start of turn 2: only the boundary between them, no character of either.
    expect(turnsOverlapped(coding('A', 'i', 'c', 1, 2, 20, 0), lengths)).toBeNull();
  });

  it('without turn lengths, takes a coding to overlap its first turn wherever it starts in it', () => {
    expect(turnsOverlapped(coding('A', 'i', 'c', 1, 3, 20, 5), 4)).toEqual({ first: 1, last: 3 });
    expect(turnsOverlapped(coding('A', 'i', 'c', 1, 3, 4, 0), 4)).toEqual({ first: 1, last: 2 });
  });

  it('keeps to the interview’s turns: a range past the end is cut there, one wholly past it covers nothing', () => {
    expect(turnsOverlapped(coding('A', 'i', 'c', 2, 9), lengths)).toEqual({ first: 2, last: 3 });
    expect(turnsOverlapped(coding('A', 'i', 'c', 4, 6), lengths)).toBeNull();
  });

  it('refuses a coding that runs backwards', () => {
    expect(() => turnsOverlapped(coding('A', 'i1', 'price', 3, 2), lengths)).toThrow(/"price" by A in interview i1 runs from turn 3 to turn 2/);
    expect(() => turnsOverlapped(coding('A', 'i1', 'price', 2, 2, 8, 3), lengths)).toThrow(/ends \(character 3\) before it starts \(character 8\)/);
  });
});

describe('buildTurnUnits', () => {
  it('compares over the interviews both coders coded, leaving out those only one of them coded', () => {
    const interviews: InterviewTurns[] = [
      { interviewId: 'both-1', turns: 3 },
      { interviewId: 'only-a', turns: 4 },
      { interviewId: 'nobody', turns: 5 },
      { interviewId: 'both-2', turns: 2 },
      { interviewId: 'only-b', turns: 6 },
    ];
    const codings = [
      coding('A', 'both-1', 'x', 0),
      coding('B', 'both-1', 'y', 2),
      coding('A', 'only-a', 'x', 1),
      coding('C', 'only-a', 'x', 1), // a third coder does not make it shared
      coding('C', 'nobody', 'x', 1),
      coding('B', 'both-2', 'x', 1),
      coding('A', 'both-2', 'y', 0),
      coding('B', 'only-b', 'x', 0),
      coding('A', 'not-listed', 'z', 0), // an interview not given is ignored, and so is its code
      coding('B', 'not-listed', 'z', 0),
    ];
    const t = buildTurnUnits({ interviews, codings, coderA: 'A', coderB: 'B' });
    expect(t.interviews).toEqual([
      { interviewId: 'both-1', firstUnit: 0, turns: 3 },
      { interviewId: 'both-2', firstUnit: 3, turns: 2 },
    ]);
    expect(t.excluded).toEqual([
      { interviewId: 'only-a', codedBy: 'A' },
      { interviewId: 'only-b', codedBy: 'B' },
    ]);
    expect(t.units).toBe(5);
    expect(t.codes.map((c) => [c.code, bits(c.a), bits(c.b)])).toEqual([
      ['x', '10000', '00001'],
      ['y', '00010', '00100'],
    ]);
  });

  it('marks every turn a coding spans, once however many codings overlap it, and not turns a coding only touches', () => {
    const interviews: InterviewTurns[] = [{ interviewId: 'i', turns: [10, 10, 10, 10, 10, 10, 10] }];
    const codings = [
      coding('A', 'i', 'x', 1, 3, 4, 6), // turns 1–3
      coding('A', 'i', 'x', 2, 2, 0, 3), // inside turn 2 again
      coding('A', 'i', 'x', 2, 4, 5, 0), // 2–3: ends at the very start of turn 4
      coding('B', 'i', 'x', 4, 4, 0, 10), // the whole of turn 4 by characters …
      coding('B', 'i', 'x', 5, 6, 0, 0), // … and this one, touching it, starts turn 5 and only touches turn 6
      coding('B', 'i', 'x', 0, 1, 10, 3), // starts at turn 0's end: turn 1 only
    ];
    const [x] = buildTurnUnits({ interviews, codings, coderA: 'A', coderB: 'B' }).codes;
    expect(bits(x!.a)).toBe('0111000');
    expect(bits(x!.b)).toBe('0100110');
  });

  it('reports the codes asked for, in name order, and counts an interview as coded by a coding of any code', () => {
    const interviews: InterviewTurns[] = [{ interviewId: 'i', turns: 2 }];
    const codings = [coding('A', 'i', 'other', 0), coding('B', 'i', 'Price', 1)];
    const t = buildTurnUnits({ interviews, codings, coderA: 'A', coderB: 'B', codes: ['price', 'Price', 'delivery', 'price'] });
    expect(t.units).toBe(2);
    expect(t.codes.map((c) => [c.code, bits(c.a), bits(c.b)])).toEqual([
      ['delivery', '00', '00'],
      ['price', '00', '00'],
      ['Price', '00', '01'],
    ]);
  });

  it('sorts codes by name, ignoring case and reading numbers as numbers', () => {
    const interviews: InterviewTurns[] = [{ interviewId: 'i', turns: 1 }];
    const codings = ['code 10', 'Zeta', 'code 9', 'alpha'].flatMap((c) => [coding('A', 'i', c, 0), coding('B', 'i', c, 0)]);
    expect(buildTurnUnits({ interviews, codings, coderA: 'A', coderB: 'B' }).codes.map((c) => c.code)).toEqual(['alpha', 'code 9', 'code 10', 'Zeta']);
  });

  it('refuses to compare a coder with themselves, and an interview listed twice', () => {
    expect(() => buildTurnUnits({ interviews: [], codings: [], coderA: 'A', coderB: 'A' })).toThrow(/two different coders/);
    expect(() =>
      buildTurnUnits({
        interviews: [
          { interviewId: 'i', turns: 1 },
          { interviewId: 'i', turns: 2 },
        ],
        codings: [],
        coderA: 'A',
        coderB: 'B',
      }),
    ).toThrow(/listed twice/);
  });

  it('matches a turn-by-turn reading of the codings on generated data', () => {
    // The builder's difference arrays against the definition read directly: a coding covers turn t when
    // startTurn ≤ t ≤ endTurn and its characters on t, [start or 0, end or the turn's length), are not empty.
    let seed = 7; // mulberry32: the same data every run
    const rand = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) % n;
    };
    const interviews: InterviewTurns[] = Array.from({ length: 40 }, (_, i) => ({
      interviewId: `iv${i}`,
      turns: Array.from({ length: 1 + rand(12) }, () => 1 + rand(30)),
    }));
    const codes = ['a', 'b', 'c', 'd'];
    const codings: Coding[] = [];
    for (const iv of interviews) {
      const lengths = iv.turns as number[];
      for (const coder of ['A', 'B', 'C']) {
        if (rand(5) === 0) continue; // some interviews a coder never touched
        for (let n = rand(6); n > 0; n--) {
          const startTurn = rand(lengths.length);
          const endTurn = Math.min(lengths.length - 1, startTurn + rand(3));
          const startChar = rand(3) === 0 ? null : rand(lengths[startTurn]! + 1);
          let endChar = rand(3) === 0 ? null : rand(lengths[endTurn]! + 1);
          if (startTurn === endTurn && startChar !== null && endChar !== null && endChar < startChar) endChar = startChar;
          codings.push({ interviewId: iv.interviewId, code: codes[rand(codes.length)]!, coder, startTurn, startChar, endTurn, endChar });
        }
      }
    }
    const covers = (c: Coding, t: number, length: number) => {
      if (t < c.startTurn || t > c.endTurn) return false;
      const from = t === c.startTurn ? (c.startChar ?? 0) : 0;
      const to = t === c.endTurn ? (c.endChar ?? length) : length;
      return to > from;
    };
    const codedBy = (coder: string, id: string) => codings.some((c) => c.coder === coder && c.interviewId === id);
    const shared = interviews.filter((iv) => codedBy('A', iv.interviewId) && codedBy('B', iv.interviewId));
    const expected = (coder: string, code: string) =>
      shared
        .flatMap((iv) =>
          (iv.turns as number[]).map((length, t) =>
            codings.some((c) => c.coder === coder && c.code === code && c.interviewId === iv.interviewId && covers(c, t, length)) ? 1 : 0,
          ),
        )
        .join('');

    const t = buildTurnUnits({ interviews, codings, coderA: 'A', coderB: 'B' });
    expect(t.interviews.map((iv) => iv.interviewId)).toEqual(shared.map((iv) => iv.interviewId));
    expect(shared.length).toBeGreaterThan(10);
    expect(t.codes.map((c) => c.code)).toEqual(codes);
    for (const c of t.codes) {
      expect(bits(c.a), `A, ${c.code}`).toBe(expected('A', c.code));
      expect(bits(c.b), `B, ${c.code}`).toBe(expected('B', c.code));
    }
    // And the per-code statistics are those of the vectors.
    for (const r of agreementByCode({ interviews, codings, coderA: 'A', coderB: 'B' })) {
      const a = expected('A', r.code).split('');
      const b = expected('B', r.code).split('');
      expect(r.units).toBe(a.length);
      expect(r.percent.value).toBeCloseTo(percentAgreement(a, b).value!, 12);
      expect(r.kappa.value).toBeCloseTo(cohensKappa(a, b).value!, 12);
      expect(r.alpha.value).toBeCloseTo(krippendorffAlpha(a.map((x, u) => [x, b[u]!])).value!, 12);
      expect(r.disagreements.length).toBe(a.filter((x, u) => x !== b[u]).length);
    }
  });
});

describe('agreementByCode', () => {
  // Two interviews both coders coded (5 + 3 turns of 10 characters = 8 units) and one only A coded.
  const interviews: InterviewTurns[] = [
    { interviewId: 'i1', turns: [10, 10, 10, 10, 10] },
    { interviewId: 'i2', turns: [10, 10, 10] },
    { interviewId: 'i3', turns: [10, 10] },
  ];
  const codings: Coding[] = [
    // price — A: i1 turns 0–1, i2 turn 2 (a passage); B: i1 turn 1 (a passage), i1 turn 3, i2 turn 2.
    coding('A', 'i1', 'price', 0, 1),
    coding('A', 'i2', 'price', 2, 2, 0, 5),
    coding('B', 'i1', 'price', 1, 1, 2, 4),
    coding('B', 'i1', 'price', 3),
    coding('B', 'i2', 'price', 2),
    // Delivery — both on i1 turn 4 only.
    coding('A', 'i1', 'Delivery', 4),
    coding('B', 'i1', 'Delivery', 4, 4, 0, 10),
    // packaging — only A used it, and only in i3, which B never coded.
    coding('A', 'i3', 'packaging', 0, 1),
  ];
  const result = agreementByCode({ interviews, codings, coderA: 'A', coderB: 'B' });

  it('lists every code either coder used, sorted by name, each over every turn of the interviews both coded', () => {
    expect(result.map((r) => [r.code, r.units])).toEqual([
      ['Delivery', 8],
      ['packaging', 8],
      ['price', 8],
    ]);
  });

  it('gives the statistics of a code worked out by hand, and the turns where the coders differ', () => {
    // price over the 8 turns — A: i1 1 1 0 0 0, i2 0 0 1; B: i1 0 1 0 1 0, i2 0 0 1.
    // Both 2 (i1 t1, i2 t2), only A 1 (i1 t0), only B 1 (i1 t3), neither 4 → agreed 6 of 8 = 75 %.
    // κ: A says yes 3 times, B 3 times; Σ rowᵢ·colᵢ = 3·3 + 5·5 = 34; κ = (8·6 − 34) / (64 − 34) = 14/30 ≈ 0.4667.
    // α: n = 16 values, n_yes = 6, n_no = 10, 2 disagreeing pairs; α = 1 − 15·2 / (6·10) = 0.5.
    const price = result.find((r) => r.code === 'price')!;
    expect(price.percent).toEqual({ value: 75, reason: null });
    expect(price.kappa.value).toBeCloseTo(14 / 30, 12);
    expect(price.alpha.value).toBeCloseTo(0.5, 12);
    expect(price.disagreements).toEqual([
      { interviewId: 'i1', turnIndex: 0, a: true, b: false },
      { interviewId: 'i1', turnIndex: 3, a: false, b: true },
    ]);
  });

  it('gives 100 %, κ = 1 and α = 1 where the coders applied a code to the same turns', () => {
    const delivery = result.find((r) => r.code === 'Delivery')!;
    expect(delivery).toEqual({
      code: 'Delivery',
      units: 8,
      percent: { value: 100, reason: null },
      kappa: { value: 1, reason: null },
      alpha: { value: 1, reason: null },
      disagreements: [],
    });
  });

  it('says why κ and α are undefined for a code neither coder applied to any compared turn', () => {
    const packaging = result.find((r) => r.code === 'packaging')!;
    expect(packaging.percent).toEqual({ value: 100, reason: null });
    expect(packaging.kappa).toEqual({
      value: null,
      reason: 'Neither coder applied this code to any of the 8 turns compared, so chance agreement is total and κ is undefined.',
    });
    expect(packaging.alpha).toEqual({
      value: null,
      reason: 'Neither coder applied this code to any of the 8 turns compared, so there is no variation to agree on and α is undefined.',
    });
    expect(packaging.disagreements).toEqual([]);
  });

  it('says why κ and α are undefined for a code both coders applied to every compared turn', () => {
    const [r] = agreementByCode({
      interviews: [{ interviewId: 'i', turns: 3 }],
      codings: [coding('A', 'i', 'all', 0, 2), coding('B', 'i', 'all', 0), coding('B', 'i', 'all', 1, 2)],
      coderA: 'A',
      coderB: 'B',
    });
    expect(r!.kappa.reason).toBe('Both coders applied this code to every one of the 3 turns compared, so chance agreement is total and κ is undefined.');
    expect(r!.alpha.reason).toBe(
      'Both coders applied this code to every one of the 3 turns compared, so there is no variation to agree on and α is undefined.',
    );
    const [one] = agreementByCode({
      interviews: [{ interviewId: 'i', turns: 1 }],
      codings: [coding('A', 'i', 'x', 0), coding('B', 'i', 'x', 0)],
      coderA: 'A',
      coderB: 'B',
    });
    expect(one!.kappa.reason).toBe('Both coders applied this code to the one turn compared, so chance agreement is total and κ is undefined.');
  });

  it('gives every statistic as undefined when no interview was coded by both coders', () => {
    const r = agreementByCode({
      interviews,
      codings: [coding('A', 'i1', 'price', 0), coding('B', 'i2', 'price', 0)],
      coderA: 'A',
      coderB: 'B',
    });
    const reason = 'No interview was coded by both coders, so there are no turns to compare.';
    expect(r).toEqual([
      { code: 'price', units: 0, percent: { value: null, reason }, kappa: { value: null, reason }, alpha: { value: null, reason }, disagreements: [] },
    ]);
  });

  it('gives nothing when neither coder coded anything', () => {
    expect(agreementByCode({ interviews, codings: [], coderA: 'A', coderB: 'B' })).toEqual([]);
  });
});
