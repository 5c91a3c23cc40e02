import {
  supportMessageBody,
  supportMessagesQuery,
  supportMessagesResult,
  supportSendResult,
} from '../contracts/support.contract';
import { AUTHED, JSON_BODY, type Endpoint } from './endpoint';

/** The support chat. */
export const supportEndpoints: Endpoint[] = [
  {
    method: 'get',
    path: '/support/messages',
    tag: 'support',
    summary: "The signed-in user's support chat: messages after `since` (polling), or the latest",
    auth: 'required',
    query: supportMessagesQuery,
    ok: {
      schema: supportMessagesResult,
      description: 'Status, messages oldest first, and the cursor for the next poll',
    },
    errors: [400, ...AUTHED],
  },
  {
    method: 'post',
    path: '/support/messages',
    tag: 'support',
    summary: 'Send a message to support (starts or reopens the conversation)',
    auth: 'required',
    body: supportMessageBody,
    ok: { schema: supportSendResult, description: 'The message as stored' },
    errors: [...JSON_BODY, ...AUTHED, 429],
  },
];
