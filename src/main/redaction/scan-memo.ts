import type { Cache } from '../cache/cache';
import type { ScanSource } from '../cache/queries/redaction';

/** Runs the study's scan (in the cache worker); injected in tests to count the scans. */
export type Scanner = (cache: Cache, projectId: string) => Promise<ScanSource>;
/** The stamp of what a scan reads (the cache's `redaction.scanStamp`): same stamp, same scan. */
export type Stamper = (cache: Cache, projectId: string) => Promise<string>;

export const workerScanner: Scanner = (cache, projectId) => cache.call('redaction.scan', { projectId });
export const workerStamper: Stamper = (cache, projectId) => cache.call('redaction.scanStamp', { projectId });

type Entry = { stamp: string; source: Promise<ScanSource> };

/**
 * A study's scan, kept until what it read changes (issue 14 §4): scanning 400,000 turns takes seconds, and
 * the review view and every redacted export (the Export dialog, code segments, the grid, clips, the CLI)
 * ask for it again and again. Keyed on the workspace's cache and the study, so two workspaces (two
 * organisations) never share a scan; checked against a cheap stamp on every ask (see scanStamp), so a
 * sync that changes a transcript, a participant or the report scans again. Decisions are not part of it:
 * they are applied to the kept scan (scan.ts, build-redactor.ts). Bounded: the few studies asked about
 * last are kept, the least recently asked is dropped first.
 */
export class ScanMemo {
  private readonly entries = new Map<string, Entry>();
  private readonly cacheIds = new WeakMap<Cache, number>();
  private nextId = 1;

  constructor(
    private readonly scanner: Scanner = workerScanner,
    private readonly stamper: Stamper = workerStamper,
    private readonly size = 3,
  ) {}

  private keyFor(cache: Cache, projectId: string): string {
    let id = this.cacheIds.get(cache);
    if (id === undefined) this.cacheIds.set(cache, (id = this.nextId++));
    return `${id}\u0000${projectId}`;
  }

  /** The study's scan: the kept one while its stamp holds, else a new one (one at a time per study). */
  async source(cache: Cache, projectId: string): Promise<ScanSource> {
    const key = this.keyFor(cache, projectId);
    const stamp = await this.stamper(cache, projectId);
    let entry = this.entries.get(key);
    this.entries.delete(key);
    if (entry?.stamp !== stamp) {
      const source = this.scanner(cache, projectId);
      entry = { stamp, source };
      // A failed scan is not kept: the next ask tries again.
      source.catch(() => {
        if (this.entries.get(key)?.source === source) this.entries.delete(key);
      });
    }
    this.entries.set(key, entry);
    while (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
    return entry.source;
  }

  /** Forgets every kept scan (a workspace removed, say). */
  clear(): void {
    this.entries.clear();
  }
}

/** The one memo the review (redaction-service.ts) and every redacted export (build-redactor.ts) share. */
export const studyScans = new ScanMemo();
