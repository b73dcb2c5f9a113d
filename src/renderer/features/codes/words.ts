/** "1 coding", "3 codings": the codes screens' counts. */
export const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Errors main gives about what was typed: shown at the field; others under the form. */
export const FIELD_CODES = new Set(['conflict', 'invalid_input']);
