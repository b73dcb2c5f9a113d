import { allowList, allowListRequest, embedInfo } from '../../../shared/schemas/embed';
import type { Transport } from '../transport';
import { seg, validated } from './validate';

type Opts = { signal?: AbortSignal | undefined };

export const getEmbed = (t: Transport, projectId: string, o: Opts = {}) =>
  t.send({ method: 'GET', path: `/v1/projects/${seg(projectId)}/embed`, schema: embedInfo, signal: o.signal });

export const getAllowList = (t: Transport, projectId: string, o: Opts = {}) =>
  t.send({ method: 'GET', path: `/v1/projects/${seg(projectId)}/embed/allow-list`, schema: allowList, signal: o.signal });

/** Replacing the whole list is idempotent, so this PUT is the one write the client retries. */
export const putAllowList = (t: Transport, projectId: string, urls: string[], o: Opts = {}) =>
  t.send({
    method: 'PUT',
    path: `/v1/projects/${seg(projectId)}/embed/allow-list`,
    body: validated(allowListRequest, { allowed_urls: urls }),
    schema: allowList,
    idempotent: true,
    signal: o.signal,
  });
