import type { WorkspaceSummary } from '../../shared/ipc/channels/workspaces';
import type { IpcContract } from '../../shared/ipc/contract';
import type { Core } from '../core';
import type { CoreCall } from '../ipc/dispatcher';
import type { Redactor } from '../output/redactor';
import type { SecretStore } from '../secrets/secret-store';
import type { WorkspaceRuntime } from '../workspaces/runtime';
import type { OutStream, Output, PromptInput } from './output';

/** What a command gets: its parsed flags and words, the output, and the core (opened on first use). */
export type Ctx = {
  out: Output;
  flags: Record<string, string | string[] | boolean | undefined>;
  words: string[];
  home: string;
  envKey: string | null;
  stdin: PromptInput;
  core(): Promise<Core>;
  keyStorage(): Promise<SecretStore['kind']>; // 'memory': keys do not outlive this run
  /** A workspace by name, case-insensitively; exit 2 when there is none. */
  workspace(name: string): Promise<WorkspaceSummary>;
  runtime(workspaceId: string): Promise<WorkspaceRuntime>;
  /** A study's redactor for `--redact`: the core's, so the CLI and the app redact alike (redactor-for.ts). */
  redactorFor(projectId: string, workspaceId: string): Promise<Redactor>;
  /** The core's typed call (inputs validated as for the app); failures throw AppError. */
  call: CoreCall<IpcContract>;
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
