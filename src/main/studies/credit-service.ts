import type { StudyDataDeps } from './project-service';

/** The balance and the last launch's price as last synced: the header shows them offline too. */
export function createCreditService(d: StudyDataDeps) {
  return {
    balance: async (workspaceId: string) => (await d.runtimes.get(workspaceId)).cache.call('credits.get'),
    lastLaunchPrice: async (workspaceId: string) => (await d.runtimes.get(workspaceId)).cache.call('launches.lastPrice'),
  };
}
export type CreditService = ReturnType<typeof createCreditService>;
