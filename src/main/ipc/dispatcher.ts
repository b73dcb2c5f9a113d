import { parseInput, type ChannelMap, type InputOf, type IpcError, type IpcResult, type OutputOf, type ParsedInputOf } from '../../shared/ipc/define';
import { AppError, isAppError } from '../errors';
import type { Logger } from '../logging/logger';

export type HandlerContext = { signal?: AbortSignal };

/** The handlers of one domain, typed by that domain's channels in the shared contract. */
export type HandlerMap<C extends ChannelMap> = {
  [K in keyof C]: (input: ParsedInputOf<C[K]>, ctx: HandlerContext) => Promise<OutputOf<C[K]>>;
};

export type Dispatch = (channel: string, input: unknown, ctx?: HandlerContext) => Promise<IpcResult<unknown>>;

/**
 * The typed way into the core for the CLI and tests: a contract channel with its input type, answered
 * with its output type, through the same dispatcher (so inputs are parsed exactly as for the renderer).
 * A failure throws an AppError with the channel's {code, message, details}.
 */
export type CoreCall<C extends ChannelMap> = <K extends keyof C & string>(channel: K, input: InputOf<C[K]>, ctx?: HandlerContext) => Promise<OutputOf<C[K]>>;

export function typedCall<C extends ChannelMap>(dispatch: Dispatch): CoreCall<C> {
  return async (channel, input, ctx) => {
    const r = await dispatch(channel, input, ctx);
    if (!r.ok) throw new AppError(r.error.code, r.error.message, r.error.details ?? {});
    return r.value as never;
  };
}

/**
 * The one place every IPC call passes through, in Electron and in the test host alike: unknown
 * channels are refused, every input is parsed with the channel's zod schema before the handler
 * runs, and every failure comes back as a typed {code, message} value.
 */
export function createDispatcher<C extends ChannelMap>(contract: C, handlers: HandlerMap<C>, log: Logger): Dispatch {
  return async (channel, input, ctx = {}) => {
    if (!Object.hasOwn(contract, channel)) {
      return fail({ code: 'unknown_channel', message: 'Fieldwork does not know this request.' });
    }
    const parsed = parseInput(contract[channel]!, input);
    if (!parsed.ok) return parsed;
    try {
      const handler = handlers[channel as keyof C] as (i: unknown, c: HandlerContext) => Promise<unknown>;
      return { ok: true, value: await handler(parsed.value, ctx) };
    } catch (e) {
      if (isAppError(e)) {
        const details = safeDetails(e.details);
        return fail({ code: e.code, message: e.message, ...(details ? { details } : {}) });
      }
      log.error('ipc handler failed', { channel, error: e });
      return fail({ code: 'internal', message: 'Something went wrong inside Fieldwork. Try again; if it keeps happening, restart the app.' });
    }
  };
}

const fail = (error: IpcError): IpcResult<never> => ({ ok: false, error });

/** Only plain data crosses IPC; anything else (errors, functions, class instances) is dropped. */
function safeDetails(details: Record<string, unknown>): Record<string, unknown> | undefined {
  try {
    return JSON.parse(
      JSON.stringify(details, (_k, v: unknown) => (v instanceof Error || typeof v === 'function' ? undefined : typeof v === 'bigint' ? String(v) : v)),
    ) as Record<string, unknown>;
  } catch {
    // Circular or otherwise unserialisable: the code and message still get through.
    return undefined;
  }
}
