import type { demoChannels } from '../../../shared/ipc/channels/demo';
import type { DemoService } from '../../demo/demo-service';
import type { EventHub } from '../../events';
import type { HandlerMap } from '../dispatcher';

export function demoHandlers(deps: { demo: DemoService; events: EventHub }): HandlerMap<typeof demoChannels> {
  return {
    'demo.start': async () => {
      const workspace = await deps.demo.start();
      deps.events.emit('workspaces.changed', { reason: 'demo' });
      return workspace;
    },
  };
}
