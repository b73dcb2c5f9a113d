import { REDACTED_NOTE } from './summary';
import type { Redactor } from './redactor';

/**
 * What every redacted export's summary says about its redaction, the one place each export takes it from
 * (exports.run, a code's segments, the question grid, clips and reels, and the CLI's text and --json of
 * each): that it is redacted (`note`, the export's own wording if it has one), then the redactor's warning,
 * if any, so a researcher never mistakes a partly redacted export for a fully redacted one. Nothing when
 * the export is not redacted.
 */
export function redactionNotes(redactor: Redactor, note: string = REDACTED_NOTE): string[] {
  if (!redactor.active) return [];
  return redactor.warning ? [note, redactor.warning] : [note];
}
