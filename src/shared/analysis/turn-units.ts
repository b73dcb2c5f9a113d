/**
 * Agreement per code between two coders, with the transcript turn as the unit (issue 13 §3).
 *
 * A code applies to a turn for a coder when any of that coder's codings of it overlaps the turn, that is
 * covers at least one of its characters. The units are every turn of the interviews that both coders coded
 * (with any code); an interview only one of them coded says nothing about agreement and is left out. Per
 * code, each coder's turns are a yes/no vector over those units, and percent agreement, Cohen's κ and
 * Krippendorff's α come from the four counts (agreement-stats.ts), with the turns where the two differ.
 *
 * Work is linear: codings are bucketed by code and each one marks its turn range in a difference array
 * (+1 at its first turn, −1 after its last), so overlapping codings cost nothing extra; one sweep per code
 * then reads the vectors. O(codings + codes × turns), no scan of the codings per turn.
 *
 * Pure and dependency-free, like agreement-stats.ts.
 */
import { binaryTable, summarizeAgreement, type Statistic, type UnitNoun } from './agreement-stats';

/**
 * One coder's coding of one passage with one code. The passage runs from `startChar` in turn `startTurn` to
 * `endChar` in turn `endTurn`, both turns included; character offsets are within each turn's own text, the
 * start inclusive and the end exclusive (like String.slice), as highlights are stored. A null offset means the
 * turn's edge: null start from the turn's first character, null end to its last (a whole-turn coding).
 */
export type Coding = {
  interviewId: string;
  code: string;
  coder: string;
  startTurn: number;
  startChar: number | null;
  endTurn: number;
  endChar: number | null;
};

/**
 * An interview's turns in transcript order (a turn's index is its position): each turn's text length in
 * characters, or only how many turns there are. Without lengths, a coding that starts at or past the end of
 * its first turn cannot be told from one inside it, and is taken to overlap it.
 */
export type InterviewTurns = { interviewId: string; turns: number | readonly number[] };

export type AgreementInput = {
  /** The interviews to compare over, in the order disagreements are listed. Codings of other interviews are ignored. */
  interviews: readonly InterviewTurns[];
  /** Codings by anyone; only coderA's and coderB's count. */
  codings: readonly Coding[];
  coderA: string;
  coderB: string;
  /**
   * The codes to report (a codebook), each once. Without it, every code either coder used in the given
   * interviews. An interview counts as coded by a coder when it holds any coding of theirs, whatever its code.
   */
  codes?: readonly string[];
};

export type Disagreement = { interviewId: string; turnIndex: number; a: boolean; b: boolean };

export type CodeAgreement = {
  code: string;
  /** How many turns were compared: every turn of the interviews both coders coded. */
  units: number;
  /** From 0 to 100. */
  percent: Statistic;
  kappa: Statistic;
  alpha: Statistic;
  /** The turns where one coder applied the code and the other did not, in interview then turn order. */
  disagreements: Disagreement[];
};

/** Each code's two yes/no vectors over the compared turns. */
export type TurnUnits = {
  /** The interviews both coders coded, in the order given, with the index of their first turn among the units. */
  interviews: { interviewId: string; firstUnit: number; turns: number }[];
  /** Interviews only one of the two coded, left out of the units. */
  excluded: { interviewId: string; codedBy: 'A' | 'B' }[];
  units: number;
  /** Sorted by code name; a[u] (b[u]) is 1 when coder A's (B's) codings of the code overlap unit u. */
  codes: { code: string; a: Uint8Array; b: Uint8Array }[];
};

const TURN: UnitNoun = { one: 'turn', many: 'turns' };

/** Code names in reading order: letters before case ("price" then "Price"), numbers as numbers ("Q9" before "Q10"). */
/** The order codes are listed in: by name as people read it (numbers by value), then exactly. */
export const compareCodeNames = (x: string, y: string) => x.localeCompare(y, 'en', { numeric: true }) || (x < y ? -1 : x > y ? 1 : 0);
const byName = compareCodeNames;

const codingLabel = (c: Coding) => `The coding of "${c.code}" by ${c.coder} in interview ${c.interviewId}`;

/**
 * The turns a coding overlaps, as an inclusive range clamped to the interview's turns, or null when it covers
 * no character of any of them (it only touches a turn boundary, is empty, or lies past the transcript's end).
 * A range that runs backwards is an error.
 */
export function turnsOverlapped(c: Coding, turns: number | readonly number[]): { first: number; last: number } | null {
  const count = typeof turns === 'number' ? turns : turns.length;
  const lengthOf = (t: number): number | undefined => (typeof turns === 'number' ? undefined : turns[t]);
  let first = c.startTurn;
  let last = c.endTurn;
  if (!Number.isInteger(first) || !Number.isInteger(last) || last < first)
    throw new RangeError(`${codingLabel(c)} runs from turn ${first} to turn ${last}: it must end at or after the turn it starts in.`);
  if (first === last) {
    if (c.startChar !== null || c.endChar !== null) {
      const from = c.startChar ?? 0;
      const to = c.endChar ?? lengthOf(first) ?? Number.POSITIVE_INFINITY;
      if (c.startChar !== null && c.endChar !== null && to < from)
        throw new RangeError(`${codingLabel(c)} ends (character ${to}) before it starts (character ${from}) in turn ${first}.`);
      if (to <= from) return null; // no character covered
    }
  } else {
    const firstLength = lengthOf(first);
    if (c.startChar !== null && firstLength !== undefined && c.startChar >= firstLength) first++; // starts at its first turn's end
    if (c.endChar !== null && c.endChar <= 0) last--; // ends at its last turn's start
  }
  first = Math.max(first, 0);
  last = Math.min(last, count - 1);
  return first <= last ? { first, last } : null;
}

/** The compared turns and, per code, which of them each coder's codings overlap. */
export function buildTurnUnits(input: AgreementInput): TurnUnits {
  const { coderA, coderB } = input;
  if (coderA === coderB) throw new RangeError(`Agreement compares two different coders; both are "${coderA}".`);
  const position = new Map<string, number>();
  input.interviews.forEach((iv, i) => {
    if (position.has(iv.interviewId)) throw new RangeError(`Interview ${iv.interviewId} is listed twice.`);
    position.set(iv.interviewId, i);
  });

  // Which coder coded which interview, and which codes they used there.
  const codedBy = new Uint8Array(input.interviews.length); // bit 1: A, bit 2: B
  const used = new Set<string>();
  for (const c of input.codings) {
    const i = position.get(c.interviewId);
    const bit = c.coder === coderA ? 1 : c.coder === coderB ? 2 : 0;
    if (i === undefined || bit === 0) continue;
    codedBy[i] = codedBy[i]! | bit;
    used.add(c.code);
  }
  const codes = input.codes ? [...new Set(input.codes)] : [...used];
  codes.sort(byName);

  const interviews: TurnUnits['interviews'] = [];
  const excluded: TurnUnits['excluded'] = [];
  const firstUnit = new Int32Array(input.interviews.length).fill(-1);
  let units = 0;
  input.interviews.forEach((iv, i) => {
    const turns = typeof iv.turns === 'number' ? iv.turns : iv.turns.length;
    if (codedBy[i] === 3) {
      firstUnit[i] = units;
      interviews.push({ interviewId: iv.interviewId, firstUnit: units, turns });
      units += turns;
    } else if (codedBy[i] !== 0) excluded.push({ interviewId: iv.interviewId, codedBy: codedBy[i] === 1 ? 'A' : 'B' });
  });

  // Bucket the compared interviews' codings by code and coder: [code][0 for A, 1 for B] → codings.
  const codeIndex = new Map(codes.map((code, k) => [code, k]));
  const buckets = codes.map((): [Coding[], Coding[]] => [[], []]);
  for (const c of input.codings) {
    const k = codeIndex.get(c.code);
    const i = position.get(c.interviewId);
    if (k === undefined || i === undefined || firstUnit[i]! < 0) continue;
    if (c.coder === coderA) buckets[k]![0].push(c);
    else if (c.coder === coderB) buckets[k]![1].push(c);
  }

  // Per code and coder: mark each coding's turns in a difference array, then one running sum.
  const diff = new Int32Array(units + 1);
  const vector = (codings: readonly Coding[]): Uint8Array => {
    diff.fill(0);
    for (const c of codings) {
      const i = position.get(c.interviewId)!;
      const range = turnsOverlapped(c, input.interviews[i]!.turns);
      if (!range) continue;
      diff[firstUnit[i]! + range.first]!++;
      diff[firstUnit[i]! + range.last + 1]!--;
    }
    const out = new Uint8Array(units);
    let depth = 0;
    for (let u = 0; u < units; u++) {
      depth += diff[u]!;
      out[u] = depth > 0 ? 1 : 0;
    }
    return out;
  };
  return {
    interviews,
    excluded,
    units,
    codes: codes.map((code, k) => ({ code, a: vector(buckets[k]![0]), b: vector(buckets[k]![1]) })),
  };
}

/**
 * The same statistic, with a reason that names the code when it is undefined for want of variation: nobody
 * applied it to any compared turn, or both applied it to every one.
 */
function explain(s: Statistic, units: number, counts: { both: number; neither: number }, symbol: 'κ' | 'α'): Statistic {
  if (s.value !== null) return s;
  const consequence = symbol === 'κ' ? 'so chance agreement is total and κ is undefined' : 'so there is no variation to agree on and α is undefined';
  const turns = (all: string) => (units === 1 ? 'the one turn compared' : `${all} of the ${units} turns compared`);
  if (counts.neither === units) return { value: null, reason: `Neither coder applied this code to ${turns('any')}, ${consequence}.` };
  if (counts.both === units) return { value: null, reason: `Both coders applied this code to ${turns('every one')}, ${consequence}.` };
  return s;
}

const noTurns = (sharedInterviews: number): Statistic => ({
  value: null,
  reason:
    sharedInterviews === 0
      ? 'No interview was coded by both coders, so there are no turns to compare.'
      : 'The interviews both coders coded have no turns, so there are no turns to compare.',
});

/**
 * Per code (sorted by name): how many turns were compared, percent agreement, Cohen's κ and Krippendorff's α
 * (each null with a reason where undefined), and the turns where the two coders disagree.
 */
export function agreementByCode(input: AgreementInput): CodeAgreement[] {
  const t = buildTurnUnits(input);
  return t.codes.map(({ code, a, b }) => {
    if (t.units === 0) {
      const none = noTurns(t.interviews.length);
      return { code, units: 0, percent: none, kappa: none, alpha: none, disagreements: [] };
    }
    let both = 0;
    let onlyA = 0;
    let onlyB = 0;
    const disagreements: Disagreement[] = [];
    for (const iv of t.interviews) {
      for (let turn = 0; turn < iv.turns; turn++) {
        const u = iv.firstUnit + turn;
        const x = a[u] === 1;
        const y = b[u] === 1;
        if (x === y) {
          if (x) both++;
          continue;
        }
        if (x) onlyA++;
        else onlyB++;
        disagreements.push({ interviewId: iv.interviewId, turnIndex: turn, a: x, b: y });
      }
    }
    const counts = { both, onlyA, onlyB, neither: t.units - both - onlyA - onlyB };
    const s = summarizeAgreement(binaryTable(counts), TURN);
    return {
      code,
      units: t.units,
      percent: s.percent,
      kappa: explain(s.kappa, t.units, counts, 'κ'),
      alpha: explain(s.alpha, t.units, counts, 'α'),
      disagreements,
    };
  });
}
