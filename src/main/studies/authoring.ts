import type { studyChannels, RestoredStimulus, UnresolvedStimulus } from '../../shared/ipc/channels/studies';
import type { OperationOf } from '../../shared/ipc/define';
import type { StimulusRecord } from '../../shared/schemas/stimulus';
import type { ApiClient } from '../api/client';
import { isServiceError } from '../api/errors';
import { AppError } from '../errors';
import type { RuntimeManager, WorkspaceRuntime } from '../workspaces/runtime';
import type { WorkspaceService } from '../workspaces/service';

/** Drafting answers 502 when its output failed validation (worth another go) and 503 when AI is off. */
function draftingError(e: unknown): unknown {
  if (!isServiceError(e)) return e;
  if (e.status === 502) {
    return new AppError('generation_failed', 'The AI could not draft questions that passed its checks this time. Try again; nothing was saved.', {
      status: 502,
      retry: true,
      service_message: e.message,
    });
  }
  if (e.status === 503) {
    return new AppError(
      'ai_unavailable',
      'AI drafting is turned off for this organisation. Write the questions yourself, or ask your administrator to enable AI question drafting.',
      { status: 503, service_message: e.message },
    );
  }
  return e;
}

/** The two 409s of PATCH mean different things to the researcher; they get different codes. */
function patchError(e: unknown): unknown {
  if (!isServiceError(e) || e.status !== 409) return e;
  if (e.code === 'not_editable') {
    return new AppError('not_editable', 'This study has launched; its guide can no longer change.', { status: 409, service_message: e.message });
  }
  return new AppError(
    'survey_questions',
    "This guide contains survey questions, which can only be edited in the service's survey workflow. Fieldwork did not change anything.",
    { status: 409, service_code: e.code, service_message: e.message },
  );
}

/**
 * Brings a just-created or edited project into the cache. A sync already running is joined, and its
 * project list may predate the change, so when the project is still missing one more sync runs.
 * Offline, the guide written beforehand is what shows; the next sync fills in the rest.
 */
async function syncIn(r: WorkspaceRuntime, projectId: string): Promise<void> {
  await r.runSync([projectId]).catch(() => undefined);
  const p = await r.cache.call('projects.get', { id: projectId });
  if (!p || p.status === 'unknown' || !p.listed) await r.runSync([projectId]).catch(() => undefined);
}

const caption = (s: StimulusRecord) => (s.caption && s.caption.trim() !== '' ? s.caption : null);

/**
 * Changing a STIMULI project's questions clears every stimulus assignment on the service. What was
 * assigned is read first; afterwards each stimulus gets back those of its questions that still exist
 * word for word. A stimulus left with none blocks launch, so it is reported.
 */
async function restoreAssignments(
  client: ApiClient,
  projectId: string,
  before: StimulusRecord[],
  questions: string[],
  cleared: boolean,
): Promise<{ restored: RestoredStimulus[]; unresolved: UnresolvedStimulus[] }> {
  const present = new Set(questions);
  const restored: RestoredStimulus[] = [];
  const unresolved: UnresolvedStimulus[] = [];
  for (const s of before) {
    const keep = s.question_items.filter((q) => present.has(q));
    const lost = s.question_items.filter((q) => !present.has(q));
    if (!cleared) {
      // Nothing was cleared: only a stimulus that had no question to begin with still needs one.
      if (s.question_items.length === 0) unresolved.push({ stimuli_id: s.stimuli_id, caption: caption(s), lost_questions: [] });
      continue;
    }
    if (keep.length === 0) {
      unresolved.push({ stimuli_id: s.stimuli_id, caption: caption(s), lost_questions: lost });
      continue;
    }
    try {
      const res = await client.assignStimulus({ project_id: projectId, stimuli_id: s.stimuli_id, question_items: keep });
      restored.push({ stimuli_id: s.stimuli_id, caption: caption(s), question_items: res.question_items, lost_questions: lost });
    } catch {
      // The guide is saved either way; this stimulus simply needs its questions set by hand.
      unresolved.push({ stimuli_id: s.stimuli_id, caption: caption(s), lost_questions: s.question_items });
    }
  }
  return { restored, unresolved };
}

type Op<K extends keyof typeof studyChannels> = OperationOf<(typeof studyChannels)[K]>;

export type StudyAuthoring = {
  generate: Op<'studies.generate'>;
  create: Op<'studies.create'>;
  createExternal: Op<'studies.createExternal'>;
  update: Op<'studies.update'>;
};

/**
 * Drafting, creating and editing studies: what the service answers mapped to what the researcher can do,
 * the guide kept in the cache (the service cannot read one back), and, on a STIMULI study, the stimulus
 * assignments a question change clears put back where their questions survive.
 */
export function createStudyAuthoring(d: AuthoringDeps): StudyAuthoring {
  return { generate: generateOp(d), create: createOp(d), createExternal: createExternalOp(d), update: updateOp(d) };
}

type AuthoringDeps = { runtimes: RuntimeManager; workspaces: WorkspaceService };

const now = () => new Date().toISOString();

function generateOp(d: AuthoringDeps): StudyAuthoring['generate'] {
  return async ({ workspace_id, ...body }) => {
    const client = await d.workspaces.client(workspace_id);
    try {
      return await client.generateQuestions(body);
    } catch (e) {
      throw draftingError(e);
    }
  };
}

function createOp(d: AuthoringDeps): StudyAuthoring['create'] {
  return async ({ workspace_id, ...body }) => {
    const r = await d.runtimes.get(workspace_id);
    const client = await d.workspaces.client(workspace_id);
    const res = await client.createProject(body);
    // The service has no way to read a guide back, so what was sent is what the cache keeps.
    await r.cache.call('projects.saveGuide', {
      guide: {
        project_id: res.id,
        interview_id: res.interview_id,
        title: body.title ?? '',
        type: body.type ?? 'USER_INTERVIEW',
        research_objective: body.research_objective ?? null,
        intro_message: body.intro_message,
        end_message: body.end_message ?? null,
        languages: body.languages,
        interaction_modes: body.interaction_modes,
        questions: body.questions,
        source: 'created',
      },
      now: now(),
    });
    await syncIn(r, res.id);
    return { project_id: res.id, interview_id: res.interview_id };
  };
}

function createExternalOp(d: AuthoringDeps): StudyAuthoring['createExternal'] {
  return async ({ workspace_id, organisation_id, ...body }) => {
    const orgId = organisation_id?.trim() || d.workspaces.get(workspace_id).organisation_id;
    if (!orgId) {
      throw new AppError('organisation_required', 'Enter your organisation ID. You find it in your account settings on the service.');
    }
    const r = await d.runtimes.get(workspace_id);
    const client = await d.workspaces.client(workspace_id);
    let res;
    try {
      res = await client.createExternalProject({ organisation_id: orgId, ...body });
    } catch (e) {
      if (isServiceError(e) && e.status === 404) {
        throw new AppError('organisation_not_found', 'The service does not know this organisation ID for your key. Check the ID in your account settings.', {
          status: 404,
        });
      }
      throw draftingError(e);
    }
    await r.cache.call('projects.saveGuide', {
      guide: {
        project_id: res.project_id,
        title: res.title || body.title,
        research_objective: body.research_objective,
        intro_message: res.interview_guide.intro_message,
        // The external endpoint returns question texts only; their probing levels are not reported.
        questions: res.interview_guide.questions.map((q) => ({ question: q, probing_level: 'unknown' })),
        source: 'external',
      },
      now: now(),
    });
    await syncIn(r, res.project_id);
    return { project_id: res.project_id, title: res.title, status: res.status, guide: res.interview_guide };
  };
}

function updateOp(d: AuthoringDeps): StudyAuthoring['update'] {
  return async ({ workspace_id, project_id, ...patch }) => {
    const r = await d.runtimes.get(workspace_id);
    const client = await d.workspaces.client(workspace_id);
    const cached = await r.cache.call('projects.get', { id: project_id });
    const before = await assignmentsBefore(client, project_id, cached?.type, patch.questions !== undefined);
    let res;
    try {
      res = await client.patchProject(project_id, patch);
    } catch (e) {
      throw patchError(e);
    }
    const { restored, unresolved } =
      before.length > 0
        ? await restoreAssignments(
            client,
            project_id,
            before,
            res.questions.map((q) => q.question),
            res.stimuli_cleared,
          )
        : { restored: [], unresolved: [] };
    await r.cache.call('projects.saveGuide', {
      guide: {
        project_id,
        ...(res.title ? { title: res.title } : {}),
        ...(res.interview_id ? { interview_id: res.interview_id } : {}),
        intro_message: res.intro_message,
        end_message: res.end_message,
        questions: res.questions,
        source: 'patched',
      },
      now: now(),
    });
    if (before.length > 0) {
      const after = await client.listStimuli(project_id).catch(() => null);
      if (after) await r.cache.call('stimuli.save', { projectId: project_id, items: after.items });
    }
    await syncIn(r, project_id);
    return { stimuli_cleared: res.stimuli_cleared, restored, unresolved };
  };
}

/**
 * The stimulus assignments a question change is about to clear, read before the change so they can be put
 * back; none when the questions do not change or the study has no stimuli.
 */
async function assignmentsBefore(
  client: ApiClient,
  projectId: string,
  cachedType: string | null | undefined,
  questionsChange: boolean,
): Promise<StimulusRecord[]> {
  // Only a STIMULI project has stimuli; when the cache does not know the type yet, ask anyway.
  const mayHaveStimuli = questionsChange && (cachedType === 'STIMULI' || !cachedType);
  if (!mayHaveStimuli) return [];
  try {
    return (await client.listStimuli(projectId)).items;
  } catch (e) {
    // Without knowing the assignments they could not be put back, so nothing is changed.
    if (cachedType === 'STIMULI') {
      throw new AppError(
        isServiceError(e) && e.status === 0 ? e.code : 'stimuli_unreadable',
        `Fieldwork could not read this study's stimulus assignments, so the guide was not saved (saving would clear them). ${e instanceof Error ? e.message : ''}`.trim(),
      );
    }
    return [];
  }
}
