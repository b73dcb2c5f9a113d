import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src/main/api/client';
import { ServiceError } from '../../../../src/main/api/errors';
import type { Cache } from '../../../../src/main/cache/cache';
import { AppError } from '../../../../src/main/errors';
import type { HandlerDeps } from '../../../../src/main/ipc/handlers/context';
import { embedHandlers } from '../../../../src/main/ipc/handlers/embed';
import { studyHandlers } from '../../../../src/main/ipc/handlers/studies';
import { createEmbedService } from '../../../../src/main/share/embed';
import { createStudyAuthoring } from '../../../../src/main/studies/authoring';
import { createLauncher, parseMoneyMinor, pricePerParticipant } from '../../../../src/main/studies/launch';
import { studyChannels } from '../../../../src/shared/ipc/channels/studies';
import { PRICE_PER_PARTICIPANT_CENTS } from '../../../../src/sandbox/domain/billing';
import { projectBody, testSandbox, type Org, type TestSandbox } from '../../../support/sandbox';
import { memoryCache } from '../../../support/workspace';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await testSandbox();
});
afterAll(() => sb.close());

const WS = 'ws-1';

type Deps = Pick<HandlerDeps, 'runtimes' | 'workspaces'>;
/** The launch and Share services behind their IPC handlers, as the core wires them. */
const launchShareHandlers = (d: Deps) => ({
  ...studyHandlers({ authoring: createStudyAuthoring(d), launcher: createLauncher(d) }),
  ...embedHandlers({ embed: createEmbedService(d) }),
});

/** The handlers over a real sandbox and a real cache; the runtime's sync is the project list only. */
async function setup(o: { balance_cents?: number; trial_credits?: number } = {}) {
  const org: Org = await sb.newOrg({ balance_cents: o.balance_cents ?? 10_000, trial_credits: o.trial_credits ?? 5 });
  const cache: Cache = await memoryCache();
  const launches: string[] = [];
  const client: ApiClient = {
    ...org.client,
    launchProject: (id, target, opts) => {
      launches.push(id);
      return org.client.launchProject(id, target, opts);
    },
  };
  let syncs = 0;
  const runtime = {
    cache,
    runSync: async () => {
      syncs++;
      await cache.call('projects.saveList', { items: await client.listProjects(), syncedAt: new Date().toISOString() });
      return {} as never;
    },
  };
  const deps = {
    runtimes: { get: async () => runtime },
    workspaces: { client: async () => client },
  } as unknown as Pick<HandlerDeps, 'runtimes' | 'workspaces'>;
  const h = launchShareHandlers(deps);
  const { id } = await org.client.createProject(projectBody());
  await runtime.runSync();
  syncs = 0;
  return { org, cache, h, id, launches, syncs: () => syncs, close: () => cache.close() };
}

const failure = async (p: Promise<unknown>): Promise<AppError> => {
  try {
    await p;
  } catch (e) {
    return e as AppError;
  }
  throw new Error('expected a failure');
};

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

describe('studies.launch', () => {
  it('launches once, returns what was charged and the participant link, and syncs the project into the cache', async () => {
    const s = await setup({ balance_cents: 10_000, trial_credits: 5 });
    cleanup = s.close;
    const v = await s.h['studies.launch']({ workspace_id: WS, project_id: s.id, target_participants: 8 }, {});
    expect(v.outcome).toBe('launched');
    expect(v).toMatchObject({ target_participants: 8, trial_credits_used: 5, balance_charged: `$${((3 * PRICE_PER_PARTICIPANT_CENTS) / 100).toFixed(2)}` });
    expect(v.call_url).toMatch(new RegExp(`^${sb.baseUrl}/call/en-US/.+/${s.id}$`));
    expect(v.project?.recruiting.has_launched).toBe(true);
    expect(v.project?.guide?.call_url).toBe(v.call_url);
    expect(s.syncs()).toBeGreaterThanOrEqual(1);
    expect(s.launches).toEqual([s.id]);
    // The charge over the 3 participants the trial credits did not cover: the price the next launch quotes.
    expect(await s.cache.call('launches.lastPrice')).toMatchObject({ per_participant_minor: PRICE_PER_PARTICIPANT_CENTS, project_id: s.id });
  });

  it('keeps no price from a launch the trial credits paid for, or one whose answer was lost', async () => {
    const s = await setup({ balance_cents: 10_000, trial_credits: 5 });
    cleanup = s.close;
    await s.h['studies.launch']({ workspace_id: WS, project_id: s.id, target_participants: 5 }, {});
    expect(await s.cache.call('launches.lastPrice')).toBeNull();
    const { id } = await s.org.client.createProject(projectBody());
    await s.org.operator('PUT', '/_sandbox/faults', { truncate_rate: 1, fault_methods: ['POST'] });
    const lost = await s.h['studies.launch']({ workspace_id: WS, project_id: id, target_participants: 2 }, {});
    await s.org.operator('PUT', '/_sandbox/faults', {});
    expect(lost.outcome).toBe('launched_unconfirmed');
    expect(await s.cache.call('launches.lastPrice')).toBeNull();
  });

  it('a second call while the first is in flight joins it: one POST, one charge', async () => {
    const s = await setup({ balance_cents: 10_000, trial_credits: 0 });
    cleanup = s.close;
    await s.org.operator('PUT', '/_sandbox/faults', { latency_ms: 300, fault_methods: ['POST'] });
    const input = { workspace_id: WS, project_id: s.id, target_participants: 2 };
    const [a, b] = await Promise.all([s.h['studies.launch'](input, {}), s.h['studies.launch'](input, {})]);
    await s.org.operator('PUT', '/_sandbox/faults', {});
    expect(s.launches).toHaveLength(1);
    expect(a).toBe(b);
    expect(a.outcome).toBe('launched');
    expect(await s.org.client.getCredits()).toEqual({ balance: `$${((10_000 - 2 * PRICE_PER_PARTICIPANT_CENTS) / 100).toFixed(2)}`, trial_credits: 0 });
  });

  it('after launch, another call is answered from the cache without sending anything', async () => {
    const s = await setup();
    cleanup = s.close;
    const input = { workspace_id: WS, project_id: s.id, target_participants: 2 };
    await s.h['studies.launch'](input, {});
    const again = await s.h['studies.launch'](input, {});
    expect(again.outcome).toBe('already_launched');
    expect(again.call_url).not.toBeNull();
    expect(s.launches).toHaveLength(1);
  });

  it('409 from the service (launched elsewhere, cache stale) reads back the launched project', async () => {
    const s = await setup();
    cleanup = s.close;
    // Launched behind this cache's back: the cache still says unlaunched, so a POST goes out and gets 409.
    await s.org.client.launchProject(s.id, 3);
    const v = await s.h['studies.launch']({ workspace_id: WS, project_id: s.id, target_participants: 4 }, {});
    expect(v.outcome).toBe('already_launched');
    expect(v.message).toMatch(/already launched/);
    expect(v.project?.recruiting).toMatchObject({ has_launched: true, target_participants: 3 });
    expect(v.call_url).toMatch(/\/call\/en-US\//);
    expect(s.launches).toHaveLength(1);
  });

  it('402 becomes insufficient_balance with available, required and shortfall, and a message that says what to do', async () => {
    const s = await setup({ balance_cents: 1_000, trial_credits: 1 });
    cleanup = s.close;
    const err = await failure(s.h['studies.launch']({ workspace_id: WS, project_id: s.id, target_participants: 5 }, {}));
    const required = 4 * PRICE_PER_PARTICIPANT_CENTS;
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('insufficient_balance');
    expect(err.details).toEqual({ available: 1_000, required, shortfall: required - 1_000 });
    expect(err.message).toBe(
      "The balance can't cover this launch: it needs $20.00 and $10.00 is available ($10.00 short). Add funds to your account, or launch to fewer participants. Nothing was charged.",
    );
    expect((await s.cache.call('projects.get', { id: s.id }))?.has_launched).toBe(false);
  });

  it('an answer lost on the way (truncated) is reconciled by reading back, never by sending again', async () => {
    const s = await setup();
    cleanup = s.close;
    await s.org.operator('PUT', '/_sandbox/faults', { truncate_rate: 1, fault_methods: ['POST'] });
    const v = await s.h['studies.launch']({ workspace_id: WS, project_id: s.id, target_participants: 2 }, {});
    await s.org.operator('PUT', '/_sandbox/faults', {});
    expect(v.outcome).toBe('launched_unconfirmed');
    expect(v.message).toMatch(/answer was lost/);
    expect(v.call_url).toMatch(/\/call\/en-US\//);
    expect(v.project?.recruiting.has_launched).toBe(true);
    expect(s.launches).toHaveLength(1);
  });

  it('refuses a target outside the limits before anything is sent', async () => {
    const schema = studyChannels['studies.launch'].input;
    expect(schema.safeParse({ workspace_id: WS, project_id: 'p', target_participants: 0 }).success).toBe(false);
    expect(schema.safeParse({ workspace_id: WS, project_id: 'p', target_participants: 2.5 }).success).toBe(false);
    expect(schema.safeParse({ workspace_id: WS, project_id: 'p', target_participants: 12 }).success).toBe(true);
  });
});

describe('embed.get and embed.setAllowList', () => {
  it('refreshes the embed and allow-list into the cache and derives the participant link', async () => {
    const s = await setup();
    cleanup = s.close;
    const v = await s.h['embed.get']({ workspace_id: WS, project_id: s.id }, {});
    expect(v.offline).toBe(false);
    expect(v.embed?.embed_url).toMatch(new RegExp(`/embed/.+/${s.id}$`));
    expect(Object.keys(v.embed?.snippets ?? {})).toHaveLength(6);
    expect(v.allowed_urls).toEqual([]);
    expect(v.call_url).toMatch(new RegExp(`/call/en-US/.+/${s.id}$`));
    expect((await s.cache.call('embeds.get', { projectId: s.id }))?.embed?.embed_url).toBe(v.embed?.embed_url);
  });

  it('offline, answers from the cache and says so', async () => {
    const s = await setup();
    cleanup = s.close;
    await s.h['embed.get']({ workspace_id: WS, project_id: s.id }, {});
    const down = launchShareHandlers({
      runtimes: { get: async () => ({ cache: s.cache, runSync: async () => ({}) }) },
      workspaces: {
        client: async () => ({
          getEmbed: () => Promise.reject(new ServiceError(0, 'network', 'down')),
          getAllowList: () => Promise.reject(new ServiceError(0, 'network', 'down')),
        }),
      },
    } as unknown as Pick<HandlerDeps, 'runtimes' | 'workspaces'>);
    const v = await down['embed.get']({ workspace_id: WS, project_id: s.id }, {});
    expect(v.offline).toBe(true);
    expect(v.embed?.snippets.iframe).toContain('<iframe');
  });

  it('an embed the service refuses (409 before launch) does not hide the allow-list: the view says why', async () => {
    const s = await setup();
    cleanup = s.close;
    await s.org.client.putAllowList(s.id, ['https://shop.example.com']);
    const refusing = launchShareHandlers({
      runtimes: { get: async () => ({ cache: s.cache, runSync: async () => ({}) }) },
      workspaces: { client: async () => ({ ...s.org.client, getEmbed: () => Promise.reject(new ServiceError(409, 'conflict', 'Launch the project first.')) }) },
    } as unknown as Pick<HandlerDeps, 'runtimes' | 'workspaces'>);
    const v = await refusing['embed.get']({ workspace_id: WS, project_id: s.id }, {});
    expect(v.offline).toBe(false);
    expect(v.embed).toBeNull();
    expect(v.allowed_urls).toEqual(['https://shop.example.com']);
    expect(v.unavailable).toEqual({ embed: 'Not available for this study in its current state (409: Launch the project first.)' });
    // Read again once it works: the reason goes.
    expect((await s.h['embed.get']({ workspace_id: WS, project_id: s.id }, {})).unavailable).toEqual({});
  });

  it('saves a valid list in its normalised form; refuses an invalid one in main without sending', async () => {
    const s = await setup();
    cleanup = s.close;
    const saved = await s.h['embed.setAllowList'](
      { workspace_id: WS, project_id: s.id, allowed_urls: ['https://Shop.Example.com/path', 'https://shop.example.com', 'http://blog.example.org:8080/x'] },
      {},
    );
    expect(saved.allowed_urls).toEqual(['https://shop.example.com', 'http://blog.example.org:8080']);
    expect((await s.org.client.getAllowList(s.id)).allowed_urls).toEqual(['https://shop.example.com', 'http://blog.example.org:8080']);
    const err = await failure(
      s.h['embed.setAllowList']({ workspace_id: WS, project_id: s.id, allowed_urls: ['https://ok.example.com', '*.example.com', 'localhost'] }, {}),
    );
    expect(err.code).toBe('invalid_allowed_urls');
    expect(err.message).toMatch(/^2 entries are not valid: Wildcards are not allowed/);
    expect((err.details.entries as { index: number }[]).map((e) => e.index)).toEqual([1, 2]);
    // Nothing was sent: the service still has the earlier list.
    expect((await s.org.client.getAllowList(s.id)).allowed_urls).toEqual(['https://shop.example.com', 'http://blog.example.org:8080']);
  });
});

describe('the price per participant a launch result implies', () => {
  it.each([
    ['$1,234.50', 123_450],
    ['$75.00', 7_500],
    ['75', 7_500],
    ['75.5', 7_550],
    ['USD 75.00', 7_500],
    ['$0.00', 0],
  ])('reads %s as %i minor units', (text, minor) => {
    expect(parseMoneyMinor(text)).toBe(minor);
  });

  it.each(['', 'free', '-$5.00', '75,00', '$1.234,50', '$7.5.0', '1e3'])('does not guess at %j', (text) => {
    expect(parseMoneyMinor(text)).toBeNull();
  });

  it('divides the balance charged by the participants trial credits did not cover', () => {
    expect(pricePerParticipant(20, 5, '$75.00')).toBe(500);
    expect(pricePerParticipant(4, 0, '$100.00')).toBe(2_500);
    // Nothing paid from the balance, an unreadable charge or an unknown trial count: no price.
    expect(pricePerParticipant(5, 5, '$0.00')).toBeNull();
    expect(pricePerParticipant(5, 1, null)).toBeNull();
    expect(pricePerParticipant(5, 1, 'n/a')).toBeNull();
    expect(pricePerParticipant(5, null, '$20.00')).toBeNull();
  });
});
