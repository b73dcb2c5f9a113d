// Percent agreement, Cohen's κ and Krippendorff's α (nominal), checked against worked examples whose values
// are published (the source is named at each), and, where a source gives the data but not the figure, against
// a derivation by hand written out in the comment. Never against this module's own output.
import { describe, expect, it } from 'vitest';
import {
  binaryTable,
  cohensKappa,
  cohensKappaOf,
  crossTabulate,
  krippendorffAlpha,
  krippendorffAlphaOf,
  percentAgreement,
  percentAgreementOf,
  summarizeAgreement,
  type Label,
} from '../../../../src/shared/analysis/agreement-stats';

/** Two coders' labels from the cells of a cross table: [labelA, labelB, how many units]. */
function fromCells(cells: [Label, Label, number][]): { a: Label[]; b: Label[] } {
  const a: Label[] = [];
  const b: Label[] = [];
  for (const [x, y, n] of cells)
    for (let i = 0; i < n; i++) {
      a.push(x);
      b.push(y);
    }
  return { a, b };
}

/** A coders × units table as printed in Krippendorff's papers ('*' or '.' for a missing value), turned units × coders. */
function reliabilityData(rows: string[]): (number | null)[][] {
  const byCoder = rows.map((r) =>
    r
      .trim()
      .split(/\s+/)
      .map((v) => (v === '*' || v === '.' ? null : Number(v))),
  );
  return byCoder[0]!.map((_, u) => byCoder.map((coder) => coder[u]!));
}

describe("Cohen's κ against textbook tables", () => {
  it('gives κ = 0.4 for the grant-proposal table (Wikipedia, "Cohen\'s kappa", first worked example)', () => {
    // Source: https://en.wikipedia.org/wiki/Cohen%27s_kappa, "Simple example": 50 grant proposals, readers A and B.
    // Yes/Yes 20, A Yes/B No 5, A No/B Yes 10, No/No 15. The article gives p_o = (20 + 15) / 50 = 0.7,
    // p_e = 0.5 · 0.6 + 0.5 · 0.4 = 0.5 (A says Yes 25 times, B 30 times) and κ = (0.7 − 0.5) / (1 − 0.5) = 0.4.
    const { a, b } = fromCells([
      ['Yes', 'Yes', 20],
      ['Yes', 'No', 5],
      ['No', 'Yes', 10],
      ['No', 'No', 15],
    ]);
    expect(percentAgreement(a, b)).toEqual({ value: 70, reason: null });
    expect(cohensKappa(a, b).value).toBeCloseTo(0.4, 12);
    // The same table given as the four counts of a yes/no code.
    const t = binaryTable({ both: 20, onlyA: 5, onlyB: 10, neither: 15 });
    expect(t.units).toBe(50);
    expect(percentAgreementOf(t).value).toBeCloseTo(70, 12);
    expect(cohensKappaOf(t).value).toBeCloseTo(0.4, 12);
  });

  it('gives κ ≈ 0.1304 and κ ≈ 0.2593 for two tables with the same 60 % agreement (Wikipedia, "Same percentages but different numbers")', () => {
    // Source: https://en.wikipedia.org/wiki/Cohen%27s_kappa, "Same percentages but different numbers": 100 items each.
    // Table 1: Yes/Yes 45, Yes/No 15, No/Yes 25, No/No 15 → p_o = 0.60, p_e = 0.60·0.70 + 0.40·0.30 = 0.54,
    //   κ = 0.06 / 0.46 = 0.1304.
    // Table 2: Yes/Yes 25, Yes/No 35, No/Yes 5, No/No 35 → p_o = 0.60, p_e = 0.60·0.30 + 0.40·0.70 = 0.46,
    //   κ = 0.14 / 0.54 = 0.2593.
    const first = fromCells([
      ['Yes', 'Yes', 45],
      ['Yes', 'No', 15],
      ['No', 'Yes', 25],
      ['No', 'No', 15],
    ]);
    const second = fromCells([
      ['Yes', 'Yes', 25],
      ['Yes', 'No', 35],
      ['No', 'Yes', 5],
      ['No', 'No', 35],
    ]);
    expect(percentAgreement(first.a, first.b).value).toBeCloseTo(60, 12);
    expect(percentAgreement(second.a, second.b).value).toBeCloseTo(60, 12);
    expect(cohensKappa(first.a, first.b).value).toBeCloseTo(0.1304, 4);
    expect(cohensKappa(second.a, second.b).value).toBeCloseTo(0.2593, 4);
    // Exactly 3/23 and 7/27.
    expect(cohensKappa(first.a, first.b).value).toBeCloseTo(3 / 23, 12);
    expect(cohensKappa(second.a, second.b).value).toBeCloseTo(7 / 27, 12);
  });

  it('handles more than two categories (five values, derived by hand)', () => {
    // Data: Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section B (nominal data, two
    // observers, no missing data). The paper gives α for it (next block), not κ; κ derived by hand:
    //   A: a a b b d c c c e d d a;  B: b a b b b c c c e d d d
    //   agreed 9 of 12 → p_o = 0.75; A's counts a3 b2 c3 d3 e1, B's a1 b4 c3 d3 e1;
    //   Σ rowᵢ·colᵢ = 3 + 8 + 9 + 9 + 1 = 30 → p_e = 30/144; κ = (108 − 30) / (144 − 30) = 78/114 = 13/19 ≈ 0.6842.
    const a = 'a a b b d c c c e d d a'.split(' ');
    const b = 'b a b b b c c c e d d d'.split(' ');
    expect(percentAgreement(a, b).value).toBeCloseTo(75, 12);
    expect(cohensKappa(a, b).value).toBeCloseTo(13 / 19, 12);
  });
});

describe("Krippendorff's α against Krippendorff's published examples", () => {
  it('gives α = 0.095 for the binary, two-observer example', () => {
    // Source: Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section A (binary data, two
    // observers, no missing data), α = 0.095. Data as recalled from the paper, and checked by hand:
    //   A: 0 1 0 0 0 0 0 0 1 0;  B: 1 1 1 0 0 1 0 0 0 0
    //   coincidences o00 = 10, o11 = 2, o01 = o10 = 4; n0 = 14, n1 = 6, n = 20
    //   α = 1 − (n − 1) · o01 / (n0 · n1) = 1 − 19 · 4 / 84 = 1 − 76/84 ≈ 0.0952.
    // κ for the same data (not in the paper; by hand): p_o = 0.6, p_e = 0.2·0.4 + 0.8·0.6 = 0.56, κ = 0.04/0.44 ≈ 0.0909.
    const a = [0, 1, 0, 0, 0, 0, 0, 0, 1, 0];
    const b = [1, 1, 1, 0, 0, 1, 0, 0, 0, 0];
    const t = crossTabulate(a, b);
    expect(krippendorffAlphaOf(t).value).toBeCloseTo(0.095, 3);
    expect(krippendorffAlphaOf(t).value).toBeCloseTo(1 - 76 / 84, 12);
    expect(krippendorffAlpha(a.map((x, u) => [x, b[u]!])).value).toBeCloseTo(1 - 76 / 84, 12);
    expect(cohensKappaOf(t).value).toBeCloseTo(0.04 / 0.44, 12);
    expect(percentAgreementOf(t).value).toBeCloseTo(60, 12);
    // The yes/no counts of the same data: both 1 once, only A once (unit 9), only B three times, neither five.
    expect(krippendorffAlphaOf(binaryTable({ both: 1, onlyA: 1, onlyB: 3, neither: 5 })).value).toBeCloseTo(1 - 76 / 84, 12);
  });

  it('gives α = 0.692 for the nominal, two-observer example', () => {
    // Source: Krippendorff (2011), section B, α = 0.692. By hand: 24 values, 3 disagreeing pairs → Σ_{c≠k} o_ck = 6;
    // n_a = 4, n_b = 6, n_c = 6, n_d = 6, n_e = 2 → Σ_{c≠k} n_c·n_k = 24² − 128 = 448; α = 1 − 23 · 6 / 448 ≈ 0.69196.
    const a = 'a a b b d c c c e d d a'.split(' ');
    const b = 'b a b b b c c c e d d d'.split(' ');
    expect(krippendorffAlphaOf(crossTabulate(a, b)).value).toBeCloseTo(0.692, 3);
    expect(krippendorffAlphaOf(crossTabulate(a, b)).value).toBeCloseTo(1 - 138 / 448, 12);
  });

  it('gives α = 0.743 for the nominal example with four observers, twelve units and missing values', () => {
    // Source: Krippendorff (2011), section C (nominal data, any number of observers, missing data), α = 0.743
    // (also the doctest of the Python `krippendorff` package). Unit 12 has a single value, so it is not pairable.
    const data = reliabilityData([
      '1 2 3 3 2 1 4 1 2 . . .', // A
      '1 2 3 3 2 2 4 1 2 5 . 3', // B
      '. 3 3 3 2 3 4 2 2 5 1 .', // C
      '1 2 3 3 2 4 4 1 2 5 1 .', // D
    ]);
    expect(krippendorffAlpha(data).value).toBeCloseTo(0.743, 3);
  });

  it('gives α = 0.691 for the three-coder example with missing values (Wikipedia, "Krippendorff\'s alpha")', () => {
    // Source: https://en.wikipedia.org/wiki/Krippendorff%27s_alpha, "A computational example": 3 coders, 15 units,
    // nominal α = 0.691.
    const data = reliabilityData([
      '* * * * * 3 4 1 2 1 1 3 3 * 3', // A
      '1 * 2 1 3 3 4 3 * * * * * * *', // B
      '* * 2 1 3 4 4 * 2 1 1 3 3 * 4', // C
    ]);
    expect(krippendorffAlpha(data).value).toBeCloseTo(0.691, 3);
  });
});

describe('perfect agreement and systematic disagreement', () => {
  it('gives 100 %, κ = 1 and α = 1 when the coders agree on every unit and both values occur', () => {
    const a = [true, false, true, true, false];
    const s = summarizeAgreement(crossTabulate(a, [...a]));
    expect(s).toEqual({ units: 5, percent: { value: 100, reason: null }, kappa: { value: 1, reason: null }, alpha: { value: 1, reason: null } });
  });

  it('gives κ = 0 and α = −(N − 1)/N when one coder says yes to every unit and the other no to every unit', () => {
    // By hand, N = 4: p_o = 0, p_e = 1·0 + 0·1 = 0, κ = 0. Coincidences o_yn = o_ny = 4, n_y = n_n = 4, n = 8:
    // α = 1 − 7 · 8 / (2 · 4 · 4) = 1 − 7/4 = −0.75.
    const s = summarizeAgreement(binaryTable({ both: 0, onlyA: 4, onlyB: 0, neither: 0 }));
    expect(s.percent.value).toBe(0);
    expect(s.kappa.value).toBe(0);
    expect(s.alpha.value).toBeCloseTo(-0.75, 12);
  });
});

describe('undefined statistics are null, with the reason in plain words', () => {
  it('κ and α are undefined when both coders gave every unit the same single value; percent agreement is 100', () => {
    const s = summarizeAgreement(crossTabulate(['x', 'x', 'x'], ['x', 'x', 'x']), { one: 'turn', many: 'turns' });
    expect(s.percent).toEqual({ value: 100, reason: null });
    expect(s.kappa).toEqual({
      value: null,
      reason: 'Both coders gave every turn the same single value, so chance agreement is total and κ is undefined.',
    });
    expect(s.alpha).toEqual({ value: null, reason: 'Every value given is the same, so there is no variation to agree on and α is undefined.' });
    // The same through the yes/no counts: nobody applied the code anywhere.
    const none = summarizeAgreement(binaryTable({ both: 0, onlyA: 0, onlyB: 0, neither: 7 }));
    expect(none.kappa.value).toBeNull();
    expect(none.alpha.value).toBeNull();
  });

  it('every statistic is undefined over zero units', () => {
    const s = summarizeAgreement(crossTabulate([], []), { one: 'turn', many: 'turns' });
    const reason = 'There are no turns to compare.';
    expect(s).toEqual({ units: 0, percent: { value: null, reason }, kappa: { value: null, reason }, alpha: { value: null, reason } });
    expect(summarizeAgreement(binaryTable({ both: 0, onlyA: 0, onlyB: 0, neither: 0 })).kappa.reason).toBe('There are no units to compare.');
  });

  it('α is undefined when no unit has two values to pair, and a unit with one value is left out', () => {
    expect(krippendorffAlpha([])).toEqual({
      value: null,
      reason: 'No unit was coded by at least two coders, so there are no pairs of values to compare and α is undefined.',
    });
    expect(
      krippendorffAlpha([
        [1, null],
        [null, 2],
        [null, undefined],
      ]).value,
    ).toBeNull();
    // A lone value does not count: these are the binary example's ten pairs plus two half-coded units.
    const a = [0, 1, 0, 0, 0, 0, 0, 0, 1, 0];
    const b = [1, 1, 1, 0, 0, 1, 0, 0, 0, 0];
    const rows: (number | null)[][] = a.map((x, u) => [x, b[u]!]);
    rows.push([1, null], [null, 0]);
    expect(krippendorffAlpha(rows).value).toBeCloseTo(1 - 76 / 84, 12);
  });

  it('α is undefined when the only pairable values are all alike, even if lone values differ', () => {
    expect(
      krippendorffAlpha([
        ['x', 'x'],
        ['x', 'x', null],
        ['y', null],
      ]).reason,
    ).toBe('Every value given is the same, so there is no variation to agree on and α is undefined.');
  });

  it('refuses labels over different numbers of units', () => {
    expect(() => crossTabulate([1, 2], [1])).toThrow(/same units \(2 against 1\)/);
  });
});
