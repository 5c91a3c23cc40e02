import { createHmac } from 'node:crypto';
import { publicWebUrl } from '@fajr/activities';
import { dailyCapMessage, phoneRefusal } from '@fajr/activities/domain/phone-policy';
import { textIn } from '@fajr/activities/i18n/texts';
import { isOptedOut } from '@fajr/activities/repositories/invite-opt-outs.repository';
import { releasePhoneSend, reservePhoneSend } from '@fajr/activities/repositories/phone-sends.repository';
import { optionalSendHeld, recordOptionalSend } from '@fajr/activities/repositories/phone-spend-guard';
import type { z } from 'zod';
import type { mosqueInvitationBody } from '../contracts/mosque-requests.contract';
import type { ApiDeps } from '../deps';
import { BadRequestError, ServiceUnavailableError, TooManyRequestsError } from '../errors';
import { usernameOrFail } from './auth.service';

// "Request your mosque" invites the mosque itself (issue 46 point 6): a text or an e-mail to the contact a
// user gives, in the language they choose. The contact is a stranger's: few a day, one per contact a month.

export const INVITATION_SENT = 'Invitation sent to your mosque';
export const INVITATIONS_PER_DAY = 3;
export const INVITE_CONTACT_DAYS = 30;
export const TOO_MANY_INVITATIONS = `You can invite at most ${INVITATIONS_PER_DAY} mosques a day, please try again tomorrow`;
export const CONTACT_INVITED = `This contact was invited in the last ${INVITE_CONTACT_DAYS} days, so we will not write to it again yet`;
export const CONTACT_OPTED_OUT = 'This number has asked not to get messages from Fajr';

const DAY_MS = 24 * 3600_000;

/** The keyed hash an invited contact is remembered by (never the number or address itself). */
const contactKey = (secret: string, contact: string) =>
  createHmac('sha256', secret).update(`mosque-invite:${contact.toLowerCase()}`).digest('hex');

/** Sends the invitation; 429 past the limits, 400 for a contact that cannot take it. */
export async function inviteMosque(
  deps: ApiDeps,
  userId: string,
  body: z.infer<typeof mosqueInvitationBody>,
): Promise<{ message: string }> {
  const to = usernameOrFail(body.contact, body.country);
  const contact = to.kind === 'email' ? to.email : to.phoneNumber;
  const now = deps.now();
  const key = contactKey(deps.config.OTP_SECRET, contact);
  const [mine] = await deps
    .db('mosque_invitations')
    .where({ user_id: userId })
    .where('created_at', '>', new Date(now.getTime() - DAY_MS))
    .count({ n: '*' });
  if (Number(mine?.n) >= INVITATIONS_PER_DAY) throw new TooManyRequestsError(TOO_MANY_INVITATIONS);
  const seen = await deps
    .db('mosque_invitations')
    .where({ destination_key: key })
    .where('created_at', '>', new Date(now.getTime() - INVITE_CONTACT_DAYS * DAY_MS))
    .first('id');
  if (seen) throw new TooManyRequestsError(CONTACT_INVITED);

  const params = { mosque: body.mosqueName, url: `${publicWebUrl(deps.config)}/app/mosques` };
  const text = textIn(body.language, 'mosque.invite.text', params);
  let reserved: { id: string } | undefined;
  if (to.kind === 'phone') {
    const refusal = phoneRefusal(contact, deps.config.PHONE_COUNTRIES);
    if (refusal) throw new BadRequestError(refusal);
    if (await isOptedOut(deps.db, deps.config.OTP_SECRET, contact)) throw new BadRequestError(CONTACT_OPTED_OUT);
    // The inviter's own monthly budget and the country's caps, as for a friend's invitation (docs/SECURITY.md).
    const held = await optionalSendHeld(deps, { channel: 'invite', userId, phoneNumber: contact });
    if (held) throw new TooManyRequestsError(held.message, held.retryAfterSeconds);
    const r = await reservePhoneSend(deps.db, {
      channel: 'sms',
      budget: 'invite',
      userId,
      phoneNumber: contact,
      secret: deps.config.OTP_SECRET,
      now,
    });
    if (!('id' in r)) throw new TooManyRequestsError(dailyCapMessage('sms', r.retryAfterSeconds), r.retryAfterSeconds);
    reserved = r;
  }
  try {
    if (to.kind === 'phone') await deps.providers.messaging.sendSms(contact, text);
    else
      await deps.providers.email.send({
        to: contact,
        subject: textIn(body.language, 'mosque.invite.subject', params),
        text,
      });
  } catch (err) {
    if (reserved) await releasePhoneSend(deps.db, reserved.id);
    deps.logger.warn({ userId, err: (err as Error).message }, 'mosque invitation could not be sent');
    throw new ServiceUnavailableError('The invitation could not be sent, please try again');
  }
  if (to.kind === 'phone') await recordOptionalSend(deps, { channel: 'invite', userId, phoneNumber: contact });
  await deps.db('mosque_invitations').insert({
    user_id: userId,
    channel: to.kind === 'phone' ? 'sms' : 'email',
    destination_key: key,
    language: body.language,
    mosque_name: body.mosqueName,
    created_at: now,
  });
  deps.logger.info({ userId, channel: to.kind }, 'mosque invited');
  return { message: INVITATION_SENT };
}
