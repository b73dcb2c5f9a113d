import type { InterviewDetail } from '../../shared/views';

/**
 * The words of an export's summary: what went into which files, said exactly. Researchers read it to
 * know whether the project they import into NVivo holds the same interviews as the transcripts beside it.
 */

/** "1 interview", "3 interviews". */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "a", "a and b", "a, b and c". */
export function listed(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** How many names a note lists before it says how many more there are (it never drops any silently). */
export const NAMED_AT_MOST = 8;

/** Names, the first NAMED_AT_MOST of them, then "and N more". */
export function named(names: string[]): string {
  if (names.length <= NAMED_AT_MOST) return listed(names);
  return `${names.slice(0, NAMED_AT_MOST).join(', ')} and ${names.length - NAMED_AT_MOST} more`;
}

const STATUS_WORDS: Record<string, { one: string; many: string }> = {
  COMPLETE: { one: 'complete', many: 'complete' },
  STARTED: { one: 'started, not finished', many: 'started, not finished' },
  INCOMPLETE: { one: 'incomplete', many: 'incomplete' },
};

/** "19 complete, 3 started, not finished and 2 incomplete": the interviews by status, in that order. */
export function byStatus(interviews: Pick<InterviewDetail, 'status'>[]): string {
  const n = new Map<string, number>();
  for (const i of interviews) n.set(i.status, (n.get(i.status) ?? 0) + 1);
  const order = [...Object.keys(STATUS_WORDS), ...[...n.keys()].filter((s) => !(s in STATUS_WORDS)).sort()];
  return listed(order.filter((s) => n.has(s)).map((s) => `${n.get(s)} ${STATUS_WORDS[s]?.one ?? `with the status ${s}`}`));
}

/** An interview and its status in words, for a note that names it: "P04 (incomplete)", "Ana Souza (P04, incomplete)". */
export function withStatus(label: string, status: string): string {
  const word = STATUS_WORDS[status]?.one ?? `status ${status}`;
  // A label with a name already ends in "(code)": the status joins it rather than adding a second pair.
  return label.endsWith(')') ? `${label.slice(0, -1)}, ${word})` : `${label} (${word})`;
}

/**
 * The first line of an export's summary: which interviews the transcript files hold, and where.
 * `formats` are the transcript formats' folder names (txt, md, docx, …).
 */
export function transcriptsLine(interviews: Pick<InterviewDetail, 'status'>[], formats: string[]): string | null {
  if (formats.length === 0) return null;
  const folders = listed(formats.map((f) => `${f}/`));
  if (interviews.length === 0) return `No interviews were selected, so there are no transcripts in ${folders}.`;
  return `Transcripts of ${count(interviews.length, 'interview')} (${byStatus(interviews)}), one file per interview in ${folders}.`;
}

/**
 * The line a redacted export's summary starts with (issue 14 §2), in the app's Export dialog and the CLI
 * alike, so nobody mistakes the files for the originals or the originals for redacted ones.
 */
export const REDACTED_NOTE =
  'This export is redacted: participants are named by their participant codes ("P07"), the same as in every other file of the study, and names, emails, phone numbers and the other accepted findings are replaced in every file. Personal participant fields (name, email, phone, address) are left out.';
