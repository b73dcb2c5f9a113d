import type { NoticeView } from '../../shared/ipc/contract';
import type { Notifier } from '../desktop/notifier';
import type { EventHub } from '../events';
import type { Logger } from '../logging/logger';
import { realTimers, type Timers } from '../timers';

export type CompletedGroup = { project_id: string; title: string | null; count: number };
export type ReportOutcome = 'completed' | 'failed' | 'timed_out';
export type ReportFacts = { title: string | null; themes: number | null; analysed: number | null };

const study = (title: string | null) => title?.trim() || 'Untitled study';

/** One notice per sync: "3 new interviews completed" with the study (or studies) they belong to. */
export function completedNotice(workspaceId: string, groups: readonly CompletedGroup[]): NoticeView | null {
  const real = groups.filter((g) => g.count > 0);
  const total = real.reduce((n, g) => n + g.count, 0);
  if (total === 0) return null;
  const only = real.length === 1 ? real[0]! : null;
  return {
    workspace_id: workspaceId,
    key: null,
    tone: 'success',
    title: total === 1 ? '1 new interview completed' : `${total} new interviews completed`,
    body: only ? study(only.title) : real.map((g) => `${study(g.title)} (${g.count})`).join(', '),
    action: only ? { label: 'Open', project_id: only.project_id, tab: 'interviews' } : null,
  };
}

/** What a finished report poll says: ready (with what it found), failed, or still processing when polling stopped. */
export function reportNotice(workspaceId: string, projectId: string, outcome: ReportOutcome, f: ReportFacts): NoticeView {
  const base = {
    workspace_id: workspaceId,
    key: `report:${workspaceId}/${projectId}`,
    action: { label: 'Open', project_id: projectId, tab: 'report' as const },
  };
  if (outcome === 'completed') {
    const parts = [
      f.analysed != null ? `${f.analysed} interview${f.analysed === 1 ? '' : 's'} analysed` : null,
      f.themes != null ? `${f.themes} theme${f.themes === 1 ? '' : 's'}` : null,
    ].filter(Boolean);
    const found = parts.length ? `${parts.join(', ')}. ` : '';
    return { ...base, tone: 'success', title: `Report ready — ${study(f.title)}`, body: `${found}The themes and quotes are in the Report tab.` };
  }
  if (outcome === 'failed') {
    return {
      ...base,
      tone: 'danger',
      title: `Report failed — ${study(f.title)}`,
      body: 'The service could not generate it. Open the Report tab to try again.',
    };
  }
  return {
    ...base,
    tone: 'warning',
    title: `Report still processing — ${study(f.title)}`,
    body: 'Fieldwork stopped checking after 5 minutes. Open the Report tab to check again.',
  };
}

type Pending = { projects: Map<string, number>; timer: unknown };

/**
 * The one place notices are composed. Completed interviews are grouped per sync and workspace (a sync
 * emits one `interviews.completed` per study, then `sync.finished`; a webhook-driven single interview has
 * no `sync.finished` after it, so a short timer flushes it instead); a finished report poll becomes its
 * outcome. Each notice goes to the window as `notices.show`, which the renderer only displays, and to the
 * OS through the notifier. The Notifications setting, as it is when the notice is due, covers both for
 * completed interviews; a report's outcome the researcher asked for is always shown in the window, and
 * notified to the OS when the setting allows (not for a poll that merely stopped).
 */
export function composeNotices(d: {
  events: EventHub;
  notifier: Notifier;
  /** The study's title from the cache. */
  projectTitle: (workspaceId: string, projectId: string) => Promise<string | null>;
  /** The study's title and what its cached report found. */
  reportFacts: (workspaceId: string, projectId: string) => Promise<ReportFacts>;
  log: Logger;
  timers?: Timers;
  flushAfterMs?: number;
}): () => void {
  const timers = d.timers ?? realTimers;
  const pending = new Map<string, Pending>();

  const deliver = (n: NoticeView, os: boolean) => {
    d.events.emit('notices.show', n);
    if (os) d.notifier.notify({ title: n.title, body: n.body });
  };

  const flush = (workspaceId: string) => {
    const p = pending.get(workspaceId);
    if (!p) return;
    pending.delete(workspaceId);
    timers.clearTimeout(p.timer);
    // The setting as it is when the sync ends decides, not as it is once the titles have been looked up.
    if (!d.notifier.enabled()) return;
    void (async () => {
      const groups = await Promise.all(
        [...p.projects].map(async ([project_id, count]) => ({ project_id, count, title: await d.projectTitle(workspaceId, project_id).catch(() => null) })),
      );
      const notice = completedNotice(workspaceId, groups);
      if (notice) deliver(notice, true);
    })().catch((e: unknown) => d.log.warn('could not send the completed-interviews notice', { error: e }));
  };

  return d.events.subscribe((e) => {
    if (e.name === 'interviews.completed') {
      const { workspace_id, project_id, count } = e.payload;
      let p = pending.get(workspace_id);
      if (!p) {
        p = { projects: new Map(), timer: timers.setTimeout(() => flush(workspace_id), d.flushAfterMs ?? 2_000) };
        pending.set(workspace_id, p);
      }
      p.projects.set(project_id, (p.projects.get(project_id) ?? 0) + count);
    } else if (e.name === 'sync.finished') {
      flush(e.payload.workspace_id);
    } else if (e.name === 'reports.done') {
      const { workspace_id, project_id, state } = e.payload;
      const os = state !== 'timed_out' && d.notifier.enabled();
      void (async () => {
        const facts = await d.reportFacts(workspace_id, project_id).catch(() => ({ title: null, themes: null, analysed: null }));
        deliver(reportNotice(workspace_id, project_id, state, facts), os);
      })().catch((error: unknown) => d.log.warn('could not send the report notice', { project_id, error }));
    }
  });
}
