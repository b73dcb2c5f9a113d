/**
 * The moment the transcript shows when the player reports `playerMs`. A recording can be shorter than its
 * transcript (the service links a 10-second generic recording to a chat interview): a seek past its end
 * leaves the player at its end, but the transcript stays on the moment asked for until the player moves
 * away from the end. `requestedMs` is the last seek asked for (null once settled); the answer says what
 * to show and whether the request is still pending.
 */
export function transcriptMoment(playerMs: number, videoMs: number | null, requestedMs: number | null): { ms: number; requestedMs: number | null } {
  if (requestedMs === null) return { ms: playerMs, requestedMs: null };
  // The length is not known yet (metadata still loading): the request waits for it.
  if (videoMs === null) return { ms: playerMs, requestedMs };
  if (requestedMs > videoMs && playerMs >= videoMs - 250) return { ms: requestedMs, requestedMs };
  return { ms: playerMs, requestedMs: null };
}
