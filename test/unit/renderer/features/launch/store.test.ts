// The launch dialog's store: the credits it shows (read anew per opening), and the launch itself.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {} from '../../../../../src/renderer/env';
import type { CreditsView } from '../../../../../src/shared/views';
import { UiError } from '../../../../../src/renderer/lib/api';
import { expectedCharge } from '../../../../../src/renderer/features/launch/expected-charge';
import { launchSlice, useLaunch } from '../../../../../src/renderer/features/launch/store';
import { deferred, fakeBridge, IpcFailure, type FakeBridge } from '../../../../support/fake-bridge';

const credits = (trial: number): CreditsView => ({ balance: '$12.00', trial_credits: trial, synced_at: '2026-01-01T00:00:00Z' });

let bridge: FakeBridge;
beforeEach(() => {
  bridge = fakeBridge();
  vi.stubGlobal('window', { fieldwork: bridge.api });
  useLaunch.setState({ byKey: {}, dialogFor: null, credits: undefined, price: undefined });
});
afterEach(() => vi.unstubAllGlobals());

describe('launch store: credits', () => {
  it('reads them through credits.get', async () => {
    bridge.answer('credits.get', () => credits(3));
    useLaunch.getState().openDialog('w1', 'p1');
    await useLaunch.getState().loadCredits('w1');
    expect(bridge.inputs('credits.get')).toEqual([{ workspace_id: 'w1' }]);
    expect(useLaunch.getState().credits).toEqual(credits(3));
  });

  it('are unknown (null) when they cannot be read, and "reading" (undefined) again at each opening', async () => {
    bridge.breakBridge('credits.get');
    useLaunch.getState().openDialog('w1', 'p1');
    await useLaunch.getState().loadCredits('w1');
    expect(useLaunch.getState().credits).toBeNull();
    useLaunch.getState().closeDialog();
    useLaunch.getState().openDialog('w1', 'p1');
    expect(useLaunch.getState().credits).toBeUndefined();
  });

  it('an older read answering late is dropped', async () => {
    const late = deferred<CreditsView>();
    bridge.answer('credits.get', () => late.promise);
    useLaunch.getState().openDialog('w1', 'p1');
    const first = useLaunch.getState().loadCredits('w1');
    bridge.answer('credits.get', () => credits(0));
    await useLaunch.getState().loadCredits('w1');
    late.resolve(credits(9));
    await first;
    expect(useLaunch.getState().credits).toEqual(credits(0));
  });
});

describe('launch store: launch', () => {
  it('sends studies.launch with the target, then re-reads the study', async () => {
    bridge.answer('studies.launch', () => ({
      outcome: 'launched',
      message: 'Launched.',
      call_url: null,
      target_participants: 20,
      trial_credits_used: 3,
      balance_charged: null,
      balance_remaining: null,
      project: null,
    }));
    bridge.answer('projects.get', () => null);
    await useLaunch.getState().launch('w1', 'p1', 20);
    expect(bridge.inputs('studies.launch')).toEqual([{ workspace_id: 'w1', project_id: 'p1', target_participants: 20 }]);
    expect(bridge.inputs('projects.get')).toEqual([{ workspace_id: 'w1', project_id: 'p1' }]);
    expect(launchSlice(useLaunch.getState(), 'w1', 'p1')).toMatchObject({ status: 'done', error: null });
  });

  it("maps a refusal (a 402) to a UiError with main's details", async () => {
    bridge.answer('studies.launch', () => {
      throw new IpcFailure('insufficient_balance', 'Not enough balance.', { available: 100, required: 500, shortfall: 400 });
    });
    bridge.answer('projects.get', () => null);
    await useLaunch.getState().launch('w1', 'p1', 20);
    const s = launchSlice(useLaunch.getState(), 'w1', 'p1');
    expect(s.status).toBe('error');
    expect(s.error).toBeInstanceOf(UiError);
    expect(s.error).toMatchObject({ code: 'insufficient_balance', details: { available: 100, required: 500, shortfall: 400 } });
  });
});

describe('launch store: the last launch price', () => {
  it('reads it beside the credits; a price that cannot be read is unknown (null), never made up', async () => {
    bridge.answer('credits.get', () => credits(0));
    bridge.answer('credits.lastLaunchPrice', () => ({ per_participant_minor: 2500, launched_at: 't', project_id: 'p0', project_title: 'Churn' }));
    useLaunch.getState().openDialog('w1', 'p1');
    expect(useLaunch.getState().price).toBeUndefined();
    await useLaunch.getState().loadCredits('w1');
    expect(useLaunch.getState().price).toMatchObject({ per_participant_minor: 2500 });
    bridge.breakBridge('credits.lastLaunchPrice');
    useLaunch.getState().openDialog('w1', 'p1');
    await useLaunch.getState().loadCredits('w1');
    expect(useLaunch.getState().price).toBeNull();
    expect(useLaunch.getState().credits).toEqual(credits(0));
  });
});

describe('the expected charge, in words', () => {
  const price = { per_participant_minor: 2500, launched_at: 't', project_id: 'p0', project_title: null };
  it('quotes the last launch for the participants beyond the trial credits', () => {
    expect(expectedCharge(1, 0, price, '$100.00')).toBe(
      'Expected charge: about $25.00, from your last launch ($25.00 a participant for 1 participant beyond the trial credits).',
    );
    expect(expectedCharge(10, 4, price, '$100.00')).toMatch(/^Expected charge: about \$150\.00, from your last launch/);
    expect(expectedCharge(3, 5, price, '$100.00')).toMatch(/^Expected charge: nothing from the balance, as trial credits cover all 3 participants/);
    expect(expectedCharge(3, null, price, null)).toBe('Expected charge: about $25.00 a participant not covered by trial credits, from your last launch.');
  });

  it('without an earlier price, says the service charges on launch and shows the balance', () => {
    expect(expectedCharge(10, 0, null, '$120.00')).toBe(
      "The service charges the balance ($120.00) when you launch. It doesn't state the price per participant beforehand, and no earlier launch from this workspace has shown it.",
    );
    expect(expectedCharge(10, 0, null, null)).not.toMatch(/\$/);
  });
});
