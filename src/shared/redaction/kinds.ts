/**
 * The kinds of personal data Fieldwork finds and replaces. Apart from the detectors, so the IPC contract (and
 * with it the preload and the page) can name them without loading the name tagger.
 */
export type RedactionKind =
  | 'participant'
  | 'person'
  | 'email'
  | 'phone'
  | 'url'
  | 'postcode'
  | 'number'
  | 'custom'
  // Issue 21 §1: a postal address as a whole (street line, flat, town and postcode), a date of birth (or an age
  // tied to a birthday), a national ID or account-like number, a social media handle.
  | 'address'
  | 'dob'
  | 'id'
  | 'handle';
export const REDACTION_KINDS: readonly RedactionKind[] = [
  'participant',
  'person',
  'email',
  'phone',
  'url',
  'postcode',
  'number',
  'custom',
  'address',
  'dob',
  'id',
  'handle',
];
