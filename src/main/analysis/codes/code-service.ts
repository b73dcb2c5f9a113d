import type { Cache } from '../../cache/cache';
import type { RuntimeManager } from '../../workspaces/runtime';
import { codesFromReport } from './from-report';
import { codeSegments, type CodeSegments, type SegmentFilter } from './segments';

export type CodeServiceDeps = {
  runtimes: Pick<RuntimeManager, 'get'>;
  /** How this workspace's researcher is shown as a coder (from the settings). */
  researcherName: () => string;
  now?: () => string;
};

export type NewCode = { name: string; color?: string; description?: string; parentId?: string | null; isCategory?: boolean };
export type CodeChanges = { name?: string; color?: string; description?: string; parentId?: string | null };

/** A study's codebook: its codes, their merges, the segments coded with each, and codes drawn from the AI report. */
export function createCodeService(d: CodeServiceDeps) {
  const now = d.now ?? (() => new Date().toISOString());
  const cache = async (workspaceId: string) => (await d.runtimes.get(workspaceId)).cache;
  // One retrieval service per open cache, so its question alignments are kept between pages and codes.
  const retrievals = new WeakMap<Cache, CodeSegments>();
  const segments = async (workspaceId: string) => {
    const c = await cache(workspaceId);
    let s = retrievals.get(c);
    if (!s) retrievals.set(c, (s = codeSegments(c, { researcherName: d.researcherName })));
    return s;
  };
  return {
    list: async (workspaceId: string, projectId: string) => (await cache(workspaceId)).call('codes.list', { projectId }),
    create: async (workspaceId: string, projectId: string, c: NewCode) =>
      (await cache(workspaceId)).call('codes.create', {
        projectId,
        name: c.name,
        description: c.description,
        parentId: c.parentId,
        isCategory: c.isCategory,
        now: now(),
        ...(c.color ? { color: c.color } : {}),
      }),
    update: async (workspaceId: string, id: string, c: CodeChanges) =>
      (await cache(workspaceId)).call('codes.update', {
        id,
        now: now(),
        ...(c.name !== undefined ? { name: c.name } : {}),
        ...(c.color !== undefined ? { color: c.color } : {}),
        ...(c.description !== undefined ? { description: c.description } : {}),
        ...(c.parentId !== undefined ? { parentId: c.parentId } : {}),
      }),
    merge: async (workspaceId: string, fromId: string, intoId: string) => (await cache(workspaceId)).call('codes.merge', { fromId, intoId, now: now() }),
    segments: async (workspaceId: string, codeId: string, filter: SegmentFilter, page: { offset?: number; limit?: number; facets?: boolean }) =>
      (await segments(workspaceId)).page(codeId, filter, page),
    /** Every segment coded with the code, without the questions they answer (the CLI's `codes list --segments`). */
    allSegments: async (workspaceId: string, codeId: string) => (await (await segments(workspaceId)).all(codeId, {}, { questions: false })).segments,
    delete: async (workspaceId: string, id: string) => (await cache(workspaceId)).call('codes.delete', { id }),
    fromReport: async (workspaceId: string, projectId: string) => codesFromReport({ cache: await cache(workspaceId), now }, projectId),
  };
}
export type CodeService = ReturnType<typeof createCodeService>;
