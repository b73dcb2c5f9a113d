import type { codeChannels } from '../../../shared/ipc/channels/codes';
import { codesFromReport } from '../../analysis/codes/from-report';
import type { Cache } from '../../cache/cache';
import { codeSegments, type CodeSegments } from '../../analysis/codes/segments';
import type { HandlerMap } from '../dispatcher';
import type { HandlerDeps } from './context';

const now = () => new Date().toISOString();

export function codeHandlers(d: Pick<HandlerDeps, 'runtimes' | 'settings'>): HandlerMap<typeof codeChannels> {
  const cache = async (ws: string) => (await d.runtimes.get(ws)).cache;
  // One retrieval service per open cache, so its question alignments are kept between pages and codes.
  const services = new WeakMap<Cache, CodeSegments>();
  const segments = async (ws: string) => {
    const c = await cache(ws);
    let s = services.get(c);
    if (!s) services.set(c, (s = codeSegments(c, { researcherName: () => d.settings.get().researcher_name })));
    return s;
  };
  return {
    'codes.list': async ({ workspace_id, project_id }) => (await cache(workspace_id)).call('codes.list', { projectId: project_id }),
    'codes.create': async ({ workspace_id, project_id, name, color, description, parent_id, is_category }) =>
      (await cache(workspace_id)).call('codes.create', {
        projectId: project_id,
        name,
        description,
        parentId: parent_id,
        isCategory: is_category,
        now: now(),
        ...(color ? { color } : {}),
      }),
    'codes.update': async ({ workspace_id, id, name, color, description, parent_id }) =>
      (await cache(workspace_id)).call('codes.update', {
        id,
        now: now(),
        ...(name !== undefined ? { name } : {}),
        ...(color !== undefined ? { color } : {}),
        ...(description !== undefined ? { description } : {}),
        ...(parent_id !== undefined ? { parentId: parent_id } : {}),
      }),
    'codes.merge': async ({ workspace_id, from_id, into_id }) =>
      (await cache(workspace_id)).call('codes.merge', { fromId: from_id, intoId: into_id, now: now() }),
    'codes.segments': async ({ workspace_id, id, coder, field, screener, offset, limit, facets }) =>
      (await segments(workspace_id)).page(
        id,
        { ...(coder !== undefined ? { coder } : {}), ...(field ? { field } : {}), ...(screener ? { screener } : {}) },
        { offset, limit, facets },
      ),
    'codes.delete': async ({ workspace_id, id }) => (await cache(workspace_id)).call('codes.delete', { id }),
    'codes.fromReport': async ({ workspace_id, project_id }) => codesFromReport({ cache: await cache(workspace_id), now }, project_id),
  };
}
