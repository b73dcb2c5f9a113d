import { normaliseAllowList } from '../../shared/allow-list';
import { allowListRequest } from '../../shared/schemas/embed';
import { LIMITS } from '../../shared/schemas/limits';
import type { ApiContext, ApiHandler } from '../context';
import { buildSnippets } from '../domain/snippets';
import { parseBody } from '../http/body';
import { ApiError, notFound } from '../http/errors';
import { getAllowList, setAllowList } from '../store/allow-lists';
import { getProject, type Project } from '../store/projects';
import { callBaseUrl } from './views';

function project(ctx: ApiContext, id: string): Project {
  const p = getProject(ctx.db, ctx.org.id, id);
  if (!p) throw notFound();
  return p;
}

export const embedUrl = (ctx: { baseUrl: () => string }, p: Pick<Project, 'id' | 'interview_id'>) => `${callBaseUrl(ctx)}/embed/${p.interview_id}/${p.id}`;

export const embedRoute: ApiHandler = (_req, params, ctx) => {
  const p = project(ctx, params.project_id!);
  const url = embedUrl(ctx, p);
  return {
    status: 200,
    body: {
      embed_url: url,
      interview_id: p.interview_id,
      project_id: p.id,
      snippets: buildSnippets({ baseUrl: ctx.baseUrl(), embedUrl: url, interviewId: p.interview_id, projectId: p.id }),
    },
  };
};

export const getAllowListRoute: ApiHandler = (_req, params, ctx) => {
  const p = project(ctx, params.project_id!);
  return { status: 200, body: { project_id: p.id, allowed_urls: getAllowList(ctx.db, p.id) } };
};

export const putAllowListRoute: ApiHandler = async (req, params, ctx) => {
  const p = project(ctx, params.project_id!);
  const body = await parseBody(req, allowListRequest);
  if (body.allowed_urls.length > LIMITS.allowListMax) {
    throw new ApiError(400, 'invalid_allowed_urls', `At most ${LIMITS.allowListMax} origins can be listed.`);
  }
  const result = normaliseAllowList(body.allowed_urls);
  if (!result.ok) {
    const entries = result.entries.flatMap((e, index) => (e.ok ? [] : [{ index, input: e.input, code: e.code, message: e.message }]));
    throw new ApiError(400, 'invalid_allowed_urls', `${entries.length} entr${entries.length === 1 ? 'y is' : 'ies are'} not valid: ${entries[0]!.message}`, {
      details: { entries },
    });
  }
  setAllowList(ctx.db, p.id, result.origins);
  return { status: 200, body: { project_id: p.id, allowed_urls: result.origins } };
};
