import { isServiceError } from '../api/errors';
import type { Cache } from '../cache/cache';
import type { SideReadKind } from '../cache/queries/project-extras';
import { isAppError } from '../errors';

/**
 * Side reads: what a study has beside its interviews (embed, allow-list, stimuli, report) and the
 * workspace's credits. A service may refuse any of them in a normal state (no report yet, not launched,
 * not a STIMULI study) with 204, 404, 409 or another 4xx, or answer with nothing or an odd shape. None of
 * that may fail a sync or a screen: the read is stored as "not available" with the reason, and only a
 * real failure (5xx, the network, an unreadable answer) is worth reporting as an issue.
 */
export type SideReadOutcome = { ok: true } | { ok: false; reason: string; expected: boolean; error: unknown };

export async function readSide<T>(o: {
  cache: Cache;
  projectId: string | null;
  kind: SideReadKind;
  now: () => string;
  fetch: () => Promise<T>;
  save: (v: T) => Promise<unknown>;
}): Promise<SideReadOutcome> {
  let outcome: SideReadOutcome = { ok: true };
  try {
    await o.save(await o.fetch());
  } catch (e) {
    outcome = { ok: false, error: e, ...sideReadReason(e) };
  }
  await o.cache.call('sideReads.save', { projectId: o.projectId, kind: o.kind, reason: outcome.ok ? null : outcome.reason, now: o.now() });
  return outcome;
}

export const SIDE_READ_LABEL: Record<SideReadKind, string> = {
  embed: 'Embed',
  allow_list: 'Embed allow-list',
  stimuli: 'Stimuli',
  report: 'Report',
  credits: 'Credits',
};

/** Why a side read is not available, in words for the researcher, and whether that is a normal state. */
export function sideReadReason(e: unknown): { reason: string; expected: boolean } {
  const said = (m: string) => (m.length > 300 ? `${m.slice(0, 300)}…` : m);
  if (isServiceError(e)) {
    if (e.code === 'empty_response') return { reason: 'The service answered with no content.', expected: true };
    if (e.code === 'invalid_response' || e.code === 'unreadable_response')
      return { reason: 'The service sent it in a form Fieldwork cannot read.', expected: false };
    if (e.status === 404) return { reason: `The service has none for this study (404: ${said(e.message)})`, expected: true };
    if (e.status === 409) return { reason: `Not available for this study in its current state (409: ${said(e.message)})`, expected: true };
    if (e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 429)
      return { reason: `The service refused it (${e.status}: ${said(e.message)})`, expected: true };
    return { reason: `It could not be read this time (${said(e.message)}); what was saved before is kept.`, expected: false };
  }
  if (isAppError(e) && e.code === 'no_report') return { reason: e.message, expected: true };
  if (isAppError(e)) return { reason: `It could not be read this time (${said(e.message)}); what was saved before is kept.`, expected: false };
  return { reason: 'It could not be read this time; what was saved before is kept.', expected: false };
}
