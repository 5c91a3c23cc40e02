/** A provider's request whose signature does not match its content (or is missing or stale): it is not from the provider. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/**
 * A correctly signed provider request whose content is not what the provider sends. The message is
 * safe to show to the sender; `cause` may hold the validation error.
 */
export class WebhookPayloadError extends Error {
  override name = 'WebhookPayloadError';
}
