import type { Notifier } from '../desktop/notifier';
import type { EventHub } from '../events';
import type { Logger } from '../logging/logger';
import type { RuntimeManager } from '../workspaces/runtime';

type Deps = {
  events: EventHub;
  runtimes: Pick<RuntimeManager, 'get'>;
  /** Sends only while the Notifications setting is on. */
  notifier: Notifier;
  log: Logger;
};

/**
 * Turns a finished report poll into an OS notification, so a researcher who started a report and went
 * elsewhere hears about it. It listens to the poller's `reports.done` event rather than living in the
 * poller, so a poll resumed after a restart notifies too. Whether the notification is shown (only when the
 * window is not focused) is the desktop shell's call; the notifier checks the setting when the report finishes.
 */
export function notifyWhenReportsFinish(d: Deps): () => void {
  return d.events.subscribe((e) => {
    if (e.name !== 'reports.done' || e.payload.state === 'timed_out') return;
    // Checked before reading the cache: with notifications off there is nothing to compose.
    if (!d.notifier.enabled()) return;
    const { workspace_id, project_id, state } = e.payload;
    void (async () => {
      const cache = (await d.runtimes.get(workspace_id)).cache;
      const [project, report] = await Promise.all([cache.call('projects.get', { id: project_id }), cache.call('reports.get', { projectId: project_id })]);
      const study = project?.title.trim() || 'Untitled study';
      if (state === 'completed') {
        const themes = report?.themes.length ?? 0;
        const analysed = report?.interviews_analysed;
        const parts = [
          analysed != null ? `${analysed} interview${analysed === 1 ? '' : 's'} analysed` : null,
          `${themes} theme${themes === 1 ? '' : 's'}`,
        ].filter(Boolean);
        d.notifier.notify({ title: `Report ready — ${study}`, body: `${parts.join(', ')}. Open the study's Report tab to read it.` });
      } else {
        d.notifier.notify({ title: `Report failed — ${study}`, body: 'The service could not generate the report. Open the Report tab to try again.' });
      }
    })().catch((error: unknown) => d.log.warn('report notification failed', { project_id, error }));
  });
}
