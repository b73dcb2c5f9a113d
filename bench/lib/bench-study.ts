import { openInProcessCache } from '../../src/main/cache/cache';
import { projectListItem } from '../../src/shared/schemas/project';

/** A cache file of its own holding one listed study, "bench", for rows that write their interviews straight in. */
export async function openBenchStudy(file: string, now: string) {
  const cache = await openInProcessCache(file);
  await cache.call('projects.saveList', {
    items: [projectListItem.parse({ id: 'bench', title: 'Bench study', status: 'STARTED', created_at: now, type: 'CHURN' })],
    syncedAt: now,
  });
  return cache;
}
