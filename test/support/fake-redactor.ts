// A stand-in for the study's Redactor (the real one is built from the accepted findings): it replaces a
// given list of known values, whole words in any case, and names each participant by the code "PNN" of
// their place in the order given. Enough to prove every export path asks it for every text and every name.
import type { Redactor } from '../../src/main/output/redactor';
import { participantCode } from '../../src/shared/participant-code';

export type KnownPerson = { id: string; name: string; email?: string | null; phone?: string | null };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "P07": the pseudonym of the n-th known person, written as the real one writes a participant's code. */
export const pseudonymOf = (n: number) => participantCode(n);

/**
 * A redactor for these people: each one's full name and every name part become their pseudonym, their
 * email "[email]", their phone "[phone]"; `terms` (other values) become "[redacted]".
 */
export function fakeRedactor(people: KnownPerson[], terms: string[] = []): Redactor & { values: string[] } {
  const replacement = new Map<string, string>();
  const ids = new Map<string, string>();
  people.forEach((p, i) => {
    const pseudonym = pseudonymOf(i + 1);
    ids.set(p.id, pseudonym);
    replacement.set(p.name.toLowerCase(), pseudonym);
    for (const part of p.name.split(/\s+/)) if (part.length > 1) replacement.set(part.toLowerCase(), pseudonym);
    if (p.email) replacement.set(p.email.toLowerCase(), '[email]');
    if (p.phone) replacement.set(p.phone.toLowerCase(), '[phone]');
  });
  for (const t of terms) replacement.set(t.toLowerCase(), '[redacted]');
  // Longest first, so an email goes before the name inside it and a full name before its parts.
  const values = [...replacement.keys()].sort((a, b) => b.length - a.length);
  const pattern = values.length ? new RegExp(`(?<![\\p{L}\\p{N}_])(?:${values.map(escape).join('|')})(?![\\p{L}\\p{N}_])`, 'giu') : null;
  return {
    active: true,
    values,
    text: (s) => (pattern ? s.replace(pattern, (m) => replacement.get(m.toLowerCase()) ?? m) : s),
    participant: (id, _name, code) => ids.get(id) ?? code,
  };
}
