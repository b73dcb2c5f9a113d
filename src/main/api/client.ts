import type { InterviewsQuery } from '../../shared/schemas/interview';
import type { CreateProjectRequest, ExternalProjectRequest, GenerateQuestionsRequest, PatchProjectRequest } from '../../shared/schemas/project';
import type { AssignRequest, ConfirmRequest, PresignRequest } from '../../shared/schemas/stimulus';
import { getAllowList, getEmbed, putAllowList } from './endpoints/embed';
import { listInterviews, walkInterviews } from './endpoints/interviews';
import { createExternalProject, createProject, generateQuestions, listProjects, listProjectsChecked, patchProject } from './endpoints/projects';
import { getCredits, getReport, startReport } from './endpoints/reports';
import { assignStimulus, confirmStimulus, listStimuli, presignStimulus } from './endpoints/stimuli';
import { uploadToPresigned, type UploadProgress, type UploadSource } from './endpoints/upload';
import { launchProject } from './launch';
import { createTransport, type TransportOptions } from './transport';

type Opts = { signal?: AbortSignal };

/** One typed function per endpoint of the Research Interview Service, bound to one workspace. */
export function createApiClient(opts: TransportOptions) {
  const t = createTransport(opts);
  return {
    baseUrl: t.baseUrl,
    listProjects: (o?: Opts) => listProjects(t, o),
    listProjectsChecked: (o?: Opts) => listProjectsChecked(t, o),
    createProject: (body: CreateProjectRequest, o?: Opts) => createProject(t, body, o),
    generateQuestions: (body: GenerateQuestionsRequest, o?: Opts) => generateQuestions(t, body, o),
    patchProject: (projectId: string, body: PatchProjectRequest, o?: Opts) => patchProject(t, projectId, body, o),
    createExternalProject: (body: ExternalProjectRequest, o?: Opts) => createExternalProject(t, body, o),
    launchProject: (projectId: string, targetParticipants: number, o?: Opts & { locale?: string }) => launchProject(t, projectId, targetParticipants, o),
    listStimuli: (projectId: string, o?: Opts) => listStimuli(t, projectId, o),
    presignStimulus: (body: PresignRequest, o?: Opts) => presignStimulus(t, body, o),
    uploadStimulus: (presign: Parameters<typeof uploadToPresigned>[0], source: UploadSource, o?: Opts & { onProgress?: (p: UploadProgress) => void }) =>
      uploadToPresigned(presign, source, { dispatcher: t.dispatcher, ...o }),
    confirmStimulus: (body: ConfirmRequest, o?: Opts) => confirmStimulus(t, body, o),
    assignStimulus: (body: AssignRequest, o?: Opts) => assignStimulus(t, body, o),
    getEmbed: (projectId: string, o?: Opts) => getEmbed(t, projectId, o),
    getAllowList: (projectId: string, o?: Opts) => getAllowList(t, projectId, o),
    putAllowList: (projectId: string, urls: string[], o?: Opts) => putAllowList(t, projectId, urls, o),
    startReport: (projectId: string, o?: Opts) => startReport(t, projectId, o),
    getReport: (projectId: string, o?: Opts) => getReport(t, projectId, o),
    getCredits: (o?: Opts) => getCredits(t, o),
    listInterviews: (projectId: string, q?: InterviewsQuery, o?: Opts) => listInterviews(t, projectId, q, o),
    walkInterviews: (projectId: string, q?: Omit<InterviewsQuery, 'page'>, o?: Opts & { maxPages?: number; startPage?: number }) =>
      walkInterviews(t, projectId, q, o),
    close: () => t.close(),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
