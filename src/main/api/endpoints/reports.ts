import { report, reportStarted } from '../../../shared/schemas/report';
import { creditBalance } from '../../../shared/schemas/credits';
import type { Transport } from '../transport';
import { seg } from './validate';

type Opts = { signal?: AbortSignal | undefined };

/** Starting a report replaces the previous one, so it is an explicit action and never retried. */
export const startReport = (t: Transport, projectId: string, o: Opts = {}) =>
  t.send({ method: 'POST', path: `/v1/projects/${seg(projectId)}/report`, schema: reportStarted, idempotent: false, signal: o.signal });

export const getReport = (t: Transport, projectId: string, o: Opts = {}) =>
  t.send({ method: 'GET', path: `/v1/projects/${seg(projectId)}/report`, schema: report, signal: o.signal });

export const getCredits = (t: Transport, o: Opts = {}) => t.send({ method: 'GET', path: '/v1/credits', schema: creditBalance, signal: o.signal });
