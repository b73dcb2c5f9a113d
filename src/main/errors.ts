/**
 * Errors the main process hands to the renderer. `code` is stable and machine-readable; `message` says
 * what happened and what the researcher can do, never a stack or a raw body.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
