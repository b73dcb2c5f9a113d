import type { WorkspaceSummary } from '../../shared/ipc/channels/workspaces';
import type { SecretStore } from '../secrets/secret-store';
import type { Services } from '../services';
import type { OutStream, Output, PromptInput } from './output';

/**
 * What a command gets: its parsed flags and words, the output, and the core's services (opened on first
 * use). The services are a command's one way into the core: the same instances the app's IPC handlers call.
 */
export type Ctx = {
  out: Output;
  flags: Record<string, string | string[] | boolean | undefined>;
  words: string[];
  home: string;
  envKey: string | null;
  stdin: PromptInput;
  keyStorage(): Promise<SecretStore['kind']>; // 'memory': keys do not outlive this run
  /** A workspace by name, case-insensitively; exit 2 when there is none. */
  workspace(name: string): Promise<WorkspaceSummary>;
  /** Every domain service (services.ts); check a call's arguments as the app's are with `checked` (input.ts). */
  services(): Promise<Services>;
  exitCodeFor(e: unknown): number;
};
export type Command = {
  usage: string;
  options: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;
  required?: string[];
  /** Name of the free words the command takes (search's QUERY); without it, none are allowed. */
  words?: string;
  run(ctx: Ctx): Promise<number | void>;
};
/** A command group: `fieldwork sync` has one command (key ''), `fieldwork workspace` several. */
export type Group = { name: string; usage: string; commands: Record<string, Command> };
export type Io = { stdout: OutStream; stderr: OutStream; stdin: PromptInput; env: NodeJS.ProcessEnv };
