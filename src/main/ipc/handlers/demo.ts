import type { demoChannels } from '../../../shared/ipc/channels/demo';
import type { DemoLauncher } from '../../demo/demo-launch';
import type { HandlerMap } from '../dispatcher';

export function demoHandlers(d: { demo: DemoLauncher }): HandlerMap<typeof demoChannels> {
  return {
    'demo.start': async () => d.demo.start(),
  };
}
