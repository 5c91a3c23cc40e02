// The local phone (the telephony adapter tests dial): watched through the dev API, or driven and read
// straight from the adapter and its table.
import type { Knex } from '@fajr/activities';
import type { LocalTelephony } from '@fajr/activities/adapters/telephony/local';
import type { ApiHarness } from './api';
import { freshPhone } from './phones';

type PlacedCall = Awaited<ReturnType<LocalTelephony['placeCall']>>;

/**
 * The sid of the call ringing at `phoneNumber`, polled every 250 ms for up to `tries` polls (the call is
 * placed by a workflow, so it rings a moment later); undefined if none rang.
 */
export async function ringingCallTo(h: ApiHarness, phoneNumber: string, tries: number): Promise<string | undefined> {
  for (let i = 0; i < tries; i += 1) {
    const calls = (await h.api('GET', '/api/dev/phone/calls')).body.result as {
      sid: string;
      to: string;
      status: string;
    }[];
    const sid = calls.find((c) => c.to === phoneNumber && c.status === 'ringing')?.sid;
    if (sid) return sid;
    await new Promise((r) => setTimeout(r, 250));
  }
  return undefined;
}

/** A call as the local provider keeps it: who it left from, when it reached the provider and was dialled. */
export interface LocalCallRow {
  sid: string;
  from_number: string;
  created_at: Date;
  dialled_at: Date;
  queue_ms: number;
}

/** The local provider's rows of the calls `sids`. */
export function localCallRows(db: Knex, sids: string[]): Promise<LocalCallRow[]> {
  return db('local_phone_calls')
    .whereIn('sid', sids)
    .select('sid', 'from_number', 'created_at', 'dialled_at', 'queue_ms');
}

/** Places five calls from `a` and one from `b` at the same moment, as a burst above `a`'s rate. */
export function placeBurst(telephony: LocalTelephony, a: string, b: string): Promise<PlacedCall[]> {
  const place = (from: string, n: number) =>
    telephony.placeCall({ to: freshPhone(), from, adhaanUrl: '/adhaan.mp3', attemptKey: `queued-${from}#${n}` });
  return Promise.all([...Array.from({ length: 5 }, (_, n) => place(a, n)), place(b, 9)]);
}
