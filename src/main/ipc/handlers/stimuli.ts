import type { stimulusChannels } from '../../../shared/ipc/channels/stimuli';
import type { StimulusService } from '../../media/stimulus-service';
import type { HandlerMap } from '../dispatcher';

/** Thin: each channel calls the stimulus service (media/stimulus-service.ts). */
export function stimulusHandlers(d: { stimuli: StimulusService }): HandlerMap<typeof stimulusChannels> {
  return {
    'stimuli.upload': (input) => d.stimuli.upload(input),
    'stimuli.cancel': (input) => d.stimuli.cancel(input),
    'stimuli.list': (input) => d.stimuli.list(input),
    'stimuli.assign': (input) => d.stimuli.assign(input),
  };
}
