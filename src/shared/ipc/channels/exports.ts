import { idSchema } from '../../ids';
import { z } from 'zod';
import { EXPORT_FORMATS } from '../../exports';
import { channel } from '../define';
import { segmentFilter } from './codes';
import { workspaceId } from './workspaces';

const id = idSchema;
const exportId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'Not an export id');

export type ExportRunView = {
  /** The folder, or the .zip as finally named. */
  location: string;
  /** What "Show in folder" reveals: the study's folder inside the chosen one, or the .zip. */
  reveal: string;
  files: number;
  bytes: number;
  /** Things the researcher should know, e.g. videos referenced rather than included. */
  notes: string[];
};

export const exportChannels = {
  /**
   * Opens the OS folder picker. Exports may only go to a folder chosen here (or one exported to before),
   * so a compromised page cannot name a place on disk to write to.
   */
  'exports.chooseFolder': channel(z.object({ default_path: z.string().max(4096).optional() }).optional()).returns<{ folder: string } | null>(),
  /** The folder of the last export, when it still exists: the dialog offers it again. */
  'exports.lastFolder': channel(z.undefined()).returns<{ folder: string | null }>(),
  /** Exports from the saved data; resolves when done. Progress arrives as exports.progress events. */
  'exports.run': channel(
    z.object({
      workspace_id: workspaceId,
      project_id: id,
      export_id: exportId,
      /** null: every interview of the study. */
      interview_ids: z.array(id).min(1).max(10_000).nullable(),
      formats: z.array(z.enum(EXPORT_FORMATS)).min(1, 'Choose at least one format.').max(EXPORT_FORMATS.length),
      folder: z.string().min(1).max(4096),
      target: z.enum(['folder', 'zip']),
      include_participant: z.boolean(),
      line_ending: z.enum(['lf', 'crlf']),
      speaker_labels: z.enum(['interviewer-participant', 'ai-user', 'name']),
      bom: z.boolean(),
      /** Pseudonyms for participants and the study's accepted redactions in every file (issue 14 §2). */
      redact: z.boolean().default(false),
      /**
       * Also writes participant-key.csv (interview_id, code, name, email) as its own file, as `export
       * --participant-key` does; refused with `redact`: a redacted export never holds the key (issue 21 §3).
       */
      participant_key: z.boolean().optional(),
    }),
  ).returns<ExportRunView>(),
  /**
   * One code's segments (those passing the filters, as the Codes view shows them) as CSV and/or DOCX, into
   * "<study>/codes/" in a folder chosen with exports.chooseFolder. Participant names only when included.
   */
  'exports.codeSegments': channel(
    z.object({
      workspace_id: workspaceId,
      code_id: id,
      folder: z.string().min(1).max(4096),
      formats: z
        .array(z.enum(['csv', 'docx']))
        .min(1, 'Choose CSV, Word or both.')
        .max(2),
      include_participant: z.boolean().default(false),
      line_ending: z.enum(['lf', 'crlf']).default('lf'),
      redact: z.boolean().default(false),
      ...segmentFilter,
    }),
  ).returns<ExportRunView>(),
  'exports.cancel': channel(z.object({ export_id: exportId })).returns<boolean>(),
};
