import type { EmbedInfo } from '../../shared/schemas/embed';
import type { LaunchResult, ProjectListItem } from '../../shared/schemas/project';
import { AppError } from '../errors';
import { getEmbed } from './endpoints/embed';
import { listProjects, postLaunch } from './endpoints/projects';
import type { ServiceError } from './errors';
import { isServiceError } from './errors';
import type { Transport } from './transport';

export type LaunchOutcome =
  | { kind: 'launched'; result: LaunchResult }
  /** The answer was lost (network, timeout, 5xx) but the project shows as launched on the service. */
  | { kind: 'launched_unconfirmed'; project: ProjectListItem; call_url: string | null }
  /** 409: it had launched before. */
  | { kind: 'already_launched'; project: ProjectListItem | null; call_url: string | null };

/**
 * Launch charges money, so it is sent exactly once. When the outcome is unknown (no answer, a 5xx, a
 * garbled body) it is reconciled by reading the project back, never by sending the launch again.
 */
export async function launchProject(
  t: Transport,
  projectId: string,
  targetParticipants: number,
  opts: { locale?: string; signal?: AbortSignal } = {},
): Promise<LaunchOutcome> {
  try {
    return { kind: 'launched', result: await postLaunch(t, projectId, targetParticipants, opts) };
  } catch (e) {
    if (!isServiceError(e)) throw e;
    if (e.status === 409) {
      const project = await findProject(t, projectId).catch(() => null);
      return { kind: 'already_launched', project, call_url: await deriveCallUrl(t, projectId, opts.locale).catch(() => null) };
    }
    if (!outcomeUnknown(e)) throw e;
    let project: ProjectListItem | null;
    try {
      project = await findProject(t, projectId);
    } catch {
      throw new AppError(
        'launch_outcome_unknown',
        "Fieldwork couldn't confirm whether the launch went through, and won't send it again on its own. Check your connection, then open the project to see its status.",
        { projectId },
      );
    }
    if (project?.recruiting?.has_launched) {
      return { kind: 'launched_unconfirmed', project, call_url: await deriveCallUrl(t, projectId, opts.locale).catch(() => null) };
    }
    throw new AppError('launch_not_completed', 'The launch did not go through, and nothing was charged. You can try again.', { projectId, cause: e.code });
  }
}

function outcomeUnknown(e: ServiceError): boolean {
  // No answer at all, even a cancel after sending, leaves the launch unknown.
  if (e.status === 0) return true;
  return e.status >= 500 || e.code === 'truncated_response' || e.code === 'unreadable_response' || e.code === 'invalid_response' || e.code === 'empty_response';
}

async function findProject(t: Transport, projectId: string): Promise<ProjectListItem | null> {
  return (await listProjects(t)).find((p) => p.id === projectId) ?? null;
}

/**
 * The launch answer carries call_url; when it is lost, the embed URL ({call_base_url}/embed/<i>/<p>)
 * gives the call base, and call_url is {call_base_url}/<locale>/<i>/<p>.
 */
export async function deriveCallUrl(t: Transport, projectId: string, locale = 'en-US'): Promise<string | null> {
  return callUrlFromEmbed(await getEmbed(t, projectId), locale);
}

/** The pure half of deriveCallUrl, for when the embed info is already at hand (the cache). */
export function callUrlFromEmbed(embed: Pick<EmbedInfo, 'embed_url' | 'interview_id' | 'project_id'>, locale = 'en-US'): string | null {
  const suffix = `/embed/${embed.interview_id}/${embed.project_id}`;
  if (!embed.embed_url.endsWith(suffix)) return null;
  const base = embed.embed_url.slice(0, -suffix.length);
  return `${base}/${encodeURIComponent(locale)}/${embed.interview_id}/${embed.project_id}`;
}
