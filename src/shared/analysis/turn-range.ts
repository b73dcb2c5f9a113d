import { z } from 'zod';

/**
 * Where a coding sits in a transcript: from an offset in one turn to an offset in the same or a later turn.
 * Turns are the service's turn indexes; offsets count UTF-16 code units of the turn's text, the end exclusive.
 * The one shape every coding shares: the viewer's selection, the highlights channel, the cache's codings,
 * retrieval, agreement, the QDPX import and export.
 */
const position = z.number().int().min(0);
export const turnRangeSchema = z.object({ start_turn: position, start_offset: position, end_turn: position, end_offset: position });
export type TurnRange = z.infer<typeof turnRangeSchema>;

/** A turn range as it is placed: with the moment its first word is said (null: not known) and exactly its words. */
export const placedTurnRangeSchema = turnRangeSchema.extend({ start_ms: position.nullable(), quote: z.string().min(1).max(10_000) });
export type PlacedTurnRange = z.infer<typeof placedTurnRangeSchema>;
