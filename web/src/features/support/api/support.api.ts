import {
  supportMessagesResult,
  supportSendResult,
  type SupportMessageInput,
} from '@fajr/api/contracts/support.contract';
import { apiRequest } from '../../../lib/http';

export type { SupportMessage, SupportMessages } from '@fajr/api/contracts/support.contract';

/** GET /support/messages: the user's chat, only messages after `since` when given (polling). */
export const fetchSupportMessages = async (since?: number) =>
  (
    await apiRequest('/support/messages', {
      query: { since: since === undefined ? undefined : String(since) },
      schema: supportMessagesResult,
    })
  ).result;

/** POST /support/messages: sends a message to support; resolves with it as stored. */
export const sendSupportMessage = async (body: SupportMessageInput) =>
  (await apiRequest('/support/messages', { method: 'POST', body, schema: supportSendResult })).result;
