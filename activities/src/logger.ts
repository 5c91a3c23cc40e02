import pino, { type Logger } from 'pino';

export type { Logger };

// Anything that may hold a secret or a one-time code is censored wherever it appears in a log line.
const REDACT = [
  'password',
  '*.password',
  'newPassword',
  '*.newPassword',
  'code',
  '*.code',
  'token',
  '*.token',
  'authorization',
  '*.authorization',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.headers["x-twilio-signature"]',
  '*.headers["stripe-signature"]',
  'req.body',
];

/** The process's structured logger (one per process). */
export function createLogger(name: string, level = 'info'): Logger {
  return pino({ name, level, redact: { paths: REDACT, censor: '[redacted]' } });
}
