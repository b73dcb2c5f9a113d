import type { InsufficientBalanceDetails, LaunchView } from '../../shared/ipc/channels/studies';
import type { ProjectDetail } from '../../shared/views';
import { isServiceError, type ServiceError } from '../api/errors';
import { callUrlFromEmbed, type LaunchOutcome } from '../api/launch';
import { readProjectDetail } from '../cache/read-models';
import { AppError } from '../errors';
import type { RuntimeManager, WorkspaceRuntime } from '../workspaces/runtime';
import type { WorkspaceService } from '../workspaces/service';

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

/**
 * "$1,234.50" (or "1234.50", "USD 75.00") as minor units; null for anything else, such as a negative
 * amount, another decimal convention, or a value with no digits. Never guesses.
 */
export function parseMoneyMinor(s: string | null): number | null {
  if (s === null) return null;
  const m = /^\s*(?:[A-Z]{3}\s*)?[$£€]?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*(?:[A-Z]{3})?\s*$/.exec(s);
  if (!m) return null;
  const whole = Number(m[1]!.replace(/,/g, ''));
  const frac = m[2] === undefined ? 0 : Number(m[2].padEnd(2, '0'));
  return whole * 100 + frac;
}

/**
 * The price per participant a launch result implies: the balance charged over the participants trial
 * credits did not cover (the spec: trial credits first, then the balance, up front for the target).
 * Null when that cannot be known: no readable charge, or no participant paid from the balance.
 */
export function pricePerParticipant(target: number, trialUsed: number | null, charged: string | null): number | null {
  const minor = parseMoneyMinor(charged);
  if (minor === null || trialUsed === null) return null;
  const paid = target - trialUsed;
  if (paid <= 0) return null;
  return Math.round(minor / paid);
}

export type Launcher = {
  /** Launches a study once; a second call while one runs joins it instead of sending another POST. */
  launch(workspaceId: string, projectId: string, targetParticipants: number): Promise<LaunchView>;
};

/**
 * Launching a study. A launch charges money, so main holds one launch per project at a time: a second
 * call while one runs joins it. The renderer also disables the button, but this guard is what makes
 * "never sent twice" true for any caller (the window, the CLI, a test).
 */
export function createLauncher(d: LauncherDeps): Launcher {
  const inFlight = new Map<string, Promise<LaunchView>>();
  return {
    launch(workspaceId, projectId, target) {
      // The one guard against a second POST: set synchronously, before anything is awaited.
      const key = `${workspaceId}/${projectId}`;
      const running = inFlight.get(key);
      if (running) return running;
      const p = launchOnce(d, workspaceId, projectId, target).finally(() => inFlight.delete(key));
      inFlight.set(key, p);
      return p;
    },
  };
}

type LauncherDeps = { runtimes: RuntimeManager; workspaces: Pick<WorkspaceService, 'client'> };
type Launched = Extract<LaunchOutcome, { kind: 'launched' }>;
type NotConfirmed = Exclude<LaunchOutcome, Launched>;

const readProject = async (r: WorkspaceRuntime, projectId: string): Promise<ProjectDetail | null> => readProjectDetail(r.cache, projectId).catch(() => null);

/** Brings the launched project into the cache. A sync already running may predate the launch, so one more if needed. */
async function syncLaunched(r: WorkspaceRuntime, projectId: string): Promise<void> {
  for (let i = 0; i < 2; i++) {
    await r.runSync([projectId]).catch(() => undefined);
    if ((await r.cache.call('projects.get', { id: projectId }))?.has_launched) return;
  }
}

/** One launch, unguarded: the caller makes sure it never runs twice at once for a project. */
async function launchOnce(d: LauncherDeps, workspace_id: string, project_id: string, target: number): Promise<LaunchView> {
  const r = await d.runtimes.get(workspace_id);
  const cached = await r.cache.call('projects.get', { id: project_id });
  const locale = cached?.guide?.languages[0]?.accent ?? 'en-US';
  // Launching is once only, and the cache already knows it happened: nothing to send.
  if (cached?.has_launched) return alreadyLaunchedView(await readProject(r, project_id), locale);
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
  const project = await readProject(r, project_id);
  if (outcome.kind === 'launched') return launchedView(r, project_id, target, outcome, project);
  return notConfirmedView(outcome, callUrl, project);
}

function alreadyLaunchedView(project: ProjectDetail | null, locale: string): LaunchView {
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

async function launchedView(r: WorkspaceRuntime, project_id: string, target: number, outcome: Launched, project: ProjectDetail | null): Promise<LaunchView> {
  const res = outcome.result;
  // The only place the service says what a participant costs: kept so the next launch can quote it.
  await r.cache
    .call('launches.saveCharge', {
      projectId: project_id,
      launchedAt: iso(),
      targetParticipants: res.target_participants ?? target,
      trialCreditsUsed: res.trial_credits_used,
      balanceCharged: res.balance_charged,
      perParticipantMinor: pricePerParticipant(res.target_participants ?? target, res.trial_credits_used, res.balance_charged),
    })
    .catch(() => undefined);
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

/** It had launched before (409), or the answer was lost but the service shows it launched: no charge is known. */
function notConfirmedView(outcome: NotConfirmed, callUrl: string | null, project: ProjectDetail | null): LaunchView {
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
