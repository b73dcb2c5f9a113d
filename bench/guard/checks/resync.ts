import { Agent, request } from 'undici';
import { silentLogger } from '../../../src/main/logging/logger';
import { SyncEngine } from '../../../src/main/sync/engine';
import type { GuardCheck } from '../check';
import { CONCURRENCY, PAGE_SIZE, type Fixture } from '../fixture';

/**
 * A re-sync with nothing changed on the service (SyncEngine.run on the synced cache), against reading every
 * light listing page of the study raw with undici (no transcripts or screeners, bodies read and dropped) at the
 * same concurrency over one kept-alive pool, from the same sandbox on loopback: the bench's reference for row 2.
 * The re-sync is the one that walks every light page (as it does once a day; fullWalkEveryMs 0), so both sides
 * read the same pages: the usual re-sync reads only the newest end, a few small requests whose time on a busy
 * machine is mostly waiting for a core, which made the ratio swing by 2× from run to run.
 */
export const RESYNC_LIMIT = 4.5;

export const resyncCheck = (f: Fixture): GuardCheck => ({
  id: 'resync',
  contender: 're-sync walking every page (nothing changed)',
  baseline: 'raw light pages',
  limit: RESYNC_LIMIT,
  plan: { pairs: 21, minPairs: 7, budgetMs: 6_000 },
  prepare: async () => {
    const agent = new Agent({ connections: 16 });
    const pages = Math.ceil(f.interviews / PAGE_SIZE);
    const url = (n: number) => `${f.sandbox.baseUrl}/v1/projects/${f.projectId}/interviews?page=${n}&limit=${PAGE_SIZE}&transcripts=false&screener=false`;
    const engine = new SyncEngine({ client: f.client, cache: f.cache, log: silentLogger, concurrency: CONCURRENCY, fullWalkEveryMs: 0 });
    let requests = 0;
    return {
      note: () => `a re-sync made ${requests} requests; the baseline reads all ${pages} light pages`,
      contender: async () => {
        const r = await engine.run();
        requests = r.requests;
        if (r.interviews_written !== 0 || r.issues.length > 0)
          throw new Error(`A re-sync with nothing changed wrote ${r.interviews_written} interviews with ${r.issues.length} issues.`);
      },
      baseline: async () => {
        let next = 1;
        const worker = async () => {
          while (next <= pages) {
            const n = next++;
            const res = await request(url(n), { dispatcher: agent, headers: { 'x-api-key': f.sandbox.apiKey, accept: 'application/json' } });
            for await (const _chunk of res.body) void _chunk;
            if (res.statusCode !== 200) throw new Error(`Light page ${n} answered ${res.statusCode}.`);
          }
        };
        await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      },
      close: () => agent.close(),
    };
  },
});
