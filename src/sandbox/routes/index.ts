import type { ApiHandler } from '../context';
import { Router } from '../http/router';
import { generateQuestionsRoute, externalProjectRoute } from './drafting';
import { embedRoute, getAllowListRoute, putAllowListRoute } from './embed';
import { creditsRoute, listInterviewsRoute } from './interviews';
import { launchRoute } from './launch';
import {
  addWebhookRoute,
  getFaultsRoute,
  getOrgRoute,
  listDeliveriesRoute,
  newKeyRoute,
  patchOrgRoute,
  patchProjectOperatorRoute,
  putFaultsRoute,
  revokeKeyRoute,
  simulateRoute,
} from './operator';
import { createProjectRoute, listProjectsRoute, patchProjectRoute } from './projects';
import { getReportRoute, startReportRoute } from './reports';
import { assignRoute, confirmRoute, listStimuliRoute, presignRoute } from './stimuli';

export function buildApiRouter(): Router<ApiHandler> {
  return new Router<ApiHandler>()
    .on('GET', '/v1/projects', listProjectsRoute)
    .on('POST', '/v1/projects', createProjectRoute)
    .on('POST', '/v1/projects/generate-questions', generateQuestionsRoute)
    .on('PATCH', '/v1/projects/:project_id', patchProjectRoute)
    .on('POST', '/v1/projects/:project_id/launch', launchRoute)
    .on('GET', '/v1/projects/:project_id/embed', embedRoute)
    .on('GET', '/v1/projects/:project_id/embed/allow-list', getAllowListRoute)
    .on('PUT', '/v1/projects/:project_id/embed/allow-list', putAllowListRoute)
    .on('POST', '/v1/projects/:project_id/report', startReportRoute)
    .on('GET', '/v1/projects/:project_id/report', getReportRoute)
    .on('GET', '/v1/projects/:project_id/interviews', listInterviewsRoute)
    .on('GET', '/v1/stimuli', listStimuliRoute)
    .on('POST', '/v1/stimuli/presign', presignRoute)
    .on('POST', '/v1/stimuli/confirm', confirmRoute)
    .on('POST', '/v1/stimuli/assign', assignRoute)
    .on('GET', '/v1/credits', creditsRoute)
    .on('POST', '/external/projects', externalProjectRoute);
}

export function buildOperatorRouter(): Router<ApiHandler> {
  return new Router<ApiHandler>()
    .on('GET', '/_sandbox/organisations/me', getOrgRoute)
    .on('PUT', '/_sandbox/organisations/me', patchOrgRoute)
    .on('POST', '/_sandbox/organisations/me/keys', newKeyRoute)
    .on('POST', '/_sandbox/keys/revoke', revokeKeyRoute)
    .on('POST', '/_sandbox/projects/:project_id/simulate', simulateRoute)
    .on('PATCH', '/_sandbox/projects/:project_id', patchProjectOperatorRoute)
    .on('POST', '/_sandbox/webhooks', addWebhookRoute)
    .on('GET', '/_sandbox/webhooks/deliveries', listDeliveriesRoute)
    .on('PUT', '/_sandbox/faults', putFaultsRoute)
    .on('GET', '/_sandbox/faults', getFaultsRoute);
}
