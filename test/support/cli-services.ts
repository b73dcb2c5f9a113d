// The core's services (src/main/services.ts, built by the same createServices) over one workspace's cache, as
// a CLI command gets them from `ctx.services()`, for testing a command without opening a core.
import type { Cache } from '../../src/main/cache/cache';
import type { Ctx } from '../../src/main/cli/index';
import { EventHub } from '../../src/main/events';
import { JobRegistry } from '../../src/main/jobs/job-registry';
import type { RedactorFor } from '../../src/main/redaction/redactor-for';
import { createServices, type ServiceDeps } from '../../src/main/services';

export type ServicesOver = {
  /** A study's redactor, as the core's redactorFor builds one; without it a redacted export is refused. */
  redactorFor?: RedactorFor;
  clipMedia?: ServiceDeps['clipMedia'];
  signal?: AbortSignal;
};

/** `ctx.services` for a command whose every workspace is `cache` (the rest of the core is not there). */
export function servicesOver(cache: Pick<Cache, 'call'>, o: ServicesOver = {}): Ctx['services'] {
  const runtime = { cache, ...(o.signal ? { signal: o.signal } : {}) };
  const services = createServices({
    dataDir: '/nowhere',
    runtimes: { get: async () => runtime },
    events: new EventHub(),
    jobs: new JobRegistry(),
    settings: { get: () => ({ researcher_name: '' }) },
    ...(o.redactorFor ? { redactorFor: o.redactorFor } : {}),
    ...(o.clipMedia ? { clipMedia: o.clipMedia } : {}),
  } as unknown as ServiceDeps);
  return async () => services;
}
