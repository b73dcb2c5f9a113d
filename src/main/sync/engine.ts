import type { InterviewRecord, InterviewsPage } from '../../shared/schemas/interview';
import { LIMITS } from '../../shared/schemas/limits';
import { untimedTurns } from '../../shared/schemas/transcript';
import type { ProjectListItem } from '../../shared/schemas/project';
import type { ApiClient } from '../api/client';
import { PageGuard } from '../api/page-guard';
import type { Cache } from '../cache/cache';
import type { SideReadKind } from '../cache/queries/project-extras';
import { readSide, SIDE_READ_LABEL } from './side-reads';
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
      rejected: new Map(),
    };
    const emit = () => this.o.onProgress?.({ ...state.progress });
    const signal = opts.signal;
    const so = signal ? { signal } : {};
    await this.o.cache.call('sync.started', { scope: 'workspace', now: iso() });
    emit();

    const listed = limit(() => counted(state, () => this.o.client.listProjectsChecked(so)));
    listed.catch(() => undefined); // awaited below; this only keeps a failure from surfacing early as unhandled
    // Credits are a side read: a refusal is kept as "not available" and never fails the sync.
    const credits = this.sideRead(
      state,
      null,
      'credits',
      signal,
      () => limit(() => counted(state, () => this.o.client.getCredits(so))),
      (c) => this.o.cache.call('credits.save', { credits: c, now: iso() }),
    );
    // Page 1 of every project synced before is asked for alongside the project list, so a re-sync with
    // nothing new costs one round trip instead of two.
    state.firstPages = await this.prefetchFirstPages(limit, state, signal, opts.projectIds);
    let projects: ProjectListItem[];
    try {
      const list = await listed;
      projects = list.items;
      if (list.rejected > 0) {
        state.issues.push({
          project_id: null,
          code: 'records_unreadable',
          message: `${list.rejected} ${list.rejected === 1 ? 'study' : 'studies'} in the service's list could not be read (an id Fieldwork cannot use, or a missing field) and ${list.rejected === 1 ? 'was' : 'were'} left out.`,
        });
      }
      await this.o.cache.call('projects.saveList', { items: projects, syncedAt: iso() });
    } catch (e) {
      await credits;
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
    await credits;
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

  private async prefetchFirstPages(
    limit: Limit,
    state: RunState,
    signal: AbortSignal | undefined,
    only?: string[],
  ): Promise<Map<string, Promise<InterviewsPage>>> {
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

    // Small per-project resources, fetched side by side under the shared limit. Each settles on its own
    // (a refusal is stored as "not available" with the reason), so none can fail the study's sync or be
    // left rejecting unobserved while the interviews are read. What to read never depends on the list
    // item's `type`, which the contract does not give: a study without stimuli says so itself.
    const read = <T>(kind: SideReadKind, call: () => Promise<T>, save: (v: T) => Promise<unknown>) =>
      this.sideRead(state, p.id, kind, signal, () => limit(() => counted(state, call)), save);
    const extras: Promise<void>[] = [
      read(
        'embed',
        () => c.getEmbed(p.id, so),
        (embed) => cache.call('embeds.save', { projectId: p.id, embed, now: iso() }),
      ),
      read(
        'allow_list',
        () => c.getAllowList(p.id, so),
        (allowList) => cache.call('embeds.save', { projectId: p.id, allowList, now: iso() }),
      ),
      read(
        'stimuli',
        () => c.listStimuli(p.id, so),
        (s) => cache.call('stimuli.save', { projectId: p.id, items: s.items }),
      ),
    ];
    if (hasCompletes) {
      extras.push(
        read(
          'report',
          () => c.getReport(p.id, so),
          async (report) => {
            // An answer with no report in it ("no report yet") is not a report to keep.
            if (!report.report_id && report.status === 'unknown') throw new AppError('no_report', 'The service has no report for this study yet.');
            await cache.call('reports.save', { projectId: p.id, report, now: iso() });
          },
        ),
      );
    }
    const extrasDone = Promise.all(extras);

    const estimate = estimateOf(p);
    // Idempotent: reading page 1 twice (the cheap re-sync falling back to a full walk) adjusts once.
    let countedTotal = estimate;
    const onTotal = (total: number) => {
      state.progress.total += total - countedTotal;
      countedTotal = total;
      emit();
    };
    // What records arrived with, said once per study rather than once per interview: turns kept without a
    // readable time ("time unknown"), and open maps kept shortened.
    const kept = { untimedTurns: 0, untimedInterviews: 0, cut: 0 };
    const noteKept = (items: InterviewRecord[]) => {
      for (const i of items) {
        if (i.participant?.cut || i.screener?.cut) kept.cut += 1;
        const n = untimedTurns(i.transcript);
        if (n > 0) {
          kept.untimedTurns += n;
          kept.untimedInterviews += 1;
        }
      }
    };
    try {
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
            noteKept(page.items);
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
              noteKept(mine);
              if (mine.length > 0) await record(await cache.call('interviews.saveFullRecords', { projectId: p.id, items: mine, now: iso() }), mine.length);
            };
            if (pending.length <= (this.o.singleFetchMax ?? 10)) {
              await Promise.all(
                pending.map((id) =>
                  limit(async () =>
                    save((await counted(state, () => c.listInterviews(p.id, { interview_id: id, transcripts: true, screener: true }, so))).items),
                  ),
                ),
              );
            } else {
              await this.pages(
                p.id,
                true,
                limit,
                state,
                signal,
                () => undefined,
                (page) => save(page.items),
              );
            }
          }
        }
      }
    } finally {
      // Settled whether the interviews worked or not, so no side read outlives the study's sync.
      await extrasDone;
    }
    const rejected = state.rejected.get(p.id) ?? 0;
    if (rejected > 0) {
      state.issues.push({
        project_id: p.id,
        code: 'records_unreadable',
        message: `${rejected} interview record${rejected === 1 ? '' : 's'} could not be read (an id Fieldwork cannot use, or a missing field) and ${rejected === 1 ? 'was' : 'were'} left out; the others are saved.`,
      });
    }
    if (kept.cut > 0) {
      state.issues.push({
        project_id: p.id,
        code: 'values_cut',
        message: `${kept.cut} interview${kept.cut === 1 ? ' had' : 's had'} participant or screener values too large or too deeply nested; they are kept shortened, marked "… (cut: …)".`,
      });
    }
    if (kept.untimedTurns > 0) {
      state.issues.push({
        project_id: p.id,
        code: 'time_unknown',
        message: `${kept.untimedTurns} transcript turn${kept.untimedTurns === 1 ? '' : 's'} in ${kept.untimedInterviews} interview${kept.untimedInterviews === 1 ? '' : 's'} had no time Fieldwork could read; they are kept and shown as "time unknown".`,
      });
    }
    if (!launched) {
      state.progress.done += estimate;
      emit();
    }
  }

  /**
   * One side read: fetched and saved, or stored as "not available" with the reason. It never throws: a
   * refusal is what a study in that state answers (no report yet, not launched, not a STIMULI study), and
   * a failure (5xx, the network, an odd answer) keeps what was saved before and is reported as an issue.
   */
  private async sideRead<T>(
    state: RunState,
    projectId: string | null,
    kind: SideReadKind,
    signal: AbortSignal | undefined,
    fetch: () => Promise<T>,
    save: (v: T) => Promise<unknown>,
  ): Promise<void> {
    try {
      const out = await readSide({ cache: this.o.cache, projectId, kind, now: () => new Date(this.now()).toISOString(), fetch, save });
      if (out.ok || signal?.aborted) return;
      if (!out.expected) state.issues.push({ project_id: projectId, code: 'side_read_failed', message: `${SIDE_READ_LABEL[kind]}: ${out.reason}` });
      this.o.log.info('side read not available', { project_id: projectId, kind, reason: out.reason });
    } catch (e) {
      // Only the cache can fail here; the sync goes on, and the next one records the side read again.
      this.o.log.warn('side read state not saved', { project_id: projectId, kind, error: e });
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
    const first =
      (prefetched ? await prefetched.catch(() => null) : null) ??
      (await limit(() => counted(state, () => this.o.client.listInterviews(projectId, { page: 1, limit: size }, so))));
    state.seen += first.items.length;
    onTotal(first.total ?? first.items.length);
    const changes = await onPage(first);
    // Unreadable records can hide a change: only a full walk can be trusted then.
    if (first.rejected > 0) {
      state.progress.done -= first.items.length;
      state.seen -= first.items.length;
      return false;
    }
    if (changes.changed.length > 0 || first.total !== cached || first.total === null) {
      // The full walk reads page 1 again; count its records once.
      state.progress.done -= first.items.length;
      state.seen -= first.items.length;
      return false;
    }
    // The tail holds every unfinished record only when the service sorts them last: not when one is on a
    // first page that is not the last, nor when unfinished records carry a completed_at (then they may sort
    // among finished ones, anywhere). Then every light page is read instead.
    const openWithTime = await this.o.cache.call('interviews.countOpenWithTime', { projectId });
    if (openWithTime > 0 || (first.has_more && first.items.some((i) => i.status !== 'COMPLETE'))) {
      state.progress.done -= first.items.length;
      state.seen -= first.items.length;
      return false;
    }
    const total = first.total;
    // The page size the service really uses (it may answer another limit than asked).
    const pageSize = first.has_more && first.items.length > 0 ? Math.min(first.items.length, size) : size;
    const lastPage = Math.max(1, Math.ceil(total / pageSize));
    const notComplete = await this.o.cache.call('interviews.countNotComplete', { projectId });
    const tailFrom = Math.max(2, Math.floor((total - notComplete) / pageSize) + 1);
    // The pages skipped count as done for the progress bar.
    state.progress.done += Math.max(0, Math.min(total, (tailFrom - 1) * pageSize) - first.items.length);
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
   * Reads every page of a project's interviews. Page 1 gives the page size and the total, then the
   * remaining pages are read in parallel (within the shared limit), each written as it arrives, and the
   * walk carries on past the expected last page while `has_more` says so. The PageGuard bounds it all
   * from what the pages hold, never from the `total` claimed, so nothing is allocated from a billion:
   * pages are started one at a time as a slot frees up, not listed up front.
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
    const guard = new PageGuard({ asked: size });
    // Two bounds: `limit` caps requests in flight, `state.held` caps pages in memory (being fetched or
    // waiting for the cache). Fetching goes on while the cache writes, yet pages cannot pile up.
    const fetchAndWrite = (page: number, first = false) =>
      state.held(async () => {
        const p = await limit(() =>
          counted(state, () => this.o.client.listInterviews(projectId, { page, limit: size, transcripts: full, screener: full }, so)),
        );
        guard.check(page, p);
        noteRejected(state, projectId, p);
        state.seen += p.items.length;
        if (first) onTotal(guard.expectedPages(p.total).capped ? guard.maxPages * guard.pageSize : (p.total ?? p.items.length));
        await onPage(p);
        return p;
      });
    const first = await fetchAndWrite(1, true);
    if (!first.has_more) return;
    const { pages: expected, capped } = guard.expectedPages(first.total);
    let last: InterviewsPage = first;
    let failed: unknown = null;
    let next = 2;
    // A sliding window over pages 2..expected: as many workers as pages may be held at once.
    const worker = async () => {
      while (failed === null && next <= expected) {
        const n = next++;
        try {
          const page = await fetchAndWrite(n);
          if (n === expected) last = page;
        } catch (e) {
          failed ??= e;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(expected - 1, (this.o.concurrency ?? 4) + 1) }, worker));
    if (failed !== null) throw failed;
    if (capped) {
      // What was read is saved; the study's sync reports the rest instead of claiming a complete list.
      throw new AppError(
        'too_many_records',
        `The service says this study has ${first.total} interviews; Fieldwork reads at most ${guard.maxPages * guard.pageSize} of one list, so some are not saved.`,
      );
    }
    for (let n = expected + 1; last.has_more; n++) {
      if (n > guard.maxPages) throw guard.tooMany();
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
  /** Records left out of pages because they could not be read, per project. */
  rejected: Map<string, number>;
};

/** Counts a page's unreadable records against its project, for the study's issue at the end. */
function noteRejected(state: RunState, projectId: string, page: InterviewsPage): void {
  if (page.rejected > 0) state.rejected.set(projectId, (state.rejected.get(projectId) ?? 0) + page.rejected);
}

async function counted<T>(state: RunState, call: () => Promise<T>): Promise<T> {
  state.requests++;
  return call();
}

function asIssue(projectId: string | null, e: unknown): SyncIssue {
  if (isAppError(e)) return { project_id: projectId, code: e.code, message: e.message };
  return { project_id: projectId, code: 'internal', message: 'Part of the sync failed unexpectedly.' };
}
