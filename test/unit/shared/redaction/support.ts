// Shared by the contact detectors' tests (issue 21 §1): what the shape detectors find in a text, overlaps
// resolved as the scan resolves them, as [kind, text] pairs (with '?' after the kind when 'possible').
import { expect } from 'vitest';
import { detectPatterns, resolveOverlaps, type Span } from '../../../../src/shared/redaction/detect';

export function shapes(s: string): Span[] {
  const spans = resolveOverlaps(detectPatterns(s));
  for (const sp of spans) expect(s.slice(sp.start, sp.end)).toBe(sp.text);
  return spans;
}

export const found = (s: string): string[][] => shapes(s).map((sp) => [sp.confidence === 'possible' ? `${sp.kind}?` : sp.kind, sp.text]);

/** Only the spans of one kind ('possible' or not), as their texts. */
export const ofKind = (s: string, kind: Span['kind']): string[] =>
  shapes(s)
    .filter((sp) => sp.kind === kind)
    .map((sp) => sp.text);
