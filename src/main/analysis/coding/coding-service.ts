import type { OpArgs } from '../../cache/ops';
import type { RuntimeManager } from '../../workspaces/runtime';

export type CodingServiceDeps = { runtimes: Pick<RuntimeManager, 'get'>; now?: () => string };

export type NewCoding = OpArgs<'highlights.add'>['highlight'];
/** What a change to a coding may carry; the codes are replaced only when either list is given. */
export type CodingChanges = {
  note?: string;
  codeIds?: string[];
  newCodes?: NonNullable<OpArgs<'highlights.update'>['codes']>['new_codes'];
  range?: OpArgs<'highlights.update'>['range'];
};
export type CodingFilter = { projectId?: string; interviewId?: string; codeId?: string; coder?: string | null };

/** The researcher's codings (highlights): user data in its own tables, never touched by sync. */
export function createCodingService(d: CodingServiceDeps) {
  const now = d.now ?? (() => new Date().toISOString());
  const cache = async (workspaceId: string) => (await d.runtimes.get(workspaceId)).cache;
  return {
    add: async (workspaceId: string, highlight: NewCoding) => (await cache(workspaceId)).call('highlights.add', { highlight, now: now() }),
    update: async (workspaceId: string, id: string, c: CodingChanges) =>
      (await cache(workspaceId)).call('highlights.update', {
        id,
        now: now(),
        ...(c.note !== undefined ? { note: c.note } : {}),
        ...(c.codeIds !== undefined || c.newCodes !== undefined ? { codes: { code_ids: c.codeIds ?? [], new_codes: c.newCodes ?? [] } } : {}),
        ...(c.range !== undefined ? { range: c.range } : {}),
      }),
    delete: async (workspaceId: string, id: string) => (await cache(workspaceId)).call('highlights.delete', { id }),
    list: async (workspaceId: string, f: CodingFilter) =>
      (await cache(workspaceId)).call('highlights.list', {
        ...(f.projectId ? { projectId: f.projectId } : {}),
        ...(f.interviewId ? { interviewId: f.interviewId } : {}),
        ...(f.codeId ? { codeId: f.codeId } : {}),
        ...(f.coder !== undefined ? { coder: f.coder } : {}),
      }),
  };
}
export type CodingService = ReturnType<typeof createCodingService>;
