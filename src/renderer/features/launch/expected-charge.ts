import type { LaunchPrice } from '../../../shared/views';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What the launch should cost, in words. The contract gives no price, so a figure is quoted only from
 * an earlier launch of this workspace, and says so; otherwise the dialog says plainly that the service
 * sets the charge at launch, beside the balance it comes from.
 */
export function expectedCharge(n: number, trial: number | null, price: LaunchPrice, balance: string | null): string {
  if (!price) {
    return `The service charges the balance${balance ? ` (${balance})` : ''} when you launch. It doesn't state the price per participant beforehand, and no earlier launch from this workspace has shown it.`;
  }
  const each = money.format(price.per_participant_minor / 100);
  if (trial === null) return `Expected charge: about ${each} a participant not covered by trial credits, from your last launch.`;
  const paid = Math.max(0, n - trial);
  if (paid === 0)
    return `Expected charge: nothing from the balance, as trial credits cover all ${plural(n, 'participant', 'participants')} (${each} a participant otherwise, from your last launch).`;
  return `Expected charge: about ${money.format((paid * price.per_participant_minor) / 100)}, from your last launch (${each} a participant for ${plural(paid, 'participant', 'participants')} beyond the trial credits).`;
}
