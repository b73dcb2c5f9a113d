/**
 * Redaction before anything leaves the laptop (issue 14 §2). Every export, clip caption and reel page that
 * can be redacted asks a Redactor for the text it writes and for how it names a participant; without
 * redaction it is given NO_REDACTION, which changes nothing. The real one is built per study from the
 * researcher's accepted findings and own terms (build-redactor.ts).
 */

/** The kinds of personal data Fieldwork finds and replaces (defined in src/shared, where the IPC contract names them too). */
export type { RedactionKind } from '../../shared/redaction/kinds';

export interface Redactor {
  /** True when this export is redacted: its summary says so, and file names use pseudonyms. */
  readonly active: boolean;
  /**
   * The text with every accepted finding and added term replaced by its pseudonym, the same one across the
   * whole study: "Participant 07" for a participant's own name, "[Person A]" for someone else, "[email]",
   * "[phone]", "[link]", "[postcode]", "[address]", "[date of birth]", "[id number]", "[handle]", "[number]".
   */
  text(s: string): string;
  /**
   * How a participant is named in labels, headings, captions and file names. Unredacted: their name, or
   * "Interview N" when the service sent none (n counts the study's interviews in order of completion, from 1).
   */
  participant(interviewId: string, name: string | null, n: number): string;
  /**
   * Set when this redaction may be incomplete or differ from earlier ones (the mapping's key was gone and a
   * new mapping started, say): every redacted export's summary shows it (summary-notes.ts).
   */
  readonly warning?: string | null;
}

export const NO_REDACTION: Redactor = {
  active: false,
  text: (s) => s,
  participant: (_id, name, n) => name?.trim() || `Interview ${n}`,
};
