import type { Redactor } from './redactor';

/**
 * What a domain that writes files for the researcher needs from outside the output floor: the folder guard
 * (only folders picked in the OS dialog, this session or an earlier export), the folder memory, and the
 * study's redactor. Clips, the question grid and a code's segments take this, not the whole export service;
 * the export service is the one that provides it (exports/export-service.ts).
 */
export interface OutputPort {
  /**
   * The folder, resolved, when the researcher picked it in the OS dialog (this session or an earlier
   * export); otherwise an error saying to choose it. Exports write only there.
   */
  allowedFolder(folder: string): string;
  /** Remembers a folder written to, so it is offered again. */
  remember(folder: string): void;
  /** The study's redactor when the export is redacted, NO_REDACTION when not. */
  redactor(workspaceId: string, projectId: string, redact: boolean): Promise<Redactor>;
}
