import type { Report } from '../../shared/schemas/report';
import type { ApiClient } from '../api/client';
import { isServiceError } from '../api/errors';
import type { Cache } from '../cache/cache';
import type { ReportPoll } from '../cache/queries/jobs';
import { isAppError } from '../errors';
import type { Logger } from '../logging/logger';
import { realTimers, type Timers } from '../timers';

export type ReportDone = { project_id: string; state: 'completed' | 'failed' | 'timed_out'; report: Report | null };

export type PollerOptions = {
  client: ApiClient;
  cache: Cache;
  log: Logger;
  timers?: Timers;
  random?: () => number;
  /** About every 10 s, as the spec suggests, give or take `jitter` of it. */
  intervalMs?: number;
  jitter?: number;
  /** Polling stops here even if the report is still PROCESSING (the spec says 1–3 minutes). */
  deadlineMs?: number;
  onDone?: (e: ReportDone) => void;
};

/**
 * Starting a report is one explicit action (it replaces the previous report); polling then runs in the
 * background until the report is COMPLETED or FAILED or the deadline passes. Polls never overlap: each
 * schedules the next only when it has finished. The poll state is stored in the cache, so a restart
 * picks up where it left off.
 */
export class ReportPoller {
  private timers = new Map<string, unknown>();
  private stopped = false;
  private readonly t: Timers;
  private readonly interval: number;
  private readonly jitter: number;
  private readonly deadline: number;
  private readonly random: () => number;

  constructor(private readonly o: PollerOptions) {
    this.t = o.timers ?? realTimers;
    this.interval = o.intervalMs ?? 10_000;
    this.jitter = o.jitter ?? 0.2;
    this.deadline = o.deadlineMs ?? 5 * 60_000;
    this.random = o.random ?? Math.random;
  }

  private iso(ms = this.t.now()): string {
    return new Date(ms).toISOString();
  }

  async start(projectId: string): Promise<ReportPoll> {
    const started = await this.o.client.startReport(projectId);
    const now = this.t.now();
    const poll: ReportPoll = {
      project_id: projectId,
      report_id: started.report_id,
      started_at: this.iso(now),
      deadline_at: this.iso(now + this.deadline),
      next_poll_at: this.iso(now + this.nextDelay()),
      attempts: 0,
      state: 'polling',
      last_error: null,
    };
    await this.o.cache.call('polls.save', { poll });
    this.schedule(poll);
    return poll;
  }

  /** Resumes every poll left running by a previous session. */
  async resume(): Promise<number> {
    const polls = await this.o.cache.call('polls.active');
    for (const p of polls) this.schedule(p);
    return polls.length;
  }

  status(projectId: string): Promise<ReportPoll | null> {
    return this.o.cache.call('polls.get', { projectId });
  }

  stop(): void {
    this.stopped = true;
    for (const h of this.timers.values()) this.t.clearTimeout(h);
    this.timers.clear();
  }

  private nextDelay(): number {
    return Math.round(this.interval * (1 + this.jitter * (2 * this.random() - 1)));
  }

  private schedule(poll: ReportPoll): void {
    if (this.stopped) return;
    const existing = this.timers.get(poll.project_id);
    if (existing !== undefined) this.t.clearTimeout(existing);
    const wait = Math.max(0, Date.parse(poll.next_poll_at) - this.t.now());
    this.timers.set(
      poll.project_id,
      this.t.setTimeout(
        () => this.tick(poll.project_id).catch((e: unknown) => this.o.log.warn('report poll failed', { project_id: poll.project_id, error: e })),
        wait,
      ),
    );
  }

  private async tick(projectId: string): Promise<void> {
    this.timers.delete(projectId);
    const poll = await this.o.cache.call('polls.get', { projectId });
    if (!poll || poll.state !== 'polling' || this.stopped) return;
    const next: ReportPoll = { ...poll, attempts: poll.attempts + 1 };
    let report: Report | null = null;
    try {
      report = await this.o.client.getReport(projectId);
      next.last_error = null;
      if (report.report_id && report.report_id !== poll.report_id) next.report_id = report.report_id;
    } catch (e) {
      next.last_error = isAppError(e) ? e.message : 'The report could not be checked.';
      if (isServiceError(e) && e.status === 404) {
        const current = await this.o.cache.call('polls.get', { projectId });
        if (current?.started_at === poll.started_at) await this.finish(next, 'failed', null);
        return;
      }
    }
    // A newer report may have been started while this check was out: that poll owns the record now.
    const current = await this.o.cache.call('polls.get', { projectId });
    if (!current || current.started_at !== poll.started_at || this.stopped) return;
    if (report && (report.status === 'COMPLETED' || report.status === 'FAILED')) {
      try {
        await this.o.cache.call('reports.save', { projectId, report, now: this.iso() });
      } catch (e) {
        // Never a poll left "polling" for ever: it ends, and says why.
        this.o.log.warn('report not saved', { project_id: projectId, error: e });
        await this.finish(
          { ...next, last_error: 'The report is ready but could not be saved on this computer. Sync the study, then check again.' },
          'failed',
          report,
        );
        return;
      }
      await this.finish(next, report.status === 'COMPLETED' ? 'completed' : 'failed', report);
      return;
    }
    const now = this.t.now();
    const deadline = Date.parse(poll.deadline_at);
    if (now >= deadline) {
      if (report) await this.o.cache.call('reports.save', { projectId, report, now: this.iso() });
      await this.finish(next, 'timed_out', report);
      return;
    }
    next.next_poll_at = this.iso(Math.min(deadline, now + this.nextDelay()));
    await this.o.cache.call('polls.save', { poll: next });
    this.schedule(next);
  }

  private async finish(poll: ReportPoll, state: ReportDone['state'], report: Report | null): Promise<void> {
    await this.o.cache.call('polls.save', { poll: { ...poll, state } });
    this.o.onDone?.({ project_id: poll.project_id, state, report });
  }
}
