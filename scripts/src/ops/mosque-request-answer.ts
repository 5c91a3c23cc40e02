import type { MosqueRequest } from '@fajr/activities/repositories/mosques.repository';
import type { OpsIo } from './output';

/** What an answer needs of the ops command's io: the database and the providers it may go out through. */
export type AnswerIo = Pick<OpsIo, 'db' | 'messaging' | 'email' | 'webUrl'>;

/** What the requester is told: the mosque can be chosen now, or why it was not added. */
export function answerText(
  request: Pick<MosqueRequest, 'name' | 'status' | 'resolutionNote'>,
  mosqueName: string | null,
  webUrl: string,
): string {
  if (request.status === 'added') {
    return `Fajr: ${mosqueName ?? request.name}, the mosque you asked for, is now listed. Choose it in Settings, Mosque, to be called before its Fajr jama'ah: ${webUrl}/app/settings`;
  }
  return `Fajr: we could not add ${request.name}, the mosque you asked for: ${request.resolutionNote ?? 'no reason given'}. ${webUrl}/app`;
}

/**
 * Tells the person who asked for a mosque how their request was resolved: by SMS to their verified
 * number (nobody is texted at a number not proved by code), else by e-mail to their address, else
 * not at all (a signed-out request, or an account with neither); the account page shows it anyway.
 * Returns how it went out, or null.
 */
export async function answerMosqueRequest(io: AnswerIo, request: MosqueRequest): Promise<'sms' | 'email' | null> {
  const { db } = io;
  if (!request.userId) return null;
  const user = await db('users')
    .select('phone_number', 'phone_verified_at', 'email')
    .where({ id: request.userId })
    .first();
  if (!user) return null;
  const mosque = request.mosqueId
    ? await db('mosques').select('name').where({ id: request.mosqueId }).first()
    : undefined;
  const text = answerText(request, mosque?.name ?? null, ((await io.webUrl?.()) ?? '').replace(/\/+$/, ''));
  if (user.phone_number && user.phone_verified_at && io.messaging) {
    await (await io.messaging()).sendSms(user.phone_number, text);
    return 'sms';
  }
  if (user.email && io.email) {
    await (await io.email()).send({ to: user.email, subject: `Your mosque request: ${request.name}`, text });
    return 'email';
  }
  return null;
}
