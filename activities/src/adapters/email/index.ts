import type { Knex } from 'knex';
import type { SharedConfig } from '../../config';
import type { Logger } from '../../logger';
import { createLocalEmail } from './local';
import { createSmtpEmail } from './smtp';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

/** E-mail. Adapters: SMTP through nodemailer (real) and a local outbox (development, tests). */
export interface Email {
  readonly provider: 'smtp' | 'local';
  /** Sends one plain-text e-mail; resolves with the provider's message id. */
  send(message: EmailMessage): Promise<{ id: string }>;
}

export function createEmail(config: SharedConfig, db: Knex, logger: Logger): Email {
  if (config.EMAIL_PROVIDER === 'smtp') return createSmtpEmail({ url: config.SMTP_URL!, from: config.EMAIL_FROM }, logger);
  return createLocalEmail(db, logger);
}
