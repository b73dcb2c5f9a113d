import type { RedactionKind } from './kinds';

/**
 * A found value as every detector returns it: offsets in UTF-16 code units of the text as it was given,
 * `text === s.slice(start, end)`. Shared by the detectors (patterns.ts, known-values.ts, names.ts).
 */
export type Span = {
  kind: RedactionKind;
  start: number;
  end: number;
  text: string;
  /**
   * How sure the detector is (issue 21 §1). Absent means 'sure'. 'possible' marks what may be personal data but
   * may not be (a name where a place could stand, a bare "@name" with no platform named, a "born in 2015" with no
   * person before it, a checksum-valid ten-digit number with no "NHS" near it): the scan lists it for review, and
   * an export replaces it only once the researcher accepts it.
   */
  confidence?: 'sure' | 'possible';
  /** Why it is only possible (possible-reasons.ts), for the review; set where a rule decides 'possible'. */
  reason?: string;
};

/**
 * When two spans of one length overlap, the more specific kind wins: an ID number whose checksum holds over the
 * phone or long number it also looks like, an address over the postcode inside it.
 */
const PRIORITY: Record<RedactionKind, number> = {
  custom: 0,
  participant: 1,
  email: 2,
  id: 3,
  address: 4,
  dob: 5,
  handle: 6,
  url: 7,
  postcode: 8,
  phone: 9,
  person: 10,
  number: 11,
};

/** Non-overlapping spans in text order: the longest first, then the more specific kind, then the earlier. */
export function resolveOverlaps(spans: readonly Span[]): Span[] {
  if (spans.length < 2) return [...spans];
  const order = [...spans].sort((a, b) => b.end - b.start - (a.end - a.start) || PRIORITY[a.kind] - PRIORITY[b.kind] || a.start - b.start);
  const kept: Span[] = [];
  for (const s of order) if (!kept.some((k) => s.start < k.end && k.start < s.end)) kept.push(s);
  return kept.sort((a, b) => a.start - b.start);
}

export const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** Characters of a finding's text kept on either side of it (the review's context, and where a finding was). */
export const FINDING_CONTEXT = 60;

/** Every match of a global `re` in `s` as a span of `kind`, those `keep` accepts. */
export function collect(re: RegExp, s: string, kind: RedactionKind, out: Span[], keep?: (m: string, start: number) => boolean | 'possible'): void {
  re.lastIndex = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    const k = keep ? keep(m[0], m.index) : true;
    if (k === 'possible') out.push({ kind, start: m.index, end: m.index + m[0].length, text: m[0], confidence: 'possible' });
    else if (k) out.push({ kind, start: m.index, end: m.index + m[0].length, text: m[0] });
  }
}
