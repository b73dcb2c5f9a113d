import type { EventHub } from '../events';
import type { Timers } from '../jobs/timers';
import { realTimers } from '../jobs/timers';
import type { Logger } from '../logging/logger';
import type { DesktopPorts } from './ports';

export type Notice = { title: string; body: string };

/**
 * OS notifications that respect the researcher's "Notifications" setting. Generic on purpose: sync uses
 * it for completed interviews, and report polling can send "Report ready" through the same gate.
 */
export type Notifier = {
  /** Whether a notice would be sent now; lets a caller skip the work of composing one. */
  enabled(): boolean;
  notify(n: Notice): boolean;
};

export function createNotifier(d: { desktop: Pick<DesktopPorts, 'notify'>; enabled: () => boolean }): Notifier {
  return {
    enabled: d.enabled,
    notify(n) {
      if (!d.enabled()) return false;
      d.desktop.notify(n);
      return true;
    },
  };
}

export type CompletedGroup = { title: string | null; count: number };

/** One notice per sync: "3 new interviews completed" with the study (or studies) they belong to. */
export function completedNotice(groups: readonly CompletedGroup[]): Notice | null {
  const real = groups.filter((g) => g.count > 0);
  const total = real.reduce((n, g) => n + g.count, 0);
  if (total === 0) return null;
  const title = total === 1 ? '1 new interview completed' : `${total} new interviews completed`;
  const name = (g: CompletedGroup) => g.title?.trim() || 'Untitled study';
  const body = real.length === 1 ? name(real[0]!) : real.map((g) => `${name(g)} (${g.count})`).join(', ');
  return { title, body };
}

type Pending = { projects: Map<string, number>; timer: unknown };

/**
 * Turns `interviews.completed` events into one notification per sync and workspace. A sync emits one
 * event per study and then `sync.finished`, which flushes the group; a webhook-driven single interview
 * has no `sync.finished` after it, so a short timer flushes it instead.
 */
export function watchCompletedInterviews(d: {
  events: EventHub;
  notifier: Notifier;
  /** The study's title from the cache, for the notification body. */
  projectTitle: (workspaceId: string, projectId: string) => Promise<string | null>;
  log: Logger;
  timers?: Timers;
  flushAfterMs?: number;
}): () => void {
  const timers = d.timers ?? realTimers;
  const pending = new Map<string, Pending>();

  const flush = (workspaceId: string) => {
    const p = pending.get(workspaceId);
    if (!p) return;
    pending.delete(workspaceId);
    timers.clearTimeout(p.timer);
    // The setting as it is when the sync ends decides, not as it is once the titles have been looked up.
    if (!d.notifier.enabled()) return;
    void (async () => {
      const groups = await Promise.all(
        [...p.projects].map(async ([projectId, count]) => ({ count, title: await d.projectTitle(workspaceId, projectId).catch(() => null) })),
      );
      const notice = completedNotice(groups);
      if (notice) d.notifier.notify(notice);
    })().catch((e: unknown) => d.log.warn('could not send the completed-interviews notification', { error: e }));
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
    }
  });
}
