import { existsSync } from 'node:fs';
import { AppError } from '../../errors';
import { checked } from '../input';
import type { Command, Ctx, Group } from '../types';
import { clean, promptHidden } from '../output';

const ADD_USAGE = `Usage: fieldwork workspace add --name NAME --base-url URL [--org-id ID] [--json]

Adds a workspace (one organisation on the service). The API key comes from FIELDWORK_API_KEY or, in a
terminal, from a hidden prompt. It is checked with the service first (a rejected key is never stored,
exit 3), then kept in the system keychain: never in a file, never printed.`;
const LIST_USAGE = `Usage: fieldwork workspace list [--json]

Lists the workspaces (name, service address, organisation). Keys are never shown.`;
const REMOVE_USAGE = `Usage: fieldwork workspace remove --name NAME [--purge-cache] [--json]

Forgets a workspace and deletes its key from the keychain. With --purge-cache, also deletes its offline
cache and downloaded videos; without it they stay on disk.`;

async function readKey(ctx: Ctx): Promise<string> {
  if (ctx.envKey) return ctx.envKey;
  if (!ctx.stdin.isTTY) {
    throw new AppError('usage', 'No API key: set FIELDWORK_API_KEY, or run this in a terminal to type it at a hidden prompt.', { usage: ADD_USAGE });
  }
  return promptHidden('API key (input hidden): ', ctx.stdin, ctx.out.stderr);
}

const add: Command = {
  usage: ADD_USAGE,
  options: { name: { type: 'string' }, 'base-url': { type: 'string' }, 'org-id': { type: 'string' } },
  required: ['name', 'base-url'],
  async run(ctx) {
    const apiKey = await readKey(ctx);
    const input = await checked('workspaces.add', {
      name: String(ctx.flags.name),
      base_url: String(ctx.flags['base-url']),
      api_key: apiKey,
      ...(typeof ctx.flags['org-id'] === 'string' ? { organisation_id: ctx.flags['org-id'] } : {}),
    });
    const added = await (await ctx.services()).workspaces.add(input);
    const storage = await ctx.keyStorage();
    if (storage === 'memory') {
      ctx.out.warn(
        'No system keychain is available, so the key was not saved for later runs. Set FIELDWORK_API_KEY for each run, or install and unlock a keychain (on Linux, a Secret Service such as GNOME Keyring).',
      );
    }
    if (ctx.out.isJson) return ctx.out.json(added);
    ctx.out.line(
      `Added workspace "${clean(added.name)}" for ${added.base_url}${added.organisation_id ? ` (organisation ${clean(added.organisation_id)})` : ''}.`,
    );
    ctx.out.line(storage === 'keychain' ? 'Its API key is stored in the system keychain.' : 'Its API key is kept in memory for this run only.');
  },
};

const list: Command = {
  usage: LIST_USAGE,
  options: {},
  async run(ctx) {
    const all = (await ctx.services()).workspaces.list();
    if (ctx.out.isJson) return ctx.out.json(all);
    if (all.length === 0) return ctx.out.line('No workspaces yet. Add one with `fieldwork workspace add --name NAME --base-url URL`.');
    const width = Math.max(4, ...all.map((w) => clean(w.name).length));
    ctx.out.line(`${'NAME'.padEnd(width)}  SERVICE`);
    for (const w of all) {
      const notes = [w.organisation_id ? `organisation ${clean(w.organisation_id)}` : null, w.is_demo ? 'demo' : null].filter(Boolean);
      ctx.out.line(`${clean(w.name).padEnd(width)}  ${w.base_url}${notes.length ? `  (${notes.join(', ')})` : ''}`);
    }
  },
};

const remove: Command = {
  usage: REMOVE_USAGE,
  options: { name: { type: 'string' }, 'purge-cache': { type: 'boolean' } },
  required: ['name'],
  async run(ctx) {
    const w = await ctx.workspace(String(ctx.flags.name));
    const purge = ctx.flags['purge-cache'] === true;
    const s = await ctx.services();
    const i = await checked('workspaces.remove', { workspace_id: w.id, purge_cache: purge });
    await s.workspaces.remove(i.workspace_id, i.purge_cache);
    const dir = s.workspaces.folder(w.id);
    if (ctx.out.isJson) return ctx.out.json({ id: w.id, name: w.name, purged: purge });
    ctx.out.line(`Removed workspace "${clean(w.name)}" and deleted its key.`);
    if (purge) ctx.out.line('Its offline cache and videos were deleted.');
    else if (existsSync(dir)) ctx.out.line(`Its offline cache and videos are still in ${dir}; remove them with --purge-cache.`);
  },
};

export const workspaceGroup: Group = {
  name: 'workspace',
  usage: `Usage: fieldwork workspace <add|list|remove> [options] [--json]

  add --name NAME --base-url URL [--org-id ID]   key from FIELDWORK_API_KEY or a hidden prompt
  list                                           every workspace; keys are never shown
  remove --name NAME [--purge-cache]             forget it (and, with --purge-cache, its data)

Names are matched case-insensitively. See \`fieldwork workspace <command> --help\`.`,
  commands: { add, list, remove },
};
