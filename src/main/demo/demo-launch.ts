import type { EventHub } from '../events';
import type { RuntimeManager } from '../workspaces/runtime';
import type { DemoService } from './demo-service';

export type DemoLaunchDeps = {
  demo: Pick<DemoService, 'start' | 'seededProjects'>;
  runtimes: Pick<RuntimeManager, 'get'>;
  events: Pick<EventHub, 'emit'>;
  now?: () => string;
};

/** The demo workspace, started with its studies' guides in its cache and the workspace list told. */
export function createDemoLauncher(d: DemoLaunchDeps) {
  const now = d.now ?? (() => new Date().toISOString());
  return {
    async start() {
      const workspace = await d.demo.start();
      // The service cannot give a guide back, so the demo's guides go into its cache from the seed.
      const runtime = await d.runtimes.get(workspace.id);
      const at = now();
      for (const p of d.demo.seededProjects()) {
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
          now: at,
        });
      }
      d.events.emit('workspaces.changed', { reason: 'demo' });
      return workspace;
    },
  };
}
export type DemoLauncher = ReturnType<typeof createDemoLauncher>;
