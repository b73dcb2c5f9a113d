import type { Logger } from './logger';

type ProcessLike = Pick<NodeJS.Process, 'on' | 'off'>;

/**
 * The last line of defence for the Electron shell, the CLI and the test host: a promise nobody handled
 * or an exception nobody caught is logged (through the logger, which redacts and never shows a stack to
 * the researcher) and the process keeps running. Each place that can fail still handles its own errors;
 * this only keeps one missed case from ending the app or losing the rest of a command's work.
 * Returns a function that removes the handlers.
 */
export function installProcessGuard(log: Logger, proc: ProcessLike = process): () => void {
  const onRejection = (reason: unknown) => log.error('unhandled promise rejection', { error: reason });
  const onException = (error: unknown) => log.error('uncaught exception', { error });
  proc.on('unhandledRejection', onRejection);
  proc.on('uncaughtException', onException);
  return () => {
    proc.off('unhandledRejection', onRejection);
    proc.off('uncaughtException', onException);
  };
}
