import { isAbsolute } from 'node:path';
import type { stimulusChannels } from '../../../shared/ipc/channels/cache-domains';
import { AppError } from '../../errors';
import { uploadStimulus } from '../../media/stimulus-upload';
import type { HandlerMap } from '../dispatcher';
import type { HandlerDeps } from './context';

export function stimulusHandlers(d: Pick<HandlerDeps, 'runtimes' | 'workspaces' | 'jobs' | 'events'>): HandlerMap<typeof stimulusChannels> {
  return {
    'stimuli.upload': async ({ workspace_id, project_id, path, caption, question_items, upload_id }) => {
      if (!isAbsolute(path)) throw new AppError('invalid_input', 'Choose a file from your computer.');
      const r = await d.runtimes.get(workspace_id);
      const client = await d.workspaces.client(workspace_id);
      const job = d.jobs.start(upload_id);
      try {
        const res = await uploadStimulus(
          client,
          { projectId: project_id, path, ...(caption !== undefined ? { caption } : {}), ...(question_items ? { questionItems: question_items } : {}) },
          { signal: job.signal, onProgress: (p) => d.events.emit('stimuli.progress', { workspace_id, upload_id: job.id, sent: p.sent, total: p.total }) },
        );
        // Keep the offline copy of the stimuli list in step with what now exists.
        await r.cache.call('stimuli.save', { projectId: project_id, items: (await client.listStimuli(project_id)).items }).catch(() => undefined);
        return { stimulus_id: res.stimulus_id, content_type: res.content_type, bytes: res.bytes, assigned: res.assigned };
      } finally {
        job.done();
      }
    },
    'stimuli.cancel': async ({ upload_id }) => d.jobs.cancel(upload_id),
  };
}
