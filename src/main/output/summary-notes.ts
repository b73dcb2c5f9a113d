import { count, REDACTED_NOTE } from './summary';
import type { RedactionTally, Redactor } from './redactor';

/**
 * What every redacted export's summary says about its redaction, the one place each export takes it from
 * (exports.run, a code's segments, the question grid, clips and reels, and the CLI's text and --json of
 * each): that it is redacted (`note`, the export's own wording if it has one), then the redactor's warning,
 * if any, so a researcher never mistakes a partly redacted export for a fully redacted one, then how many terms
 * were replaced, kept and left undecided (issue 21 §2). Nothing when
 * the export is not redacted.
 */
export function redactionNotes(redactor: Redactor, note: string = REDACTED_NOTE): string[] {
  if (!redactor.active) return [];
  const tally = redactor.tally ? [tallyNote(redactor.tally)] : [];
  return redactor.warning ? [note, redactor.warning, ...tally] : [note, ...tally];
}

/**
 * "Of 42 terms found, 38 replaced, 3 kept as written by your choice, and 1 possible term never decided, so left as
 * written (…)." Said by every redacted export, app and CLI alike, from the redactor's tally (build-redactor.ts).
 */
export function tallyNote(t: RedactionTally): string {
  const total = t.replaced + t.kept + t.possible_undecided;
  const undecided =
    t.possible_undecided === 0
      ? 'no possible term left undecided'
      : `${count(t.possible_undecided, 'possible term')} never decided, so left as written (decide ${t.possible_undecided === 1 ? 'it' : 'them'} in Analysis → Redaction)`;
  return `Of ${count(total, 'term')} found, ${t.replaced} replaced, ${t.kept} kept as written by your choice, and ${undecided}.`;
}
