/**
 * The kinds of personal data Fieldwork finds and replaces. Apart from the detectors, so the IPC contract (and
 * with it the preload and the page) can name them without loading the name tagger.
 */
export type RedactionKind = 'participant' | 'person' | 'email' | 'phone' | 'url' | 'postcode' | 'number' | 'custom';
export const REDACTION_KINDS: readonly RedactionKind[] = ['participant', 'person', 'email', 'phone', 'url', 'postcode', 'number', 'custom'];
