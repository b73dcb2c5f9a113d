import type { RuntimeManager } from '../../workspaces/runtime';
import { agreementService } from './agreement';

export type AgreementServiceDeps = {
  runtimes: Pick<RuntimeManager, 'get'>;
  /** How this workspace's researcher is shown as a coder (from the settings). */
  researcherName: () => string;
};

/** Agreement between a study's coders, for any workspace: the workspace's cache under the comparison in agreement.ts. */
export function createAgreementService(d: AgreementServiceDeps) {
  const forWorkspace = async (workspaceId: string) => agreementService({ cache: (await d.runtimes.get(workspaceId)).cache, researcherName: d.researcherName });
  return {
    coders: async (workspaceId: string, projectId: string) => (await forWorkspace(workspaceId)).coders(projectId),
    /** Coder names as the CLI takes them (any case; "you", "me" or the researcher's name for the researcher); unknown_coder for a name not in the study. */
    resolve: async (workspaceId: string, projectId: string, names: readonly string[]) => (await forWorkspace(workspaceId)).resolve(projectId, names),
    compare: async (workspaceId: string, projectId: string, coderA: string | null, coderB: string | null) =>
      (await forWorkspace(workspaceId)).compare(projectId, coderA, coderB),
  };
}
export type AgreementWorkspaceService = ReturnType<typeof createAgreementService>;
