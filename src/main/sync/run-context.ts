import type { InterviewsPage, InterviewsQuery } from '../../shared/schemas/interview';
import { LIMITS } from '../../shared/schemas/limits';
import type { ProjectListItem } from '../../shared/schemas/project';
import type { ApiClient } from '../api/client';
import type { Cache } from '../cache/cache';
import type { SideReadKind } from '../cache/queries/project-extras';
import { isAppError } from '../errors';
import type { Logger } from '../logging/logger';
import { createLimiter, type Limit } from './limiter';
import { readSide, SIDE_READ_LABEL } from './side-reads';

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
 * One sync run: the engine's settings, the run's cancel signal, its two bounds (requests in flight, pages
 * held in memory) and everything it tallies (requests, records, issues, progress). Every step of a run
 * takes this one value instead of threading limit, state, signal and callbacks through each call.
 */
export class SyncRun {
  readonly client: ApiClient;
  readonly cache: Cache;
  readonly log: Logger;
  readonly concurrency: number;
  readonly pageSize: number;
  readonly singleFetchMax: number;
  /** Requests in flight at once, across all projects. */
  readonly limit: Limit;
  /** Pages held in memory at once, from the start of their request until they are written. */
  readonly held: Limit;
  requests = 0;
  seen = 0;
  written = 0;
  readonly issues: SyncIssue[] = [];
  readonly newComplete: SyncResult['new_complete'] = [];
  progress: SyncProgress = { phase: 'projects', done: 0, total: 1 };
  /** Page 1 of projects synced before, requested at the start of the run (see the engine's prefetch). */
  readonly firstPages = new Map<string, Promise<InterviewsPage>>();
  /** Records left out of pages because they could not be read, per project. */
  private readonly rejected = new Map<string, number>();
  private readonly now: () => number;

  constructor(
    private readonly o: SyncOptions,
    readonly signal: AbortSignal | undefined,
  ) {
    this.client = o.client;
    this.cache = o.cache;
    this.log = o.log;
    this.now = o.now ?? Date.now;
    this.concurrency = o.concurrency ?? 4;
    this.pageSize = o.pageSize ?? LIMITS.interviewsPageMax;
    this.singleFetchMax = o.singleFetchMax ?? 10;
    this.limit = createLimiter(this.concurrency);
    this.held = createLimiter(this.concurrency + 1);
  }

  /** The signal as request options. */
  get so(): { signal?: AbortSignal } {
    return this.signal ? { signal: this.signal } : {};
  }

  get aborted(): boolean {
    return this.signal?.aborted ?? false;
  }

  nowMs(): number {
    return this.now();
  }

  iso(): string {
    return new Date(this.now()).toISOString();
  }

  emit(): void {
    this.o.onProgress?.({ ...this.progress });
  }

  /** A request, counted. */
  counted<T>(call: () => Promise<T>): Promise<T> {
    this.requests++;
    return call();
  }

  /** A request under the shared limit, counted. */
  request<T>(call: () => Promise<T>): Promise<T> {
    return this.limit(() => this.counted(call));
  }

  /** One page of a project's interviews, under the shared limit. */
  listInterviews(projectId: string, q: InterviewsQuery): Promise<InterviewsPage> {
    return this.request(() => this.client.listInterviews(projectId, q, this.so));
  }

  /** Counts a page's unreadable records against its project, for the study's issue at the end. */
  noteRejected(projectId: string, page: InterviewsPage): void {
    if (page.rejected > 0) this.rejected.set(projectId, (this.rejected.get(projectId) ?? 0) + page.rejected);
  }

  rejectedIn(projectId: string): number {
    return this.rejected.get(projectId) ?? 0;
  }

  /** Whether a re-sync should walk every light page of the project again (at least daily). */
  async walkDue(projectId: string): Promise<boolean> {
    const walked = await this.cache.call('sync.state', { scope: `walk:${projectId}` });
    return !walked?.last_completed_at || this.now() - Date.parse(walked.last_completed_at) > (this.o.fullWalkEveryMs ?? DAY);
  }

  /** Records that every page of the project was just read, which the cheap re-sync relies on. */
  async markWalked(projectId: string): Promise<void> {
    const now = this.iso();
    await this.cache.call('sync.started', { scope: `walk:${projectId}`, now });
    await this.cache.call('sync.finished', { scope: `walk:${projectId}`, now, error: null });
  }

  /**
   * One side read: fetched (under the shared limit) and saved, or stored as "not available" with the
   * reason. It never throws: a refusal is what a study in that state answers (no report yet, not launched,
   * not a STIMULI study), and a failure (5xx, the network, an odd answer) keeps what was saved before and
   * is reported as an issue.
   */
  async sideRead<T>(projectId: string | null, kind: SideReadKind, call: () => Promise<T>, save: (v: T) => Promise<unknown>): Promise<void> {
    try {
      const out = await readSide({ cache: this.cache, projectId, kind, now: () => this.iso(), fetch: () => this.request(call), save });
      if (out.ok || this.aborted) return;
      if (!out.expected) this.issues.push({ project_id: projectId, code: 'side_read_failed', message: `${SIDE_READ_LABEL[kind]}: ${out.reason}` });
      this.log.info('side read not available', { project_id: projectId, kind, reason: out.reason });
    } catch (e) {
      // Only the cache can fail here; the sync goes on, and the next one records the side read again.
      this.log.warn('side read state not saved', { project_id: projectId, kind, error: e });
    }
  }

  result(projects: number, started: number): SyncResult {
    return {
      projects,
      interviews_seen: this.seen,
      interviews_written: this.written,
      requests: this.requests,
      new_complete: this.newComplete,
      issues: this.issues,
      duration_ms: this.now() - started,
    };
  }
}

/** What a project is expected to weigh in the progress bar before its first page is read. */
export const estimateOf = (p: ProjectListItem) => Math.max(p.recruiting?.completed_participants ?? 0, 1);

export function asIssue(projectId: string | null, e: unknown): SyncIssue {
  if (isAppError(e)) return { project_id: projectId, code: e.code, message: e.message };
  return { project_id: projectId, code: 'internal', message: 'Part of the sync failed unexpectedly.' };
}
