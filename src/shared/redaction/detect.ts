import type { RedactionKind } from './kinds';
import type { KnownMatcher } from './known-values';
import { detectPeople } from './names';
import { detectPatterns } from './patterns';
import { resolveOverlaps, type Span } from './spans';

export { REDACTION_KINDS, type RedactionKind } from './kinds';
export { compileKnown, participantTerms, termKey, type KnownMatcher, type KnownTerm, type ParticipantValues } from './known-values';
export { detectPeople, detectPeopleMany, mayHoldName } from './names';
export { detectPatterns } from './patterns';
export { FINDING_CONTEXT, resolveOverlaps, type Span } from './spans';
export { isWordLikeName, readsAsName } from './name-propagation';

/**
 * Finding personal data in text (issue 14 §2). Pure: no node, no DOM, so the cache worker scans with it and a
 * view could too. Every detector returns spans of the text as it was given (offsets in UTF-16 code units,
 * `text === s.slice(start, end)`), and `detect` resolves overlaps to the longest span.
 * This is the entry point; the detectors are split by concern: patterns.ts (shapes), known-values.ts (the
 * participants' own values and own terms), names.ts (the name tagger).
 */

/**
 * The key a decision is kept under: case and spacing do not matter, a phone number is its digits (so
 * "0161 496 0000" and "0161-496-0000" are one number to accept or reject), and an ID number is without its
 * spaces and dashes.
 */
export function normaliseTerm(kind: RedactionKind, text: string): string {
  const t = text.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');
  if (kind === 'phone') return t.replace(/[^\d+]/g, '');
  // "QQ 12 34 56 C" and "qq123456c", "20-00-00" and "20 00 00": one number to accept or reject.
  if (kind === 'id') return t.replace(/[\s-]+/g, '');
  return t;
}

export type DetectOptions = { known?: KnownMatcher; people?: boolean };

/** Every kind in one text, overlaps resolved to the longest. */
export function detect(s: string, opts: DetectOptions = {}): Span[] {
  const spans = detectPatterns(s);
  if (opts.known) spans.push(...opts.known.find(s));
  if (opts.people !== false) spans.push(...detectPeople(s));
  return resolveOverlaps(spans);
}
