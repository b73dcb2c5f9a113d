import type { Group } from '../index';
import { codesFromReport } from './codes-from-report';

const USAGE = `Usage: fieldwork codes <command> --workspace NAME --project ID [--json]

Commands:
  from-report   turn the latest report's themes into codes, its quotes into codings by "AI report"`;

/** The study's codebook. (Minimal: `codes list` joins it from its own file.) */
export const codesGroup: Group = {
  name: 'codes',
  summary: "the study's codebook (offline)",
  usage: USAGE,
  commands: { 'from-report': codesFromReport },
};
