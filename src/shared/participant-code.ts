/**
 * The participant code every artefact of a study names an interview by (issue 21 §3): "P07". At least two
 * digits, never padded further: a code is printed in file names, quotes and captions that outlive the
 * export, so "P07" must stay "P07" when the study reaches its 100th interview ("P100"), and two digits is
 * what most studies need. File browsers sort "P100" after "P99" (natural order); plain `ls` does too up to P99.
 */
export function participantCode(n: number): string {
  return `P${String(n).padStart(2, '0')}`;
}

/**
 * How an interview is named: its code, or with participant data included the name with the code beside it,
 * "Ana Souza (P07)", so a file shared with and without names can still be joined. A name that is already the
 * code (a redacted export's pseudonym) is not repeated.
 */
export function participantLabel(code: string, name: string | null | undefined): string {
  const n = name?.trim();
  // No code yet (a study's first sync still running): the name alone.
  if (!code) return n ?? '';
  return n && n !== code ? `${n} (${code})` : code;
}
