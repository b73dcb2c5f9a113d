import { randomUUID } from 'node:crypto';

/** Long jobs the renderer can cancel by id (downloads, uploads). */
export class JobRegistry {
  private jobs = new Map<string, AbortController>();

  start(id: string = randomUUID()): { id: string; signal: AbortSignal; done: () => void } {
    this.jobs.get(id)?.abort();
    const ac = new AbortController();
    this.jobs.set(id, ac);
    return { id, signal: ac.signal, done: () => this.jobs.get(id) === ac && this.jobs.delete(id) };
  }

  cancel(id: string): boolean {
    const ac = this.jobs.get(id);
    if (!ac) return false;
    ac.abort();
    this.jobs.delete(id);
    return true;
  }

  cancelAll(): void {
    for (const ac of this.jobs.values()) ac.abort();
    this.jobs.clear();
  }
}
