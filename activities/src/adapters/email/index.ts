import type { Knex } from 'knex';
import type { SharedConfig } from '../../config';
import type { Logger } from '../../logger';
import { createLocalEmail } from './local';
import { createSmtpEmail } from './smtp';
import type { Email } from './types';

export * from './types';

export function createEmail(config: SharedConfig, db: Knex, logger: Logger): Email {
  if (config.EMAIL_PROVIDER === 'smtp')
    return createSmtpEmail({ url: config.SMTP_URL!, from: config.EMAIL_FROM }, logger);
  return createLocalEmail(db, logger);
}
