/**
 * Where exports get a study's Redactor: the ONE place the real builder is wired in. The core passes this
 * to the export service (app, test host) and the CLI asks the core for it, so `fieldwork export --redact`,
 * the Export dialog, the code-segments, grid and clip exports all redact with the same study mapping.
 */
import { AppError } from '../errors';
import type { SecretStore } from '../secrets/secret-store';
import type { WorkspaceRuntime } from '../workspaces/runtime';
import { buildRedactor } from './build-redactor';
import type { Redactor } from '../output/redactor';

/** A study's redactor; the workspace's cache holds the study's findings and choices. */
export type RedactorFor = (projectId: string, workspace: { id: string; runtime: () => Promise<WorkspaceRuntime> }) => Promise<Redactor>;

/** The study's redactions: its scan less what the researcher rejected, plus their own terms, with the mapping key in the keychain. */
export const studyRedactor =
  (secrets: SecretStore): RedactorFor =>
  async (projectId, workspace) =>
    buildRedactor((await workspace.runtime()).cache, secrets, projectId);

/** For a service built without the core's secret store: asking for a redacted export fails and says so. */
export const noRedactorFor: RedactorFor = async () => {
  throw new AppError('redaction_unavailable', 'Redaction is not available here, so nothing was exported. Export without redaction.');
};
