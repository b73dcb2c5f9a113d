import type { RedactionDecisionFilter, RedactionKind } from '../../../shared/ipc/channels/redaction';

/** The kind chips, in the order the scan lists them. */
export const KINDS: { kind: RedactionKind; label: string; one: string }[] = [
  { kind: 'participant', label: 'Participant details', one: 'Participant' },
  { kind: 'person', label: 'Other names', one: 'Name' },
  { kind: 'email', label: 'Emails', one: 'Email' },
  { kind: 'phone', label: 'Phones', one: 'Phone' },
  { kind: 'url', label: 'URLs', one: 'Link' },
  { kind: 'postcode', label: 'Postcodes', one: 'Postcode' },
  { kind: 'address', label: 'Addresses', one: 'Address' },
  { kind: 'dob', label: 'Dates of birth', one: 'Date of birth' },
  { kind: 'id', label: 'ID numbers', one: 'ID number' },
  { kind: 'handle', label: 'Social handles', one: 'Handle' },
  { kind: 'number', label: 'Numbers', one: 'Number' },
  { kind: 'custom', label: 'Your terms', one: 'Your term' },
];
export const KIND = new Map(KINDS.map((k) => [k.kind, k]));
export const DECISIONS: { id: RedactionDecisionFilter | undefined; label: string }[] = [
  { id: undefined, label: 'All' },
  { id: 'undecided', label: 'To review' },
  { id: 'accept', label: 'Redacted' },
  { id: 'reject', label: 'Kept' },
];
export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;
