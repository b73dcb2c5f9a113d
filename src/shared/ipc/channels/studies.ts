import { idSchema } from '../../ids';
import { z } from 'zod';
import { LIMITS } from '../../schemas/limits';
import { createProjectRequest, externalProjectRequest, generateQuestionsRequest, type GenerateQuestionsResponse, type InterviewGuide } from '../../schemas/project';
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
  .refine((b) => b.title !== undefined || b.questions !== undefined || b.intro_message !== undefined || b.end_message !== undefined, 'Change at least one field');

/**
 * Creating and editing studies. Every call goes to the service (the offline cache cannot create a
 * study) and then syncs the project in, so the result shows at once and stays browsable offline.
 * Error codes beyond the service's own: generation_failed (502, retry allowed), ai_unavailable (503),
 * not_editable (launched), survey_questions (the guide holds survey questions), organisation_required.
 */
export const studyChannels = {
  'studies.generate': channel(generateQuestionsRequest.extend(ws)).returns<GenerateResult>(),
  'studies.create': channel(createProjectRequest.extend(ws)).returns<CreateStudyResult>(),
  'studies.createExternal': channel(
    externalProjectRequest.extend({ ...ws, organisation_id: externalProjectRequest.shape.organisation_id.optional() }),
  ).returns<CreateExternalResult>(),
  'studies.update': channel(studyUpdateInput).returns<UpdateStudyResult>(),
};
