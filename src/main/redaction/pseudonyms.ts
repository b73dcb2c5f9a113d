import { participantCode } from '../../shared/participant-code';
import { participantTerms, termKey, type RedactionKind } from '../../shared/redaction/detect';

/**
 * Pseudonyms, the same across a whole study (issue 14 §2): each participant their participant code "P07"
 * (issue 21 §3: the one label every artefact gives the interview, stored in the cache), other people "[Person A]",
 * "[Person B]"… in order of first appearance, and a fixed label for each other kind. The mapping of real
 * values to pseudonyms is kept (encrypted, mapping-store.ts) so a letter once given is never given to
 * someone else, and so the researcher can re-identify later; it never leaves the machine.
 */

export const FIXED_PSEUDONYMS: Record<Exclude<RedactionKind, 'participant' | 'person'>, string> = {
  email: '[email]',
  phone: '[phone]',
  url: '[link]',
  postcode: '[postcode]',
  number: '[number]',
  custom: '[redacted]',
  address: '[address]',
  dob: '[date of birth]',
  id: '[id number]',
  handle: '[handle]',
};

export type PseudonymMapping = {
  version: 1;
  /** Other people, in order of first appearance: `term` is the normalised name, `text` as first found. */
  persons: { term: string; text: string; label: string }[];
  /** Every participant as last seen, so a pseudonym in an old export can be traced back. */
  participants: { interview_id: string; pseudonym: string; name: string | null; email: string | null }[];
};

export const EMPTY_MAPPING: PseudonymMapping = { version: 1, persons: [], participants: [] };

/** A, B, … Z, AA, AB, …: as many as a study needs. */
export function personLetter(i: number): string {
  let n = i;
  let s = '';
  do {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return s;
}

/** A participant's pseudonym: their code, so a redacted and an unredacted export name them alike. */
export function participantPseudonym(n: number): string {
  return participantCode(n);
}

export type StudyInterview = { id: string; n: number; participant_name: string | null; participant_email: string | null };

/** The study's pseudonyms, grown as new people are met; `changed` says the mapping must be saved. */
export class Pseudonyms {
  private readonly persons = new Map<string, { text: string; label: string }>();
  private readonly byInterview = new Map<string, string>();
  private readonly interviews: StudyInterview[];
  /** Each participant's name, its parts and email (termKey): what their pseudonym replaces. Built when first asked. */
  private ownValues: Map<string, Set<string>> | null = null;
  changed = false;

  constructor(mapping: PseudonymMapping, interviews: readonly StudyInterview[]) {
    for (const p of mapping.persons) this.persons.set(p.term, { text: p.text, label: p.label });
    this.interviews = [...interviews];
    for (const iv of interviews) this.byInterview.set(iv.id, participantPseudonym(iv.n));
    const before = new Map(mapping.participants.map((p) => [p.interview_id, p]));
    this.changed = interviews.some((iv) => {
      const p = before.get(iv.id);
      return !p || p.pseudonym !== this.byInterview.get(iv.id) || p.name !== iv.participant_name || p.email !== iv.participant_email;
    });
  }

  participant(interviewId: string): string | null {
    return this.byInterview.get(interviewId) ?? null;
  }

  /** "[Person A]" for this name (normalised `term`), given a new letter the first time it is met. */
  person(term: string, text: string): string {
    let p = this.persons.get(term);
    if (!p) {
      p = { text, label: `[Person ${personLetter(this.persons.size)}]` };
      this.persons.set(term, p);
      this.changed = true;
    }
    return p.label;
  }

  /** A part of a name (`term`) takes the whole name's `label`, unless it already has a letter of its own. */
  alias(term: string, text: string, label: string): void {
    if (this.persons.has(term)) return;
    this.persons.set(term, { text, label });
    this.changed = true;
  }

  /**
   * What a finding becomes: its owner's pseudonym for the participant's name or email, "[redacted]" for their
   * other personal details (a city several participants share must not read as one participant's pseudonym),
   * else by kind.
   */
  forFinding(kind: RedactionKind, term: string, text: string, owner: string | null): string {
    if (kind === 'participant') return (owner && this.ownValue(owner, text) && this.participant(owner)) || FIXED_PSEUDONYMS.custom;
    if (kind === 'person') return this.person(term, text);
    return FIXED_PSEUDONYMS[kind];
  }

  private ownValue(interviewId: string, text: string): boolean {
    this.ownValues ??= new Map(
      this.interviews.map((iv) => [iv.id, new Set(participantTerms({ name: iv.participant_name, email: iv.participant_email }).map((t) => termKey(t.text)))]),
    );
    return this.ownValues.get(interviewId)?.has(termKey(text.trim())) ?? false;
  }

  mapping(): PseudonymMapping {
    return {
      version: 1,
      persons: [...this.persons].map(([term, p]) => ({ term, text: p.text, label: p.label })),
      participants: this.interviews.map((iv) => ({
        interview_id: iv.id,
        pseudonym: this.byInterview.get(iv.id)!,
        name: iv.participant_name,
        email: iv.participant_email,
      })),
    };
  }
}
