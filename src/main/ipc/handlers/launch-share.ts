import { normaliseAllowList } from '../../../shared/allow-list';
import type { EmbedView, InsufficientBalanceDetails, LaunchView, launchShareChannels } from '../../../shared/ipc/channels/launch-share';
import type { ProjectDetail } from '../../../shared/ipc/channels/views';
import { isServiceError, type ServiceError } from '../../api/errors';
import { callUrlFromEmbed, type LaunchOutcome } from '../../api/launch';
import { AppError } from '../../errors';
import type { WorkspaceRuntime } from '../../workspaces/runtime';
import { readSide } from '../../sync/side-reads';
import type { HandlerMap } from '../dispatcher';
import type { HandlerDeps } from './context';
import { projectHandlers } from './projects';

const iso = () => new Date().toISOString();

/** Minor units (cents) as the service's own balance strings show money: "$1,234.50". */
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatMinor = (n: number) => money.format(n / 100);

const int = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : null);

/** A 402 in words: what the launch needs, what there is, and what to do about it. */
export function insufficientBalance(e: ServiceError): AppError {
  const details: InsufficientBalanceDetails = {
    available: int(e.details.balance_available),
    required: int(e.details.balance_required),
    shortfall: int(e.details.shortfall),
  };
  if (details.shortfall === null && details.required !== null && details.available !== null) details.shortfall = details.required - details.available;
  const parts = [
    details.required !== null ? `it needs ${formatMinor(details.required)}` : null,
    details.available !== null ? `${formatMinor(details.available)} is available` : null,
  ].filter(Boolean);
  const short = details.shortfall !== null ? ` (${formatMinor(details.shortfall)} short)` : '';
  const message = `The balance can't cover this launch${parts.length ? `: ${parts.join(' and ')}${short}` : ''}. Add funds to your account, or launch to fewer participants. Nothing was charged.`;
  return new AppError('insufficient_balance', message, details);
}

function isNetwork(e: unknown): boolean {
  return isServiceError(e) && e.status === 0 && e.code !== 'aborted';
}

/**
 * Launch and the Share tab. A launch charges money, so main holds one launch per project at a time: a
 * second call while one runs joins it instead of sending another POST. The renderer also disables the
 * button, but this guard is what makes "never sent twice" true for any caller.
 */
export function launchShareHandlers(d: Pick<HandlerDeps, 'runtimes' | 'workspaces'>): HandlerMap<typeof launchShareChannels> {
  const inFlight = new Map<string, Promise<LaunchView>>();
  const getProject = projectHandlers(d)['projects.get'];

  const readProject = (workspace_id: string, project_id: string): Promise<ProjectDetail | null> => getProject({ workspace_id, project_id }, {}).catch(() => null);

  /** Brings the launched project into the cache. A sync already running may predate the launch, so one more if needed. */
  async function syncLaunched(r: WorkspaceRuntime, projectId: string): Promise<void> {
    for (let i = 0; i < 2; i++) {
      await r.runSync([projectId]).catch(() => undefined);
      if ((await r.cache.call('projects.get', { id: projectId }))?.has_launched) return;
    }
  }

  async function launch(workspace_id: string, project_id: string, target: number): Promise<LaunchView> {
    const r = await d.runtimes.get(workspace_id);
    const cached = await r.cache.call('projects.get', { id: project_id });
    const locale = cached?.guide?.languages[0]?.accent ?? 'en-US';
    if (cached?.has_launched) {
      // Launching is once only, and the cache already knows it happened: nothing to send.
      const project = await readProject(workspace_id, project_id);
      return {
        outcome: 'already_launched',
        message: 'This study has already launched. A study launches only once, so nothing was sent or charged.',
        call_url: project?.guide?.call_url ?? (project?.embed ? callUrlFromEmbed(project.embed, locale) : null),
        target_participants: project?.recruiting.target_participants ?? null,
        trial_credits_used: null,
        balance_charged: null,
        balance_remaining: null,
        project,
      };
    }
    const client = await d.workspaces.client(workspace_id);
    let outcome: LaunchOutcome;
    try {
      // No abort signal: once sent, a launch is seen through even if the researcher switches workspace.
      outcome = await client.launchProject(project_id, target, { locale });
    } catch (e) {
      if (isServiceError(e) && e.status === 402) throw insufficientBalance(e);
      throw e;
    }
    const callUrl = outcome.kind === 'launched' ? outcome.result.call_url : outcome.call_url;
    if (callUrl) await r.cache.call('projects.saveGuide', { guide: { project_id, call_url: callUrl, source: 'launched' }, now: iso() }).catch(() => undefined);
    await syncLaunched(r, project_id);
    const project = await readProject(workspace_id, project_id);
    if (outcome.kind === 'launched') {
      const res = outcome.result;
      return {
        outcome: 'launched',
        message: `Launched to ${res.target_participants ?? target} participants.`,
        call_url: res.call_url,
        target_participants: res.target_participants ?? target,
        trial_credits_used: res.trial_credits_used,
        balance_charged: res.balance_charged,
        balance_remaining: res.balance_remaining,
        project,
      };
    }
    return {
      outcome: outcome.kind,
      message:
        outcome.kind === 'already_launched'
          ? 'This study had already launched, so nothing more was charged. A study launches only once.'
          : "The service's answer was lost on the way, but the study shows as launched. Check the credits in the header for what was charged.",
      call_url: callUrl,
      target_participants: outcome.project?.recruiting?.target_participants ?? project?.recruiting.target_participants ?? null,
      trial_credits_used: null,
      balance_charged: null,
      balance_remaining: null,
      project,
    };
  }

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
    'studies.launch': ({ workspace_id, project_id, target_participants }) => {
      const key = `${workspace_id}/${project_id}`;
      const running = inFlight.get(key);
      if (running) return running;
      const p = launch(workspace_id, project_id, target_participants).finally(() => inFlight.delete(key));
      inFlight.set(key, p);
      return p;
    },
    'embed.get': async ({ workspace_id, project_id }) => {
      const r = await d.runtimes.get(workspace_id);
      const client = await d.workspaces.client(workspace_id);
      // Each read on its own: an embed refused before launch (409) must not hide the allow-list.
      const read = <T>(kind: 'embed' | 'allow_list', fetch: () => Promise<T>, save: (v: T) => Promise<unknown>) =>
        readSide({ cache: r.cache, projectId: project_id, kind, now: iso, fetch, save });
      const outcomes = await Promise.all([
        read('embed', () => client.getEmbed(project_id), (embed) => r.cache.call('embeds.save', { projectId: project_id, embed, now: iso() })),
        read('allow_list', () => client.getAllowList(project_id), (allowList) => r.cache.call('embeds.save', { projectId: project_id, allowList, now: iso() })),
      ]);
      const offline = outcomes.some((o) => !o.ok && isNetwork(o.error));
      return embedView(r, project_id, offline);
    },
    'embed.setAllowList': async ({ workspace_id, project_id, allowed_urls }) => {
      const checked = normaliseAllowList(allowed_urls);
      if (!checked.ok) {
        const entries = checked.entries.flatMap((e, index) => (e.ok ? [] : [{ index, input: e.input, code: e.code, message: e.message }]));
        throw new AppError('invalid_allowed_urls', `${entries.length === 1 ? 'One entry is' : `${entries.length} entries are`} not valid: ${entries[0]!.message} Fix ${entries.length === 1 ? 'it' : 'them'}, then save again.`, { entries });
      }
      const r = await d.runtimes.get(workspace_id);
      const client = await d.workspaces.client(workspace_id);
      try {
        const allowList = await client.putAllowList(project_id, checked.origins);
        await r.cache.call('embeds.save', { projectId: project_id, allowList, now: iso() });
      } catch (e) {
        if (isNetwork(e)) throw new AppError('offline', "The allow-list wasn't saved: the service can't be reached. Your entries are still here; save again when you're back online.");
        if (isServiceError(e) && e.status >= 500) {
          throw new AppError('service_error', "The allow-list wasn't saved: the service had a problem. Your entries are still here; save again in a moment.", { status: e.status, cause: e.code });
        }
        throw e;
      }
      return embedView(r, project_id, false);
    },
  };
}
