/**
 * Where exports get a study's Redactor: the ONE place the real builder is wired in. The core passes this
 * to the export service (app, test host) and the CLI asks the core for it, so `fieldwork export --redact`,
 * the Export dialog, the code-segments and grid exports all redact with the same study mapping.
 *
 * Until build-redactor.ts (the detection and the researcher's accepted findings) is merged, there is no
 * redactor to give: asking for one fails and says so, rather than writing an export that claims to be
 * redacted and is not. The merge replaces the body of `studyRedactor` with `buildRedactor(...)`.
 */
import { AppError } from '../errors';
import type { WorkspaceRuntime } from '../workspaces/runtime';
import type { Redactor } from './redactor';

/** A study's redactor; the workspace's cache holds the study's findings and choices. */
export type RedactorFor = (projectId: string, workspace: { id: string; runtime: () => Promise<WorkspaceRuntime> }) => Promise<Redactor>;

export const studyRedactor: RedactorFor = async () => {
  throw new AppError(
    'redaction_unavailable',
    'Redaction is not available in this version of Fieldwork yet, so nothing was exported. Export without redaction, or update Fieldwork.',
  );
};
