const dateFmt = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

const dateTimeFmt = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** A moment to the minute ("26 Nov 2026, 09:01" in the reader's locale), for when something was done. */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateTimeFmt.format(d);
}

export function formatDate(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateFmt.format(d);
}

export function relativeTime(iso: string | null, now = Date.now()): string {
  if (!iso) return 'never';
  const s = Math.round((now - new Date(iso).getTime()) / 1000);
  if (s < 45) return 'just now';
  if (s < 90) return '1 min ago';
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return formatDate(iso);
}

const TYPE_LABELS: Record<string, string> = { USER_INTERVIEW: 'User interview', STIMULI: 'Stimuli', CHURN: 'Churn', unknown: 'Unknown type' };
export const typeLabel = (t: string | null | undefined) => (t ? (TYPE_LABELS[t] ?? t) : '—');

const STATUS_LABELS: Record<string, string> = {
  DRAFT: 'Draft',
  STARTED: 'Not launched',
  IN_PROGRESS: 'In progress',
  COMPLETE: 'Complete',
  PAUSED: 'Paused',
  unknown: 'Unknown',
};
export const statusLabel = (s: string) => STATUS_LABELS[s] ?? s;

export const formatBytes = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(n >= 10 * 1024 * 1024 ? 0 : 1)} MB` : n >= 1024 ? `${Math.round(n / 1024)} KB` : `${n} bytes`;
