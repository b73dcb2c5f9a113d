/** 83_000 → "01:23"; an hour or more → "1:02:03". */
export function timecode(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '--:--';
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

const dateTimeFmt = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateTimeFmt.format(d);
}

/** The text "Copy quote" puts on the clipboard: the quote, who said it and when. */
export function quoteCitation(quote: string, participant: string | null, startMs: number | null): string {
  const who = participant?.trim() || 'Participant';
  const when = startMs === null ? '' : `, [${timecode(startMs)}]`;
  return `"${quote.trim()}" — ${who}${when}`;
}

const shortThisYear = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
const shortOtherYear = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** Compact for table cells: "Nov 22, 09:14" this year, "Nov 22, 2025" otherwise. */
export function formatShortDateTime(iso: string | null, now = new Date()): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return d.getFullYear() === now.getFullYear() ? shortThisYear.format(d) : shortOtherYear.format(d);
}

/** Elapsed time while something runs (a report generating): 0:42, 2:05. */
export function elapsed(fromIso: string, now: number): string {
  const s = Math.max(0, Math.floor((now - Date.parse(fromIso)) / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
