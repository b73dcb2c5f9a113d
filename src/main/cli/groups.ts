import type { Group } from './types';

/**
 * The command groups, each loaded only when its command runs: `fieldwork --help` needs their names and
 * summaries alone, and a command's module pulls in the core's code it drives. Loading them all at start-up
 * cost every run, even `--help`, the time to load what the other twelve need.
 */
export type GroupEntry = { name: string; summary: string; load(): Promise<Group> };

export const GROUPS: readonly GroupEntry[] = [
  {
    name: 'workspace',
    summary: 'add, list or remove workspaces (one organisation each)',
    load: async () => (await import('./commands/workspace')).workspaceGroup,
  },
  { name: 'sync', summary: 'pull a workspace into the offline cache', load: async () => (await import('./commands/sync')).syncGroup },
  {
    name: 'search',
    summary: 'search cached transcripts, report quotes and highlights (offline)',
    load: async () => (await import('./commands/search')).searchGroup,
  },
  {
    name: 'report',
    summary: "start a project's AI report, show the cached one, list and diff kept versions",
    load: async () => (await import('./commands/report')).reportGroup,
  },
  {
    name: 'codes',
    summary: "a project's codebook: codes with counts, their coded segments, themes as codes",
    load: async () => (await import('./commands/codes')).codesGroup,
  },
  {
    name: 'participants',
    summary: "a project's participant codes (P07), the one label every export gives an interview (offline)",
    load: async () => (await import('./commands/participants')).participantsGroup,
  },
  { name: 'agreement', summary: 'agreement per code between two coders (offline)', load: async () => (await import('./commands/agreement')).agreementGroup },
  { name: 'grid', summary: 'write the question × participant grid as CSV or JSON (offline)', load: async () => (await import('./commands/grid')).gridGroup },
  { name: 'videos', summary: "download a project's interview videos for offline use", load: async () => (await import('./commands/videos')).videosGroup },
  {
    name: 'export',
    summary: 'export transcripts and a REFI-QDA project from the offline cache',
    load: async () => (await import('./commands/export')).exportGroup,
  },
  { name: 'clips', summary: 'cut clips and a highlight reel from the saved videos (offline)', load: async () => (await import('./commands/clips')).clipsGroup },
  {
    name: 'reels',
    summary: "a project's hand-picked reels: their clips in the researcher's order",
    load: async () => (await import('./commands/reels')).reelsGroup,
  },
  {
    name: 'import',
    summary: 'Import codes and codings from a QDA tool (REFI-QDA .qdpx or .qdc)',
    load: async () => (await import('./commands/import')).importGroup,
  },
  {
    name: 'redact',
    summary: 'find personal data in a study, show its pseudonyms, list and set its Reviewed marks (offline)',
    load: async () => (await import('./commands/redact')).redactGroup,
  },
];
