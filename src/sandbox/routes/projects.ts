import { createProjectRequest, patchProjectRequest } from '../../shared/schemas/project';
import type { ApiHandler } from '../context';
import { parseBody } from '../http/body';
import { ApiError, notFound } from '../http/errors';
import { getProject, insertProject, listProjects, updateProject, type Project } from '../store/projects';
import { clearAssignments } from '../store/stimuli';
import { iso } from '../clock';
import { newProject } from '../domain/new-project';
import { projectListItem } from './views';

export const listProjectsRoute: ApiHandler = (_req, _p, ctx) => ({
  status: 200,
  body: { items: listProjects(ctx.db, ctx.org.id).map((p) => projectListItem(ctx, p)) },
});

export const createProjectRoute: ApiHandler = async (req, _p, ctx) => {
  const body = await parseBody(req, createProjectRequest);
  const project = newProject({
    org_id: ctx.org.id,
    title: body.title ?? 'Untitled study',
    type: body.type ?? 'USER_INTERVIEW',
    status: 'STARTED',
    purpose: body.purpose ?? null,
    research_objective: body.research_objective ?? null,
    intro_message: body.intro_message,
    end_message: body.end_message ?? null,
    questions: body.questions,
    ...(body.target_participants !== undefined ? { target_participants: body.target_participants } : {}),
    ...(body.recruiting_type !== undefined ? { recruiting_type: body.recruiting_type } : {}),
    languages: body.languages,
    interaction_modes: body.interaction_modes,
    created_at: iso(ctx.clock.now()),
  });
  insertProject(ctx.db, project);
  return {
    status: 201,
    body: {
      id: project.id,
      interview_id: project.interview_id,
      title: project.title,
      type: project.type,
      status: project.status,
      created_at: project.created_at,
    },
  };
};

export const patchProjectRoute: ApiHandler = async (req, params, ctx) => {
  const project = getProject(ctx.db, ctx.org.id, params.project_id!);
  if (!project) throw notFound();
  if (project.has_launched) {
    throw new ApiError(409, 'not_editable', 'This project has launched, so its guide can no longer be changed.');
  }
  if (project.survey_questions) {
    throw new ApiError(409, 'conflict', 'This guide contains survey questions, which must be edited in the survey workflow.');
  }
  const body = await parseBody(req, patchProjectRequest);
  const questionsChanged = body.questions !== undefined && JSON.stringify(body.questions) !== JSON.stringify(project.questions);
  const next: Project = {
    ...project,
    title: body.title ?? project.title,
    intro_message: body.intro_message ?? project.intro_message,
    end_message: body.end_message === undefined ? project.end_message : body.end_message,
    questions: body.questions ?? project.questions,
  };
  let cleared = 0;
  ctx.db.transaction(() => {
    updateProject(ctx.db, next);
    if (questionsChanged) cleared = clearAssignments(ctx.db, project.id);
  })();
  return {
    status: 200,
    body: {
      id: next.id,
      interview_id: next.interview_id,
      title: next.title,
      intro_message: next.intro_message,
      end_message: next.end_message,
      questions: next.questions,
      stimuli_cleared: cleared > 0,
    },
  };
};
