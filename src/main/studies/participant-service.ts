import type { ParticipantKeyRow } from '../cache/queries/participant-codes';
import { AppError } from '../errors';
import { csvDocument } from '../output/csv';
import type { RuntimeManager } from '../workspaces/runtime';

export type ParticipantServiceDeps = { runtimes: Pick<RuntimeManager, 'get'> };

/** One interview of a study by its participant code; `name` only when participant data is asked for. */
export type ParticipantView = { interview_id: string; code: string; name: string | null };

/** The columns of participant-key.csv, in order: the code ↔ participant key (issue 21 §3). */
export const PARTICIPANT_KEY_COLUMNS = ['interview_id', 'code', 'name', 'email'] as const;

/**
 * The code ↔ participant key as its own CSV: who each code is. It is participant data by definition, so it
 * is written only when asked for, and never into a redacted export (run-export.ts refuses that).
 */
export function participantKeyCsv(
  rows: readonly Pick<ParticipantKeyRow, 'interview_id' | 'code' | 'participant_name' | 'participant_email'>[],
  lineEnding: 'lf' | 'crlf' = 'lf',
  bom = false,
): string {
  const body = rows.map((r) => [r.interview_id, r.code, r.participant_name ?? '', r.participant_email ?? '']);
  return csvDocument([[...PARTICIPANT_KEY_COLUMNS], ...body], { lineEnding, bom, guardFormulas: true });
}

/**
 * A study's participant codes (stored in the cache, queries/participant-codes.ts): the one label every
 * artefact gives an interview. Offline.
 */
export function createParticipantService(d: ParticipantServiceDeps) {
  const cache = async (workspaceId: string) => (await d.runtimes.get(workspaceId)).cache;
  const rows = async (workspaceId: string, projectId: string): Promise<ParticipantKeyRow[]> => {
    const c = await cache(workspaceId);
    if (!(await c.call('projects.get', { id: projectId }))) {
      throw new AppError('unknown_project', `No project ${projectId} in the saved data. Sync it first, then list its participants.`);
    }
    return c.call('participants.list', { projectId });
  };
  return {
    /** Every interview of the study in code order; names only when `includeParticipant`. */
    async list(workspaceId: string, projectId: string, o: { includeParticipant: boolean }): Promise<ParticipantView[]> {
      return (await rows(workspaceId, projectId)).map((r) => ({
        interview_id: r.interview_id,
        code: r.code,
        name: o.includeParticipant ? (r.participant_name?.trim() ?? null) || null : null,
      }));
    },
    /** The key with names and emails, for participant-key.csv. */
    key: rows,
  };
}
export type ParticipantService = ReturnType<typeof createParticipantService>;
