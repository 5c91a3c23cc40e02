/** Text messages (SMS) to phone numbers. Adapters: Twilio (real) and a local outbox (development, tests). */
export interface Messaging {
  readonly provider: 'twilio' | 'local';
  /** Sends one SMS to an E.164 number; resolves with the provider's message id. */
  sendSms(to: string, body: string): Promise<{ id: string }>;
}
