import { randomUUID } from 'node:crypto';
import type { Project } from '../store/projects';

export const DEFAULT_TARGET = 10;

type Required = Pick<Project, 'org_id' | 'title' | 'type' | 'status' | 'intro_message' | 'questions' | 'languages' | 'interaction_modes' | 'created_at'>;

/** A new, unlaunched project: what both creation endpoints start from. */
export function newProject(fields: Required & Partial<Project>): Project {
  return {
    id: randomUUID(),
    interview_id: randomUUID(),
    purpose: null,
    research_objective: null,
    end_message: null,
    target_participants: DEFAULT_TARGET,
    recruiting_type: 'INTERNAL',
    has_launched: false,
    launched_at: null,
    survey_questions: false,
    screener: null,
    ai_context: null,
    target_audience: null,
    ...fields,
  };
}
