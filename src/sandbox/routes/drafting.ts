import { externalProjectRequest, generateQuestionsRequest } from '../../shared/schemas/project';
import type { ApiContext, ApiHandler } from '../context';
import { draftIsValid, draftQuestions } from '../domain/drafting';
import { parseBody } from '../http/body';
import { ApiError, notFound } from '../http/errors';
import { getProject, insertProject } from '../store/projects';
import { listStimuli } from '../store/stimuli';
import { iso } from '../clock';
import { newProject } from '../domain/new-project';

function requireAi(ctx: ApiContext): void {
  if (!ctx.config.aiEnabled || !ctx.org.ai_enabled) {
    throw new ApiError(503, 'ai_unavailable', 'AI question generation is not configured for this organisation.');
  }
}

function maybeFail(ctx: ApiContext): void {
  if (ctx.random() < ctx.faults.generation_failure_rate) {
    throw new ApiError(502, 'generation_failed', 'The drafted questions did not pass validation after several attempts. Try again.');
  }
}

export const generateQuestionsRoute: ApiHandler = async (req, _p, ctx) => {
  requireAi(ctx);
  const body = await parseBody(req, generateQuestionsRequest);
  const type = body.type ?? 'USER_INTERVIEW';
  let captions: string[] = [];
  if (type === 'STIMULI') {
    if (!body.project_id) throw new ApiError(400, 'project_id_required', 'project_id is required when type is STIMULI.');
    const project = getProject(ctx.db, ctx.org.id, body.project_id);
    if (!project) throw notFound();
    captions = listStimuli(ctx.db, project.id)
      .map((s) => s.caption ?? '')
      .filter((c) => c.trim() !== '');
  }
  maybeFail(ctx);
  const draft = draftQuestions({ objective: body.research_objective, type, orgName: ctx.org.name, context: ctx.org.context, captions });
  if (!draftIsValid(draft)) throw new ApiError(502, 'generation_failed', 'The drafted questions did not pass validation. Try again.');
  return { status: 200, body: draft };
};

export const externalProjectRoute: ApiHandler = async (req, _p, ctx) => {
  const body = await parseBody(req, externalProjectRequest);
  if (body.organisation_id !== ctx.org.id) throw new ApiError(404, 'not_found', 'No organisation with this ID was found.');
  requireAi(ctx);
  maybeFail(ctx);
  const draft = draftQuestions({
    objective: body.research_objective,
    type: 'USER_INTERVIEW',
    orgName: ctx.org.name,
    context: { ...ctx.org.context, ...(body.ai_context ? { product_summary: body.ai_context } : {}) },
    captions: [],
  });
  const project = newProject({
    org_id: ctx.org.id,
    title: body.title,
    type: 'USER_INTERVIEW',
    status: 'DRAFT',
    research_objective: body.research_objective,
    intro_message: draft.intro_message,
    end_message: draft.end_message,
    questions: draft.questions,
    languages: [{ language_name: 'English', accent: 'en-US' }],
    interaction_modes: ['video', 'audio', 'chat'],
    ai_context: body.ai_context ?? null,
    target_audience: body.target_audience ?? null,
    created_at: iso(ctx.clock.now()),
  });
  insertProject(ctx.db, project);
  return {
    status: 201,
    body: {
      project_id: project.id,
      title: project.title,
      status: project.status,
      interview_guide: { intro_message: project.intro_message, questions: project.questions.map((q) => q.question) },
      created_at: project.created_at,
    },
  };
};
