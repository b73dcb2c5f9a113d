import {
  createProjectRequest,
  createProjectResponse,
  externalProjectRequest,
  externalProjectResponse,
  generateQuestionsRequest,
  generateQuestionsResponse,
  launchRequest,
  launchResult,
  patchProjectRequest,
  patchProjectResponse,
  projectList,
  type CreateProjectRequest,
  type ExternalProjectRequest,
  type GenerateQuestionsRequest,
  type PatchProjectRequest,
} from '../../../shared/schemas/project';
import type { Transport } from '../transport';
import { seg, validated } from './validate';

type Opts = { signal?: AbortSignal | undefined };

/** The project list, with how many items could not be read (left out, for the sync to report). */
export const listProjectsChecked = async (t: Transport, o: Opts = {}) =>
  (await t.send({ method: 'GET', path: '/v1/projects', schema: projectList, signal: o.signal })).items;

export const listProjects = async (t: Transport, o: Opts = {}) => (await listProjectsChecked(t, o)).items;

export const createProject = (t: Transport, body: CreateProjectRequest, o: Opts = {}) =>
  t.send({ method: 'POST', path: '/v1/projects', body: validated(createProjectRequest, body), schema: createProjectResponse, signal: o.signal });

export const generateQuestions = (t: Transport, body: GenerateQuestionsRequest, o: Opts = {}) =>
  t.send({
    method: 'POST',
    path: '/v1/projects/generate-questions',
    body: validated(generateQuestionsRequest, body),
    schema: generateQuestionsResponse,
    signal: o.signal,
  });

export const patchProject = (t: Transport, projectId: string, body: PatchProjectRequest, o: Opts = {}) =>
  t.send({
    method: 'PATCH',
    path: `/v1/projects/${seg(projectId)}`,
    body: validated(patchProjectRequest, body),
    schema: patchProjectResponse,
    signal: o.signal,
  });

export const createExternalProject = (t: Transport, body: ExternalProjectRequest, o: Opts = {}) =>
  t.send({ method: 'POST', path: '/external/projects', body: validated(externalProjectRequest, body), schema: externalProjectResponse, signal: o.signal });

/** The raw launch call: sent once, never retried. `launch.ts` wraps it with reconciliation. */
export const postLaunch = (t: Transport, projectId: string, targetParticipants: number, o: Opts = {}) =>
  t.send({
    method: 'POST',
    path: `/v1/projects/${seg(projectId)}/launch`,
    body: validated(launchRequest, { target_participants: targetParticipants }),
    schema: launchResult,
    idempotent: false,
    signal: o.signal,
  });
