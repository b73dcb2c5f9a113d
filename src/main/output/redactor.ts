/**
 * Redaction before anything leaves the laptop (issue 14 §2). Every export, clip caption and reel page that
 * can be redacted asks a Redactor for the text it writes and for how it names a participant; without
 * redaction it is given NO_REDACTION, which changes nothing. The real one is built per study from the
 * researcher's accepted findings and own terms (build-redactor.ts).
 */

import { participantLabel } from '../../shared/participant-code';

/** The kinds of personal data Fieldwork finds and replaces (defined in src/shared, where the IPC contract names them too). */
export type { RedactionKind } from '../../shared/redaction/kinds';

export interface Redactor {
  /** True when this export is redacted: its summary says so, and file names use pseudonyms. */
  readonly active: boolean;
  /**
   * The text with every accepted finding and added term replaced by its pseudonym, the same one across the
   * whole study: the participant's code "P07" for their own name, "[Person A]" for someone else, "[email]",
   * "[phone]", "[link]", "[postcode]", "[address]", "[date of birth]", "[id number]", "[handle]", "[number]".
   */
  text(s: string): string;
  /**
   * How a participant is named in labels, headings, captions and file names, given the interview's
   * participant code ("P07", src/shared/participant-code.ts). Unredacted: the code, or with a name (the
   * caller passes one only when participant data is included) "Ana Souza (P07)". Redacted: the code alone,
   * which is the participant's pseudonym.
   */
  participant(interviewId: string, name: string | null, code: string): string;
  /**
   * Set when this redaction may be incomplete or differ from earlier ones (the mapping's key was gone and a
   * new mapping started, say): every redacted export's summary shows it (summary-notes.ts).
   */
  readonly warning?: string | null;
  /** The study's terms by what this export does with them (build-redactor.ts); the summary says the counts. */
  readonly tally?: RedactionTally | null;
}

/**
 * Distinct terms the scan found, by what a redacted export does with them (issue 21 §2): replaced, kept as written
 * by the researcher's choice, and possible ones nobody decided on (left as written too).
 */
export type RedactionTally = { replaced: number; kept: number; possible_undecided: number };

export const NO_REDACTION: Redactor = {
  active: false,
  text: (s) => s,
  participant: (_id, name, code) => participantLabel(code, name),
};
