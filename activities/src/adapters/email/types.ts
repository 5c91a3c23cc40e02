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
