import { realTimers, type Timers } from '../timers';

/**
 * Runs a job now and then on an interval, never two at once: the next run is scheduled when the
 * current one ends, so a slow sync delays the next instead of piling up behind it.
 */
export class Scheduler {
  private handle: unknown = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;

  constructor(
    private readonly job: () => Promise<unknown>,
    private intervalMs: number,
    private readonly timers: Timers = realTimers,
  ) {}

  start(opts: { runNow?: boolean } = {}): void {
    this.stopped = false;
    if (opts.runNow) void this.runNow();
    else this.arm();
  }

  stop(): void {
    this.stopped = true;
    if (this.handle !== null) this.timers.clearTimeout(this.handle);
    this.handle = null;
  }

  setInterval(ms: number): void {
    this.intervalMs = ms;
    if (!this.stopped && this.running === null) this.arm();
  }

  /** Runs the job now (or joins the run in progress), then re-arms the timer. */
  runNow(): Promise<unknown> {
    if (this.handle !== null) this.timers.clearTimeout(this.handle);
    this.handle = null;
    this.running ??= this.job()
      .catch(() => undefined)
      .finally(() => {
        this.running = null;
        this.arm();
      });
    return this.running;
  }

  private arm(): void {
    if (this.stopped) return;
    if (this.handle !== null) this.timers.clearTimeout(this.handle);
    this.handle = this.timers.setTimeout(() => {
      this.handle = null;
      void this.runNow();
    }, this.intervalMs);
  }
}
