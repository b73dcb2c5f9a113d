import { idSchema } from '../../ids';
import { z } from 'zod';
import { LIMITS } from '../../schemas/limits';
import {
  createProjectRequest,
  externalProjectRequest,
  generateQuestionsRequest,
  type GenerateQuestionsResponse,
  type InterviewGuide,
} from '../../schemas/project';
import type { ProjectDetail } from '../../views';
import { channel } from '../define';
import { workspaceId } from './workspaces';

const id = idSchema;
const ws = { workspace_id: workspaceId };

export type GenerateResult = GenerateQuestionsResponse;
export type CreateStudyResult = { project_id: string; interview_id: string };
export type CreateExternalResult = { project_id: string; title: string; status: string; guide: InterviewGuide };

/** A stimulus whose earlier questions still exist word for word after an edit; they were assigned again. */
export type RestoredStimulus = { stimuli_id: string; caption: string | null; question_items: string[]; lost_questions: string[] };
/** A stimulus left with no question after an edit: launch is blocked until it gets one on the Stimuli tab. */
export type UnresolvedStimulus = { stimuli_id: string; caption: string | null; lost_questions: string[] };
export type UpdateStudyResult = { stimuli_cleared: boolean; restored: RestoredStimulus[]; unresolved: UnresolvedStimulus[] };

export const studyUpdateInput = z
  .object({
    ...ws,
    project_id: id,
    title: createProjectRequest.shape.title,
    questions: createProjectRequest.shape.questions.optional(),
    intro_message: createProjectRequest.shape.intro_message.optional(),
    end_message: z.string().max(LIMITS.messageMax).nullable().optional(),
  })
  .refine(
    (b) => b.title !== undefined || b.questions !== undefined || b.intro_message !== undefined || b.end_message !== undefined,
    'Change at least one field',
  );

/**
 * Creating and editing studies. Every call goes to the service (the offline cache cannot create a
 * study) and then syncs the project in, so the result shows at once and stays browsable offline.
 * Error codes beyond the service's own: generation_failed (502, retry allowed), ai_unavailable (503),
 * not_editable (launched), survey_questions (the guide holds survey questions), organisation_required.
 */
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

export const studyChannels = {
  'studies.generate': channel(generateQuestionsRequest.extend(ws)).returns<GenerateResult>(),
  'studies.create': channel(createProjectRequest.extend(ws)).returns<CreateStudyResult>(),
  'studies.createExternal': channel(
    externalProjectRequest.extend({ ...ws, organisation_id: externalProjectRequest.shape.organisation_id.optional() }),
  ).returns<CreateExternalResult>(),
  'studies.update': channel(studyUpdateInput).returns<UpdateStudyResult>(),
  'studies.launch': channel(
    z.object({
      ...ws,
      project_id: id,
      target_participants: z
        .number({ error: 'Enter how many participants to recruit.' })
        .int('Enter a whole number of participants.')
        .min(LIMITS.targetParticipantsMin, `Recruit at least ${LIMITS.targetParticipantsMin} participant.`)
        .max(LIMITS.targetParticipantsMax, `Recruit at most ${LIMITS.targetParticipantsMax} participants in one launch.`),
    }),
  ).returns<LaunchView>(),
};
