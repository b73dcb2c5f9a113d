import type { ProjectSummary } from '../../../shared/views';
import { statusLabel, typeLabel } from '../../lib/format';

export type StudySortKey = 'title' | 'type' | 'status' | 'created' | 'progress' | 'activity';
export type StudySort = { key: StudySortKey; dir: 'asc' | 'desc' };
export type StudyFilter = { text: string; status: string };

export const DEFAULT_SORT: StudySort = { key: 'created', dir: 'desc' };

const time = (iso: string | null) => {
  const t = iso ? new Date(iso).getTime() : NaN;
  return Number.isNaN(t) ? null : t;
};
/** Completed over target; a study without a target sorts by its completed count alone, after those with one. */
const progress = (p: ProjectSummary) => {
  const t = p.recruiting.target_participants;
  return t ? p.recruiting.completed_participants / t : null;
};

const VALUE: Record<StudySortKey, (p: ProjectSummary) => string | number | null> = {
  title: (p) => p.title.trim().toLocaleLowerCase() || null,
  type: (p) => (p.type ? typeLabel(p.type) : null),
  status: (p) => statusLabel(p.status),
  created: (p) => time(p.created_at),
  progress,
  activity: (p) => time(p.last_interview_at),
};

/**
 * The studies in the chosen order. Unknown values (no date, no target) go last whichever way the column is
 * sorted, so flipping the order never buries the studies that have one; ties keep the title order.
 */
export function sortStudies(items: ProjectSummary[], sort: StudySort): ProjectSummary[] {
  const value = VALUE[sort.key];
  const sign = sort.dir === 'asc' ? 1 : -1;
  return items
    .map((p) => ({ p, v: value(p) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) {
        if (a.v !== b.v) return a.v === null ? 1 : -1;
      } else if (a.v !== b.v) {
        return (typeof a.v === 'number' && typeof b.v === 'number' ? a.v - b.v : String(a.v).localeCompare(String(b.v))) * sign;
      }
      return a.p.title.localeCompare(b.p.title);
    })
    .map((x) => x.p);
}

/** Title contains the text (any case) and, when one is chosen, the status matches. */
export function filterStudies(items: ProjectSummary[], f: StudyFilter): ProjectSummary[] {
  const text = f.text.trim().toLocaleLowerCase();
  return items.filter((p) => (!text || p.title.toLocaleLowerCase().includes(text)) && (!f.status || p.status === f.status));
}
