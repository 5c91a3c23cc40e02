// What moving a monthly subscription to another price costs at once, the way Stripe prorates.

/** One calendar month before `end` (a monthly subscription's period start). */
export function monthBefore(end: Date): Date {
  const start = new Date(end);
  start.setUTCMonth(start.getUTCMonth() - 1);
  return start;
}

/**
 * The amount due now (minor units) for moving from `oldAmount` to `newAmount` a month at `at`, with the
 * period ending at `periodEnd`: the new price for the time left less the unused time of the old one,
 * each rounded to the minor unit as Stripe rounds its proration lines. Negative is a credit (a move down).
 */
export function proratedChange(oldAmount: number, newAmount: number, periodEnd: Date, at: Date): number {
  const start = monthBefore(periodEnd).getTime();
  const total = periodEnd.getTime() - start;
  const left = Math.min(Math.max(periodEnd.getTime() - at.getTime(), 0), total);
  const share = left / total;
  return Math.round(newAmount * share) - Math.round(oldAmount * share);
}
