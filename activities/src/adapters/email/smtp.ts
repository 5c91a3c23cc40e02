import nodemailer from 'nodemailer';
import type { Logger } from '../../logger';
import type { Email } from './types';

/** E-mail through an SMTP server (smtp:// or smtps:// URL with credentials) with nodemailer; one pooled transport per process. */
export function createSmtpEmail(opts: { url: string; from: string }, logger: Logger): Email {
  const transport = nodemailer.createTransport(
    opts.url.includes('?') ? `${opts.url}&pool=true` : `${opts.url}?pool=true`,
  );
  return {
    provider: 'smtp',
    async send({ to, subject, text }) {
      const info = await transport.sendMail({ from: opts.from, to, subject, text });
      // The text may hold a one-time code: log the message id only.
      logger.info({ messageId: info.messageId }, 'email sent');
      return { id: info.messageId };
    },
  };
}
