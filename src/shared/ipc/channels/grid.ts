import { z } from 'zod';
import type { QuestionGrid } from '../../analysis/question-grid';
import { idSchema } from '../../ids';
import { channel } from '../define';
import { workspaceId } from './workspaces';

export type { QuestionGrid } from '../../analysis/question-grid';

/** A participant field name, or `screener:QUESTION_ID`; null for no grouping. */
const groupBy = z.string().trim().min(1).max(300).nullable().default(null);

export type GridExportView = {
  /** The file as finally named (a "(2)" is added rather than replace a file). */
  file: string;
  bytes: number;
  /** What the summary says: a redacted grid's redaction note and any warning of its redactor. */
  notes: string[];
};

export const gridChannels = {
  /**
   * The question × participant grid from the saved data: the guide's questions (inferred from the
   * transcripts when Fieldwork does not know the guide), one row per interview, each cell the participant's
   * answer with its time and codes; grouped by a participant field or screener answer with code counts.
   */
  'grid.build': channel(z.object({ workspace_id: workspaceId, project_id: idSchema, by: groupBy })).returns<QuestionGrid>(),
  /** Writes the grid as CSV or DOCX into a folder chosen with exports.chooseFolder. */
  'grid.export': channel(
    z.object({
      workspace_id: workspaceId,
      project_id: idSchema,
      by: groupBy,
      format: z.enum(['csv', 'docx']),
      folder: z.string().min(1).max(4096),
      redact: z.boolean().default(false),
    }),
  ).returns<GridExportView>(),
};
