import type { demoChannels } from '../../../shared/ipc/channels/demo';
import type { DemoService } from '../../demo/demo-service';
import type { EventHub } from '../../events';
import type { RuntimeManager } from '../../workspaces/runtime';
import type { HandlerMap } from '../dispatcher';

export function demoHandlers(deps: { demo: DemoService; events: EventHub; runtimes: RuntimeManager }): HandlerMap<typeof demoChannels> {
  return {
    'demo.start': async () => {
      const workspace = await deps.demo.start();
      // The service cannot give a guide back, so the demo's guides go into its cache from the seed.
      const runtime = await deps.runtimes.get(workspace.id);
      const now = new Date().toISOString();
      for (const p of deps.demo.seededProjects()) {
        await runtime.cache.call('projects.saveGuide', {
          guide: {
            project_id: p.id,
            title: p.title,
            type: p.type,
            interview_id: p.interview_id,
            research_objective: p.research_objective,
            intro_message: p.intro_message,
            end_message: p.end_message,
            languages: p.languages,
            interaction_modes: p.interaction_modes,
            questions: p.questions,
            source: 'demo',
          },
          now,
        });
      }
      deps.events.emit('workspaces.changed', { reason: 'demo' });
      return workspace;
    },
  };
}
