import type { InterviewsPage } from '../../shared/schemas/interview';
import type { ProjectListItem } from '../../shared/schemas/project';
import { isServiceError, ServiceError } from '../api/errors';
import type { Cache } from '../cache/cache';
import { packFullRecords } from '../cache/queries/full-records';
import { AppError } from '../errors';
import { syncProject } from './project-sync';
import { asIssue, estimateOf, SyncRun, type SyncOptions, type SyncResult } from './run-context';

export type { SyncIssue, SyncOptions, SyncPhase, SyncProgress, SyncResult } from './run-context';

/**
 * Pulls everything a researcher needs offline. The first sync of a project reads full pages; later
 * syncs read only the light listing (no transcripts) and fetch in full just what is new or changed,
 * so a sync with nothing new costs only the light pages.
 *
 * Every page is written in one transaction. A sync killed at any moment leaves a consistent cache;
 * records whose listing was written but whose full record was not stay marked pending, and the next
 * sync fetches them, with no duplicates (records are keyed by ID) and nothing lost.
 *
 * A run's settings, bounds and tallies live in one SyncRun (run-context.ts); a study's part is in
 * project-sync.ts and the page walks in interview-pages.ts.
 */
export class SyncEngine {
  private running: Promise<SyncResult> | null = null;

  constructor(private readonly o: SyncOptions) {}

  get isRunning(): boolean {
    return this.running !== null;
  }

  /** Runs a sync, or joins the one already running: syncs never overlap. */
  run(opts: { signal?: AbortSignal; projectIds?: string[] } = {}): Promise<SyncResult> {
    this.running ??= this.doRun(opts).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async doRun(opts: { signal?: AbortSignal; projectIds?: string[] }): Promise<SyncResult> {
    const run = new SyncRun(this.o, opts.signal);
    const started = run.nowMs();
    const { cache, client, so } = run;
    await cache.call('sync.started', { scope: 'workspace', now: run.iso() });
    run.emit();

    const listed = run.request(() => client.listProjectsChecked(so));
    listed.catch(() => undefined); // awaited below; this only keeps a failure from surfacing early as unhandled
    // Credits are a side read: a refusal is kept as "not available" and never fails the sync.
    const credits = run.sideRead(
      null,
      'credits',
      () => client.getCredits(so),
      (c) => cache.call('credits.save', { credits: c, now: run.iso() }),
    );
    // Page 1 of every project synced before is asked for alongside the project list, so a re-sync with
    // nothing new costs one round trip instead of two.
    await prefetchFirstPages(run, opts.projectIds);
    let projects: ProjectListItem[];
    try {
      const list = await listed;
      projects = list.items;
      if (list.rejected > 0) {
        run.issues.push({
          project_id: null,
          code: 'records_unreadable',
          message: `${list.rejected} ${list.rejected === 1 ? 'study' : 'studies'} in the service's list could not be read (an id Fieldwork cannot use, or a missing field) and ${list.rejected === 1 ? 'was' : 'were'} left out.`,
        });
      }
      await cache.call('projects.saveList', { items: projects, syncedAt: run.iso() });
    } catch (caught) {
      await credits;
      const e = (await offlineWithSavedData(cache, caught)) ?? caught;
      const issue = asIssue(null, e);
      await cache.call('sync.finished', { scope: 'workspace', now: run.iso(), error: issue.message });
      throw e;
    }
    const wanted = opts.projectIds ? projects.filter((p) => opts.projectIds!.includes(p.id)) : projects;
    // A first estimate from the listing; each project corrects it once page 1 gives the real total.
    run.progress = { phase: 'interviews', done: 0, total: wanted.reduce((n, p) => n + estimateOf(p), 0) };
    run.emit();

    await Promise.all(
      wanted.map(async (p) => {
        try {
          await syncProject(run, p);
          await cache.call('sync.finished', { scope: `project:${p.id}`, now: run.iso(), error: null });
        } catch (e) {
          if (run.aborted) throw e;
          run.issues.push(asIssue(p.id, e));
          run.log.warn('project sync failed', { project_id: p.id, error: e });
        }
      }),
    );
    await credits;
    if (run.aborted) throw new AppError('aborted', 'Sync cancelled.');
    await cache.call('sync.finished', { scope: 'workspace', now: run.iso(), error: run.issues[0]?.message ?? null });
    const end = Math.max(run.progress.done, run.progress.total);
    run.progress = { phase: 'done', done: end, total: end };
    run.emit();
    return run.result(projects.length, started);
  }

  /** Fetches and stores one interview in full: what a webhook for it asks for. */
  async syncInterview(projectId: string, interviewId: string, opts: { signal?: AbortSignal } = {}): Promise<boolean> {
    const r = await this.o.client.listInterviews(projectId, { interview_id: interviewId, transcripts: true, screener: true }, opts);
    if (r.items.length === 0) return false;
    await this.o.cache.call(
      'interviews.saveFullRecords',
      packFullRecords({ projectId, items: r.items, now: new Date((this.o.now ?? Date.now)()).toISOString() }),
    );
    return true;
  }
}

/**
 * Asks for page 1 of every launched study synced before (with a recent full walk) at the start of the run,
 * so the cheap re-sync (readTailOnly) finds it waiting.
 */
async function prefetchFirstPages(run: SyncRun, only?: string[]): Promise<void> {
  for (const p of await run.cache.call('projects.list')) {
    if (only && !only.includes(p.id)) continue;
    if (!p.has_launched || (await run.cache.call('interviews.count', { projectId: p.id })) === 0) continue;
    if (await run.walkDue(p.id)) continue;
    const page: Promise<InterviewsPage> = run.listInterviews(p.id, { page: 1, limit: run.pageSize });
    page.catch(() => undefined);
    run.firstPages.set(p.id, page);
  }
}

/**
 * The transport's "can't reach" says only what happened; whether there is saved data to fall back on
 * depends on the workspace, so the sync says it, and only when it is true.
 */
async function offlineWithSavedData(cache: Cache, e: unknown): Promise<ServiceError | null> {
  if (!isServiceError(e) || e.status !== 0 || (e.code !== 'network_error' && e.code !== 'timeout')) return null;
  const saved = await cache.call('projects.list').catch(() => []);
  if (saved.length === 0) return null;
  return new ServiceError(0, e.code, `${e.message.replace(/ and try again\.$/, '.')} Your saved data is still available.`, { ...e.details }, e.retryAfterMs);
}
