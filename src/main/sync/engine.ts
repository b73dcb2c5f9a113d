import type { InterviewRecord, InterviewsPage } from '../../shared/schemas/interview';
import { LIMITS } from '../../shared/schemas/limits';
import type { ProjectListItem } from '../../shared/schemas/project';
import type { ApiClient } from '../api/client';
import { isServiceError } from '../api/errors';
import type { Cache } from '../cache/cache';
import { AppError, isAppError } from '../errors';
import type { Logger } from '../logging/logger';
import { createLimiter, type Limit } from './limiter';

export type SyncPhase = 'projects' | 'interviews' | 'details' | 'done';
export type SyncProgress = { phase: SyncPhase; done: number; total: number };
export type SyncIssue = { project_id: string | null; code: string; message: string };
export type SyncResult = {
  projects: number;
  interviews_seen: number;
  interviews_written: number;
  requests: number;
  new_complete: { project_id: string; interview_ids: string[] }[];
  issues: SyncIssue[];
  duration_ms: number;
};

export type SyncOptions = {
  client: ApiClient;
  cache: Cache;
  log: Logger;
  now?: () => number;
  /** Requests in flight at once, across all projects. */
  concurrency?: number;
  /** Up to this many changed records are fetched one by one; more, and full pages are cheaper. */
  singleFetchMax?: number;
  pageSize?: number;
  /** How often a re-sync walks every light page rather than just the changing end (default daily). */
  fullWalkEveryMs?: number;
  onProgress?: (p: SyncProgress) => void;
};

const DAY = 24 * 3600_000;

/**
 * Pulls everything a researcher needs offline. The first sync of a project reads full pages; later
 * syncs read only the light listing (no transcripts) and fetch in full just what is new or changed,
 * so a sync with nothing new costs only the light pages.
 *
 * Every page is written in one transaction. A sync killed at any moment leaves a consistent cache;
 * records whose listing was written but whose full record was not stay marked pending, and the next
 * sync fetches them, with no duplicates (records are keyed by ID) and nothing lost.
 */
export class SyncEngine {
  private running: Promise<SyncResult> | null = null;
  private readonly now: () => number;

  constructor(private readonly o: SyncOptions) {
    this.now = o.now ?? Date.now;
  }

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
    const started = this.now();
    const iso = () => new Date(this.now()).toISOString();
    const concurrency = this.o.concurrency ?? 4;
    const limit = createLimiter(concurrency);
    const state: RunState = {
      requests: 0,
      seen: 0,
      written: 0,
      issues: [],
      newComplete: [],
      progress: { phase: 'projects', done: 0, total: 1 },
      held: createLimiter(concurrency + 1),
      firstPages: new Map(),
    };
    const emit = () => this.o.onProgress?.({ ...state.progress });
    const signal = opts.signal;
    const so = signal ? { signal } : {};
    await this.o.cache.call('sync.started', { scope: 'workspace', now: iso() });
    emit();

    const listed = Promise.all([
      limit(() => counted(state, () => this.o.client.listProjects(so))),
      limit(() => counted(state, () => this.o.client.getCredits(so))),
    ]);
    listed.catch(() => undefined); // awaited below; this only keeps a failure from surfacing early as unhandled
    // Page 1 of every project synced before is asked for alongside the project list, so a re-sync with
    // nothing new costs one round trip instead of two.
    state.firstPages = await this.prefetchFirstPages(limit, state, signal, opts.projectIds);
    let projects: ProjectListItem[];
    try {
      const [list, credits] = await listed;
      projects = list;
      await this.o.cache.call('projects.saveList', { items: list, syncedAt: iso() });
      await this.o.cache.call('credits.save', { credits, now: iso() });
    } catch (e) {
      const issue = asIssue(null, e);
      await this.o.cache.call('sync.finished', { scope: 'workspace', now: iso(), error: issue.message });
      throw e;
    }
    const wanted = opts.projectIds ? projects.filter((p) => opts.projectIds!.includes(p.id)) : projects;
    // A first estimate from the listing; each project corrects it once page 1 gives the real total.
    state.progress = { phase: 'interviews', done: 0, total: wanted.reduce((n, p) => n + estimateOf(p), 0) };
    emit();

    await Promise.all(
      wanted.map(async (p) => {
        try {
          await this.syncProject(p, limit, state, emit, signal);
          await this.o.cache.call('sync.finished', { scope: `project:${p.id}`, now: iso(), error: null });
        } catch (e) {
          if (signal?.aborted) throw e;
          state.issues.push(asIssue(p.id, e));
          this.o.log.warn('project sync failed', { project_id: p.id, error: e });
        }
      }),
    );
    if (signal?.aborted) throw new AppError('aborted', 'Sync cancelled.');
    await this.o.cache.call('sync.finished', { scope: 'workspace', now: iso(), error: state.issues[0]?.message ?? null });
    const end = Math.max(state.progress.done, state.progress.total);
    state.progress = { phase: 'done', done: end, total: end };
    emit();
    return {
      projects: projects.length,
      interviews_seen: state.seen,
      interviews_written: state.written,
      requests: state.requests,
      new_complete: state.newComplete,
      issues: state.issues,
      duration_ms: this.now() - started,
    };
  }

  private async prefetchFirstPages(limit: Limit, state: RunState, signal: AbortSignal | undefined, only?: string[]): Promise<Map<string, Promise<InterviewsPage>>> {
    const out = new Map<string, Promise<InterviewsPage>>();
    const size = this.o.pageSize ?? LIMITS.interviewsPageMax;
    for (const p of await this.o.cache.call('projects.list')) {
      if (only && !only.includes(p.id)) continue;
      if (!p.has_launched || (await this.o.cache.call('interviews.count', { projectId: p.id })) === 0) continue;
      const walked = await this.o.cache.call('sync.state', { scope: `walk:${p.id}` });
      if (!walked?.last_completed_at || this.now() - Date.parse(walked.last_completed_at) > (this.o.fullWalkEveryMs ?? DAY)) continue;
      const page = limit(() => counted(state, () => this.o.client.listInterviews(p.id, { page: 1, limit: size }, signal ? { signal } : {})));
      page.catch(() => undefined);
      out.set(p.id, page);
    }
    return out;
  }

  private async syncProject(p: ProjectListItem, limit: Limit, state: RunState, emit: () => void, signal?: AbortSignal): Promise<void> {
    const iso = () => new Date(this.now()).toISOString();
    const so = signal ? { signal } : {};
    const c = this.o.client;
    const cache = this.o.cache;
    const previously = await cache.call('sync.state', { scope: `project:${p.id}` });
    await cache.call('sync.started', { scope: `project:${p.id}`, now: iso() });
    const launched = p.recruiting?.has_launched ?? true;
    const hasCompletes = (p.recruiting?.completed_participants ?? 1) > 0;

    // Small per-project resources, fetched side by side under the shared limit.
    const extras: Promise<unknown>[] = [
      limit(() => counted(state, () => c.getEmbed(p.id, so))).then((embed) => cache.call('embeds.save', { projectId: p.id, embed, now: iso() })),
      limit(() => counted(state, () => c.getAllowList(p.id, so))).then((allowList) => cache.call('embeds.save', { projectId: p.id, allowList, now: iso() })),
    ];
    if (p.type === 'STIMULI' || p.type === undefined || p.type === 'unknown') {
      extras.push(limit(() => counted(state, () => c.listStimuli(p.id, so))).then((s) => cache.call('stimuli.save', { projectId: p.id, items: s.items })));
    }
    if (hasCompletes) {
      extras.push(
        limit(() => counted(state, () => c.getReport(p.id, so)))
          .then((report) => cache.call('reports.save', { projectId: p.id, report, now: iso() }))
          .catch((e: unknown) => {
            // No report yet is a normal state, not a sync failure.
            if (!(isServiceError(e) && e.status === 404)) throw e;
          }),
      );
    }

    const estimate = estimateOf(p);
    // Idempotent: reading page 1 twice (the cheap re-sync falling back to a full walk) adjusts once.
    let countedTotal = estimate;
    const onTotal = (total: number) => {
      state.progress.total += total - countedTotal;
      countedTotal = total;
      emit();
    };
    if (launched) {
      const cached = await cache.call('interviews.count', { projectId: p.id });
      const record = async (w: { changed: string[]; newlyComplete: string[] }, items: number) => {
        state.written += w.changed.length;
        state.progress.done += items;
        if (previously?.last_completed_at && w.newlyComplete.length > 0) state.newComplete.push({ project_id: p.id, interview_ids: w.newlyComplete });
        emit();
      };
      if (cached === 0) {
        // First sync of this project: full pages straight away.
        await this.pages(p.id, true, limit, state, signal, onTotal, async (page) => {
          await record(await cache.call('interviews.saveFullRecords', { projectId: p.id, items: page.items, now: iso() }), page.items.length);
        });
        await this.markWalked(p.id);
      } else {
        const saveLight = async (page: InterviewsPage) => {
          const w = await cache.call('interviews.saveLightPage', { projectId: p.id, items: page.items, now: iso() });
          await record(w, page.items.length);
          return w;
        };
        const walked = await cache.call('sync.state', { scope: `walk:${p.id}` });
        const walkDue = !walked?.last_completed_at || this.now() - Date.parse(walked.last_completed_at) > (this.o.fullWalkEveryMs ?? DAY);
        if (walkDue || !(await this.tailOnly(p.id, cached, limit, state, signal, onTotal, saveLight))) {
          await this.pages(p.id, false, limit, state, signal, onTotal, saveLight);
          await this.markWalked(p.id);
        }
        const pending = await cache.call('interviews.pendingDetailIds', { projectId: p.id });
        if (pending.length > 0) {
          state.progress.total += pending.length;
          state.progress.phase = 'details';
          emit();
          const want = new Set(pending);
          const save = async (items: InterviewRecord[]) => {
            const mine = items.filter((i) => want.has(i.id));
            if (mine.length > 0) await record(await cache.call('interviews.saveFullRecords', { projectId: p.id, items: mine, now: iso() }), mine.length);
          };
          if (pending.length <= (this.o.singleFetchMax ?? 10)) {
            await Promise.all(
              pending.map((id) =>
                limit(async () => save((await counted(state, () => c.listInterviews(p.id, { interview_id: id, transcripts: true, screener: true }, so))).items)),
              ),
            );
          } else {
            await this.pages(p.id, true, limit, state, signal, () => undefined, (page) => save(page.items));
          }
        }
      }
    }
    await Promise.all(extras);
    if (!launched) {
      state.progress.done += estimate;
      emit();
    }
  }

  /** Records that every page of the project was just read, which the cheap re-sync relies on. */
  private async markWalked(projectId: string): Promise<void> {
    const now = new Date(this.now()).toISOString();
    await this.o.cache.call('sync.started', { scope: `walk:${projectId}`, now });
    await this.o.cache.call('sync.finished', { scope: `walk:${projectId}`, now, error: null });
  }

  /**
   * The cheap re-sync. The service lists completed interviews first, newest first, and a completed
   * record does not change; records still in progress come last. So when page 1 is exactly what the
   * cache holds and the total is unchanged, nothing new has completed, and only the tail pages (where
   * in-progress records sit) can hold a change. Returns false, having read only page 1, when that does
   * not hold; the caller then walks every light page. A full walk also runs at least daily, in case a
   * service orders or edits records otherwise.
   */
  private async tailOnly(
    projectId: string,
    cached: number,
    limit: Limit,
    state: RunState,
    signal: AbortSignal | undefined,
    onTotal: (total: number) => void,
    onPage: (p: InterviewsPage) => Promise<{ changed: string[] }>,
  ): Promise<boolean> {
    const so = signal ? { signal } : {};
    const size = this.o.pageSize ?? LIMITS.interviewsPageMax;
    const prefetched = state.firstPages.get(projectId);
    state.firstPages.delete(projectId);
    const first = (prefetched ? await prefetched.catch(() => null) : null) ?? (await limit(() => counted(state, () => this.o.client.listInterviews(projectId, { page: 1, limit: size }, so))));
    state.seen += first.items.length;
    onTotal(first.total ?? first.items.length);
    const changes = await onPage(first);
    if (changes.changed.length > 0 || first.total !== cached || first.total === null) {
      // The full walk reads page 1 again; count its records once.
      state.progress.done -= first.items.length;
      state.seen -= first.items.length;
      return false;
    }
    const total = first.total;
    const lastPage = Math.max(1, Math.ceil(total / size));
    const notComplete = await this.o.cache.call('interviews.countNotComplete', { projectId });
    const tailFrom = Math.max(2, Math.floor((total - notComplete) / size) + 1);
    // The pages skipped count as done for the progress bar.
    state.progress.done += Math.max(0, Math.min(total, (tailFrom - 1) * size) - first.items.length);
    await Promise.all(
      Array.from({ length: Math.max(0, lastPage - tailFrom + 1) }, (_, k) => tailFrom + k).map((n) =>
        limit(async () => {
          const page = await counted(state, () => this.o.client.listInterviews(projectId, { page: n, limit: size }, so));
          state.seen += page.items.length;
          await onPage(page);
        }),
      ),
    );
    return true;
  }

  /**
   * Reads every page of a project's interviews. Page 1 gives the total, then the remaining pages are
   * read in parallel (within the shared limit), each written as it arrives. If the list grew meanwhile,
   * the walk continues past the expected last page until has_more is false.
   */
  private async pages(
    projectId: string,
    full: boolean,
    limit: Limit,
    state: RunState,
    signal: AbortSignal | undefined,
    onTotal: (total: number) => void,
    onPage: (p: InterviewsPage) => Promise<unknown>,
  ): Promise<void> {
    const so = signal ? { signal } : {};
    const size = this.o.pageSize ?? LIMITS.interviewsPageMax;
    // Two bounds: `limit` caps requests in flight, `state.held` caps pages in memory (being fetched or
    // waiting for the cache). Fetching goes on while the cache writes, yet pages cannot pile up.
    const fetchAndWrite = (page: number, first = false) =>
      state.held(async () => {
        const p = await limit(() => counted(state, () => this.o.client.listInterviews(projectId, { page, limit: size, transcripts: full, screener: full }, so)));
        if (p.page !== null && p.page !== page) {
          throw new AppError('repeated_page', `The service answered page ${p.page} when page ${page} was asked for, so the list was not read to the end.`);
        }
        if (page > 1 && p.items.length === 0 && p.has_more) throw new AppError('empty_page', `The service sent an empty page ${page} but said more would follow.`);
        state.seen += p.items.length;
        if (first) onTotal(p.total ?? p.items.length);
        await onPage(p);
        return p;
      });
    const first = await fetchAndWrite(1, true);
    if (!first.has_more) return;
    const expected = first.total !== null && first.total > 0 ? Math.ceil(first.total / size) : 1;
    const maxPages = Math.ceil(100_000 / size);
    const rest = Array.from({ length: Math.max(0, expected - 1) }, (_, k) => k + 2);
    let last: InterviewsPage = first;
    await Promise.all(
      rest.map(async (n) => {
        const page = await fetchAndWrite(n);
        if (n === expected) last = page;
      }),
    );
    for (let n = expected + 1; last.has_more; n++) {
      if (n > maxPages) throw new AppError('too_many_pages', `Stopped after ${maxPages} pages; the list may be incomplete.`);
      last = await fetchAndWrite(n);
    }
  }

  /** Fetches and stores one interview in full: what a webhook for it asks for. */
  async syncInterview(projectId: string, interviewId: string, opts: { signal?: AbortSignal } = {}): Promise<boolean> {
    const r = await this.o.client.listInterviews(projectId, { interview_id: interviewId, transcripts: true, screener: true }, opts);
    if (r.items.length === 0) return false;
    await this.o.cache.call('interviews.saveFullRecords', { projectId, items: r.items, now: new Date(this.now()).toISOString() });
    return true;
  }
}

/** What a project is expected to weigh in the progress bar before its first page is read. */
const estimateOf = (p: ProjectListItem) => Math.max(p.recruiting?.completed_participants ?? 0, 1);

type RunState = {
  requests: number;
  seen: number;
  written: number;
  issues: SyncIssue[];
  newComplete: SyncResult['new_complete'];
  progress: SyncProgress;
  /** Pages held in memory at once, from the start of their request until they are written. */
  held: Limit;
  /** Page 1 of projects synced before, requested at the start of the run (see prefetchFirstPages). */
  firstPages: Map<string, Promise<InterviewsPage>>;
};

async function counted<T>(state: RunState, call: () => Promise<T>): Promise<T> {
  state.requests++;
  return call();
}

function asIssue(projectId: string | null, e: unknown): SyncIssue {
  if (isAppError(e)) return { project_id: projectId, code: e.code, message: e.message };
  return { project_id: projectId, code: 'internal', message: 'Part of the sync failed unexpectedly.' };
}
