/**
 * Agreement between coders on nominal labels: percent agreement, Cohen's κ and Krippendorff's α (nominal).
 *
 * Two coders who each gave every unit one label (a code applies to a turn or not, or one category of several)
 * are summed up in a cross table (`crossTabulate`), and the three statistics are read off it. Krippendorff's α
 * is also available in its general form (`krippendorffAlpha`): a units × coders table where a coder may have
 * left a unit out (null), with any number of coders; both forms go through the same coincidence matrix.
 *
 * Every statistic is `{ value, reason }`: a number and a null reason, or a null value and a plain-words reason
 * why it is undefined (nothing to compare, or no variation at all), never NaN.
 *
 * Pure and dependency-free, so the agreement screen, the CLI and the exports compute the same numbers.
 */

/** A statistic's value, or null with the reason it is undefined. */
export type Statistic = { value: number; reason: null } | { value: null; reason: string };

/** A label one coder gave one unit. Labels are compared with ===, so 1 and '1' are different labels. */
export type Label = string | number | boolean;

/** How the reasons name a unit: { one: 'turn', many: 'turns' } reads "Both coders gave every turn …". */
export type UnitNoun = { one: string; many: string };

const UNIT: UnitNoun = { one: 'unit', many: 'units' };

/**
 * Two coders' labels over the same units, as counts: counts[i][j] is how many units coder A labelled
 * values[i] and coder B labelled values[j]. `values` are in order of first appearance (A's label first).
 */
export type CrossTable = { values: Label[]; counts: number[][]; units: number };

const defined = (value: number): Statistic => ({ value, reason: null });
const undefinedBecause = (reason: string): Statistic => ({ value: null, reason });

/** Sums two coders' labels (the same units, in the same order) into a cross table. */
export function crossTabulate(a: readonly Label[], b: readonly Label[]): CrossTable {
  if (a.length !== b.length) throw new RangeError(`The two coders' labels must cover the same units (${a.length} against ${b.length}).`);
  const index = new Map<Label, number>();
  const values: Label[] = [];
  const slot = (v: Label) => {
    let i = index.get(v);
    if (i === undefined) {
      i = values.length;
      index.set(v, i);
      values.push(v);
    }
    return i;
  };
  const pairs: [number, number][] = [];
  for (let u = 0; u < a.length; u++) pairs.push([slot(a[u]!), slot(b[u]!)]);
  const counts = values.map(() => values.map(() => 0));
  for (const [i, j] of pairs) counts[i]![j]!++;
  return { values, counts, units: a.length };
}

/**
 * A cross table from the four counts of a yes/no label (a code applies to a unit or not): `both` units where
 * both coders said yes, `onlyA` where only A did, `onlyB` where only B did, `neither` where both said no.
 */
export function binaryTable(c: { both: number; onlyA: number; onlyB: number; neither: number }): CrossTable {
  return {
    values: [true, false],
    counts: [
      [c.both, c.onlyA],
      [c.onlyB, c.neither],
    ],
    units: c.both + c.onlyA + c.onlyB + c.neither,
  };
}

function noUnits(noun: UnitNoun): Statistic {
  return undefinedBecause(`There are no ${noun.many} to compare.`);
}

/** The share of units both coders labelled alike, from 0 to 100. */
export function percentAgreementOf(t: CrossTable, noun: UnitNoun = UNIT): Statistic {
  if (t.units === 0) return noUnits(noun);
  let same = 0;
  for (let i = 0; i < t.values.length; i++) same += t.counts[i]![i]!;
  return defined((100 * same) / t.units);
}

/**
 * Cohen's κ = (p_o − p_e) / (1 − p_e): observed agreement p_o beyond the agreement p_e expected if each coder
 * labelled at random with their own label frequencies. Computed on whole counts, as
 * (N·agreed − Σ rowᵢ·colᵢ) / (N² − Σ rowᵢ·colᵢ), so the undefined case (p_e = 1) is found exactly.
 */
export function cohensKappaOf(t: CrossTable, noun: UnitNoun = UNIT): Statistic {
  const n = t.units;
  if (n === 0) return noUnits(noun);
  const k = t.values.length;
  let agreed = 0;
  let chance = 0; // Σ rowᵢ·colᵢ = N²·p_e
  for (let i = 0; i < k; i++) {
    agreed += t.counts[i]![i]!;
    let row = 0;
    let col = 0;
    for (let j = 0; j < k; j++) {
      row += t.counts[i]![j]!;
      col += t.counts[j]![i]!;
    }
    chance += row * col;
  }
  if (chance === n * n) return undefinedBecause(`Both coders gave every ${noun.one} the same single value, so chance agreement is total and κ is undefined.`);
  return defined((n * agreed - chance) / (n * n - chance));
}

/**
 * Krippendorff's α for nominal data from a coincidence matrix: o[c][k] counts the pairable value pairs
 * (c, k) within units, each unit's pairs weighted by 1 / (m_u − 1) where m_u is how many values it has.
 * α = 1 − D_o / D_e = 1 − (n − 1) · Σ_{c≠k} o_ck / Σ_{c≠k} n_c·n_k, with n_c the row sums and n their total.
 * `distinct` is how many values occur among the pairable ones (counted exactly, not from float sums).
 */
function alphaFromCoincidences(o: readonly (readonly number[])[], distinct: number, pairableUnits: number, noun: UnitNoun): Statistic {
  if (pairableUnits === 0)
    return undefinedBecause(`No ${noun.one} was coded by at least two coders, so there are no pairs of values to compare and α is undefined.`);
  if (distinct < 2) return undefinedBecause(`Every value given is the same, so there is no variation to agree on and α is undefined.`);
  const k = o.length;
  const totals = o.map((row) => row.reduce((s, x) => s + x, 0));
  const n = totals.reduce((s, x) => s + x, 0);
  let disagreed = 0;
  let squares = 0;
  for (let c = 0; c < k; c++) {
    squares += totals[c]! * totals[c]!;
    for (let j = 0; j < k; j++) if (j !== c) disagreed += o[c]![j]!;
  }
  return defined(1 - ((n - 1) * disagreed) / (n * n - squares));
}

/**
 * Krippendorff's α (nominal) for two coders with no missing values, from their cross table: each unit holds
 * one pair, so the coincidence matrix is the table plus its transpose.
 */
export function krippendorffAlphaOf(t: CrossTable, noun: UnitNoun = UNIT): Statistic {
  if (t.units === 0) return noUnits(noun);
  const k = t.values.length;
  const o = t.values.map((_, c) => t.values.map((__, j) => t.counts[c]![j]! + t.counts[j]![c]!));
  let distinct = 0;
  for (let c = 0; c < k; c++) if (o[c]!.some((x) => x > 0)) distinct++;
  return alphaFromCoincidences(o, distinct, t.units, noun);
}

/**
 * Krippendorff's α (nominal) for any number of coders with missing values: `units` has one row per unit and
 * one column per coder, null (or undefined) where that coder gave the unit no value. A unit with fewer than
 * two values cannot be paired and is left out, as α prescribes.
 */
export function krippendorffAlpha(units: readonly (readonly (Label | null | undefined)[])[], noun: UnitNoun = UNIT): Statistic {
  const index = new Map<Label, number>();
  const perUnit: number[][] = [];
  for (const row of units) {
    const present = row.filter((v): v is Label => v !== null && v !== undefined);
    if (present.length < 2) continue;
    perUnit.push(
      present.map((v) => {
        let i = index.get(v);
        if (i === undefined) {
          i = index.size;
          index.set(v, i);
        }
        return i;
      }),
    );
  }
  const k = index.size;
  const o = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (const values of perUnit) {
    // Within a unit of m values, each ordered pair of distinct coders adds 1 / (m − 1).
    const m = values.length;
    const tally = new Map<number, number>();
    for (const v of values) tally.set(v, (tally.get(v) ?? 0) + 1);
    for (const [c, nc] of tally)
      for (const [j, nj] of tally) {
        const pairs = c === j ? nc * (nc - 1) : nc * nj;
        if (pairs > 0) o[c]![j]! += pairs / (m - 1);
      }
  }
  return alphaFromCoincidences(o, k, perUnit.length, noun);
}

/** Percent agreement (0–100) of two coders' labels over the same units. */
export function percentAgreement(a: readonly Label[], b: readonly Label[], noun: UnitNoun = UNIT): Statistic {
  return percentAgreementOf(crossTabulate(a, b), noun);
}

/** Cohen's κ of two coders' labels over the same units. */
export function cohensKappa(a: readonly Label[], b: readonly Label[], noun: UnitNoun = UNIT): Statistic {
  return cohensKappaOf(crossTabulate(a, b), noun);
}

/** All three statistics of one cross table, with its unit count. */
export type AgreementSummary = { units: number; percent: Statistic; kappa: Statistic; alpha: Statistic };

export function summarizeAgreement(t: CrossTable, noun: UnitNoun = UNIT): AgreementSummary {
  return { units: t.units, percent: percentAgreementOf(t, noun), kappa: cohensKappaOf(t, noun), alpha: krippendorffAlphaOf(t, noun) };
}
