import { AppError } from '../../errors';

/** What went wrong reading an archive: a stable `code` and a sentence for the researcher, never a stack. */
export class ImportError extends AppError {
  constructor(code: string, message: string) {
    super(code, message);
    this.name = 'ImportError';
  }
}
