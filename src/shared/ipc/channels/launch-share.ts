import { idSchema } from '../../ids';
import { z } from 'zod';
import type { EmbedInfo } from '../../schemas/embed';
import { LIMITS } from '../../schemas/limits';
import { channel } from '../define';
import type { ProjectDetail } from './views';
import { workspaceId } from './workspaces';

const id = idSchema;
const ws = { workspace_id: workspaceId };

/**
 * How a launch ended. `launched`: the service confirmed it and said what it charged. `already_launched`:
 * the service answered 409, so it had launched before (nothing charged now). `launched_unconfirmed`: the
 * answer was lost but reading the project back shows it launched; the charge is not known here.
 */
export type LaunchView = {
  outcome: 'launched' | 'already_launched' | 'launched_unconfirmed';
  /** What happened, in words the researcher can act on. */
  message: string;
  call_url: string | null;
  target_participants: number | null;
  trial_credits_used: number | null;
  balance_charged: string | null;
  balance_remaining: string | null;
  /** The project as the cache has it after the post-launch sync (null if it could not be read). */
  project: ProjectDetail | null;
};

/** 402 details, as the service gave them (integers in the currency's minor unit, e.g. cents). */
export type InsufficientBalanceDetails = { available: number | null; required: number | null; shortfall: number | null };

export type EmbedView = {
  embed: EmbedInfo | null;
  allowed_urls: string[] | null;
  /** The participant link: from the launch answer if known, else derived from the embed URL. */
  call_url: string | null;
  synced_at: string | null;
  /** True when the service could not be reached and this is the saved copy. */
  offline: boolean;
  /** Why the embed or the allow-list was not available when last read (not launched, refused, …). */
  unavailable: { embed?: string; allow_list?: string };
};

export const launchShareChannels = {
  'studies.launch': channel(
    z.object({
      ...ws,
      project_id: id,
      target_participants: z.number({ error: 'Enter how many participants to recruit.' }).int('Enter a whole number of participants.').min(LIMITS.targetParticipantsMin, `Recruit at least ${LIMITS.targetParticipantsMin} participant.`)
        .max(LIMITS.targetParticipantsMax, `Recruit at most ${LIMITS.targetParticipantsMax} participants in one launch.`),
    }),
  ).returns<LaunchView>(),
  'embed.get': channel(z.object({ ...ws, project_id: id })).returns<EmbedView>(),
  'embed.setAllowList': channel(z.object({ ...ws, project_id: id, allowed_urls: z.array(z.string().max(2048)).max(LIMITS.allowListMax) })).returns<EmbedView>(),
};
