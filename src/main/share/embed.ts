import { normaliseAllowList } from '../../shared/allow-list';
import type { EmbedView } from '../../shared/ipc/channels/embed';
import { isServiceError } from '../api/errors';
import { callUrlFromEmbed } from '../api/launch';
import { AppError } from '../errors';
import { readSide } from '../sync/side-reads';
import type { RuntimeManager, WorkspaceRuntime } from '../workspaces/runtime';
import type { WorkspaceService } from '../workspaces/service';

const iso = () => new Date().toISOString();

function isNetwork(e: unknown): boolean {
  return isServiceError(e) && e.status === 0 && e.code !== 'aborted';
}

export type EmbedService = {
  /** Reads the embed and the allow-list afresh (each on its own), keeps them, and answers with what is known. */
  get(workspace_id: string, project_id: string): Promise<EmbedView>;
  /** Checks and normalises the entries, saves them to the service, and answers with the new state. */
  setAllowList(workspace_id: string, project_id: string, allowed_urls: string[]): Promise<EmbedView>;
};

/** The Share tab's data: the embed snippet, the participant link and the allow-list. */
export function createEmbedService(d: { runtimes: RuntimeManager; workspaces: Pick<WorkspaceService, 'client'> }): EmbedService {
  async function embedView(r: WorkspaceRuntime, projectId: string, offline: boolean): Promise<EmbedView> {
    const [cached, project, gaps] = await Promise.all([
      r.cache.call('embeds.get', { projectId }),
      r.cache.call('projects.get', { id: projectId }),
      r.cache.call('sideReads.gaps', { projectId }),
    ]);
    const embed = cached?.embed ?? null;
    const locale = project?.guide?.languages[0]?.accent ?? 'en-US';
    return {
      embed,
      allowed_urls: cached?.allowed_urls ?? null,
      call_url: project?.guide?.call_url ?? (embed ? callUrlFromEmbed(embed, locale) : null),
      synced_at: cached?.synced_at ?? null,
      offline,
      unavailable: { ...(gaps.embed ? { embed: gaps.embed } : {}), ...(gaps.allow_list ? { allow_list: gaps.allow_list } : {}) },
    };
  }

  return {
    async get(workspace_id, project_id) {
      const r = await d.runtimes.get(workspace_id);
      const client = await d.workspaces.client(workspace_id);
      // Each read on its own: an embed refused before launch (409) must not hide the allow-list.
      const read = <T>(kind: 'embed' | 'allow_list', fetch: () => Promise<T>, save: (v: T) => Promise<unknown>) =>
        readSide({ cache: r.cache, projectId: project_id, kind, now: iso, fetch, save });
      const outcomes = await Promise.all([
        read(
          'embed',
          () => client.getEmbed(project_id),
          (embed) => r.cache.call('embeds.save', { projectId: project_id, embed, now: iso() }),
        ),
        read(
          'allow_list',
          () => client.getAllowList(project_id),
          (allowList) => r.cache.call('embeds.save', { projectId: project_id, allowList, now: iso() }),
        ),
      ]);
      const offline = outcomes.some((o) => !o.ok && isNetwork(o.error));
      return embedView(r, project_id, offline);
    },
    async setAllowList(workspace_id, project_id, allowed_urls) {
      const checked = normaliseAllowList(allowed_urls);
      if (!checked.ok) {
        const entries = checked.entries.flatMap((e, index) => (e.ok ? [] : [{ index, input: e.input, code: e.code, message: e.message }]));
        throw new AppError(
          'invalid_allowed_urls',
          `${entries.length === 1 ? 'One entry is' : `${entries.length} entries are`} not valid: ${entries[0]!.message} Fix ${entries.length === 1 ? 'it' : 'them'}, then save again.`,
          { entries },
        );
      }
      const r = await d.runtimes.get(workspace_id);
      const client = await d.workspaces.client(workspace_id);
      try {
        const allowList = await client.putAllowList(project_id, checked.origins);
        await r.cache.call('embeds.save', { projectId: project_id, allowList, now: iso() });
      } catch (e) {
        if (isNetwork(e))
          throw new AppError(
            'offline',
            "The allow-list wasn't saved: the service can't be reached. Your entries are still here; save again when you're back online.",
          );
        if (isServiceError(e) && e.status >= 500) {
          throw new AppError('service_error', "The allow-list wasn't saved: the service had a problem. Your entries are still here; save again in a moment.", {
            status: e.status,
            cause: e.code,
          });
        }
        throw e;
      }
      return embedView(r, project_id, false);
    },
  };
}
