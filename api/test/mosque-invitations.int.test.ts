import { randomUUID } from 'node:crypto';
import { useApi } from '@fajr/scripts/testing/api';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { recordOptOut } from '@fajr/activities/repositories/invite-opt-outs.repository';
import {
  CONTACT_INVITED,
  CONTACT_OPTED_OUT,
  INVITATION_SENT,
  TOO_MANY_INVITATIONS,
} from '../src/services/mosque-invitations.service';

// Issue 46 point 6: "request your mosque" invites the mosque, in the language the user chooses.

jest.setTimeout(60_000);

const h = useApi();
const path = '/api/data/mosques/invitations';
const outbox = (recipient: string) => h.db('local_outbox').where({ recipient }).orderBy('id');

describe('a user invites their mosque to register', () => {
  it('when a user invites by SMS in Urdu and by e-mail in French, then each goes in that language, once a month per contact', async () => {
    const u = await h.user();
    const phone = freshPhone();
    const sms = await h.api('POST', path, {
      token: u.token,
      body: { mosqueName: 'Jamia Masjid Bilal', contact: phone, language: 'ur' },
    });
    expect([sms.status, sms.body.message]).toEqual([200, INVITATION_SENT]);
    const [text] = await outbox(phone);
    expect(text.body).toContain('Jamia Masjid Bilal');
    expect(text.body).toContain('السلام علیکم');
    expect(text.body).toContain('/app/mosques');
    expect(text.body).toContain('STOP');

    const email = `imam-${randomUUID().slice(0, 8)}@example.com`;
    const mail = await h.api('POST', path, {
      token: u.token,
      body: { mosqueName: 'Mosquée de la Paix', contact: email, language: 'fr' },
    });
    expect(mail.status).toBe(200);
    const [m] = await outbox(email);
    expect(m).toMatchObject({
      channel: 'email',
      subject: 'Un fidèle de votre mosquée demande Mosquée de la Paix sur Fajr',
    });

    // The same contact again, from anyone: not this month. Nothing more is sent.
    const again = await h.api('POST', path, {
      token: (await h.user()).token,
      body: { mosqueName: 'Jamia Masjid Bilal', contact: phone, language: 'en' },
    });
    expect([again.status, again.body.error]).toEqual([429, CONTACT_INVITED]);
    expect(await outbox(phone)).toHaveLength(1);
    // The stored row keeps a keyed hash, never the contact.
    expect(JSON.stringify(await h.db('mosque_invitations'))).not.toContain(phone);
  });

  it('when a user invites a fourth mosque in a day, a number that said STOP, or a name with HTML, then nothing is sent', async () => {
    const u = await h.user();
    for (let i = 0; i < 3; i++) {
      const r = await h.api('POST', path, {
        token: u.token,
        body: { mosqueName: `Masjid ${i}`, contact: `m${i}-${randomUUID().slice(0, 6)}@example.com`, language: 'en' },
      });
      expect(r.status).toBe(200);
    }
    const fourth = await h.api('POST', path, {
      token: u.token,
      body: { mosqueName: 'Masjid 4', contact: 'four@example.com', language: 'en' },
    });
    expect([fourth.status, fourth.body.error]).toEqual([429, TOO_MANY_INVITATIONS]);

    const other = await h.user();
    const stopped = freshPhone();
    await recordOptOut(h.db, h.config.OTP_SECRET, stopped, 'sms', new Date());
    const refused = await h.api('POST', path, {
      token: other.token,
      body: { mosqueName: 'Masjid Stop', contact: stopped, language: 'en' },
    });
    expect([refused.status, refused.body.error]).toEqual([400, CONTACT_OPTED_OUT]);
    const html = await h.api('POST', path, {
      token: other.token,
      body: { mosqueName: '<b>Masjid</b>', contact: freshPhone(), language: 'en' },
    });
    expect(html.status).toBe(400);
    expect(
      (await h.api('POST', path, { body: { mosqueName: 'Masjid', contact: freshPhone(), language: 'en' } })).status,
    ).toBe(401);
  });
});
