import {
  assignRequest,
  assignResponse,
  confirmRequest,
  confirmResponse,
  presignRequest,
  presignResponse,
  stimuliList,
  type AssignRequest,
  type ConfirmRequest,
  type PresignRequest,
} from '../../../shared/schemas/stimulus';
import type { Transport } from '../transport';
import { validated } from './validate';

type Opts = { signal?: AbortSignal | undefined };

export const listStimuli = (t: Transport, projectId: string, o: Opts = {}) =>
  t.send({ method: 'GET', path: '/v1/stimuli', query: { project_id: projectId }, schema: stimuliList, signal: o.signal });

export const presignStimulus = (t: Transport, body: PresignRequest, o: Opts = {}) =>
  t.send({ method: 'POST', path: '/v1/stimuli/presign', body: validated(presignRequest, body), schema: presignResponse, signal: o.signal });

export const confirmStimulus = (t: Transport, body: ConfirmRequest, o: Opts = {}) =>
  t.send({ method: 'POST', path: '/v1/stimuli/confirm', body: validated(confirmRequest, body), schema: confirmResponse, signal: o.signal });

export const assignStimulus = (t: Transport, body: AssignRequest, o: Opts = {}) =>
  t.send({ method: 'POST', path: '/v1/stimuli/assign', body: validated(assignRequest, body), schema: assignResponse, signal: o.signal });
