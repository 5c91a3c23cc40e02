import {
  addUserSupportMessage,
  findSupportConversation,
  listSupportMessages,
  type SupportMessageRow,
} from '@fajr/activities/repositories/support.repository';
import {
  supportMessageBody,
  supportMessagesQuery,
  type SupportMessage,
  type SupportMessages,
} from '../contracts/support.contract';
import type { ApiDeps } from '../deps';
import { parse } from '../middleware/validate';

type Deps = Pick<ApiDeps, 'db'>;
type SendDeps = Pick<ApiDeps, 'db' | 'config' | 'logger' | 'providers'>;

/** How many messages one answer carries at most (the first load shows the latest ones). */
export const SUPPORT_PAGE_SIZE = 100;

const toMessage = (m: SupportMessageRow): SupportMessage => ({
  id: m.id,
  from: m.author,
  body: m.body,
  createdAt: m.createdAt.toISOString(),
});

/** The signed-in user's support chat: their own conversation's messages after `since` (or the latest), for the widget's polling. */
export async function getSupportMessages(
  deps: Deps,
  userId: string,
  query: unknown,
): Promise<{ result: SupportMessages }> {
  const { since } = parse(supportMessagesQuery, query);
  const conversation = await findSupportConversation(deps.db, userId);
  if (!conversation) return { result: { status: null, messages: [], cursor: since ?? 0 } };
  const rows = await listSupportMessages(deps.db, conversation.id, { afterId: since, limit: SUPPORT_PAGE_SIZE });
  const messages = rows.map(toMessage);
  return { result: { status: conversation.status, messages, cursor: messages.at(-1)?.id ?? since ?? 0 } };
}

/** Sends the signed-in user's message to support (the conversation starts, or reopens, with it). */
export async function sendSupportMessage(
  deps: SendDeps,
  userId: string,
  body: unknown,
): Promise<{ result: SupportMessage }> {
  const { body: text } = parse(supportMessageBody, body);
  const { message, startsWait } = await addUserSupportMessage(deps.db, userId, text);
  // One e-mail when a chat starts waiting, not one per message of a burst.
  if (startsWait) await notifySupport(deps, userId, text);
  return { result: toMessage(message) };
}

/** Tells support by e-mail that a chat waits for an answer; a failure is logged, never the user's problem (the message is stored). */
async function notifySupport(deps: SendDeps, userId: string, text: string): Promise<void> {
  const to = deps.config.SUPPORT_EMAIL;
  if (!to) return;
  try {
    const chat = await findSupportConversation(deps.db, userId);
    await deps.providers.email.send({
      to,
      subject: 'New support chat message',
      text: [
        'A user is waiting for an answer in the support chat:',
        '',
        text,
        '',
        `Answer with: npm run ops -- support reply ${chat?.id} --message "…"`,
        `History:     npm run ops -- support show ${chat?.id}`,
      ].join('\n'),
    });
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message }, 'support chat e-mail not sent');
  }
}
