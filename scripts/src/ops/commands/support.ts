// npm run ops -- support …: the support chat, read and answered by operators.
import {
  addSupportReply,
  closeSupportConversation,
  listSupportConversations,
  supportConversationHistory,
} from '@fajr/activities/repositories/support.repository';
import { isUuid } from '@fajr/activities/domain/uuid';
import { supportMessageBody } from '@fajr/api/contracts/support.contract';
import { parse, text } from '../options';
import { minute, OpsError, shown, type OpsIo } from '../output';
import { openOrAllList, type OpsCommand } from './command';

function conversationId(positionals: string[], usage: string): string {
  if (positionals.length !== 1) throw new OpsError(`Usage: ${usage}`, 2);
  const id = positionals[0]!;
  if (!isUuid(id)) throw new OpsError(`"${id}" is not a conversation id (see \`npm run ops -- support list\`)`);
  return id;
}

const oneLine = (t: string | null, max: number) => {
  const flat = (t ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

const supportList = openOrAllList('support chats', listSupportConversations, (c) => ({
  id: c.id,
  status: c.status,
  last: minute(c.lastMessageAt),
  user: c.username,
  messages: c.messageCount,
  'last from user': oneLine(c.lastUserMessage, 60),
}));

async function supportShow(io: OpsIo, args: string[]) {
  const { positionals } = parse(args, {});
  const id = conversationId(positionals, 'support show <conversation-id>');
  const chat = await supportConversationHistory(io.db, id);
  if (!chat) throw new OpsError(`No support chat ${id}`);
  io.out(`Chat ${id} with ${shown(chat.username)} (${chat.status})`);
  // One line per message whatever it holds: its newlines and control characters are written out.
  for (const m of chat.messages)
    io.out(
      `[${minute(m.createdAt)}] ${shown(m.author === 'user' ? chat.username : `support (${m.operatorName ?? '?'})`)}: ${shown(m.body)}`,
    );
}

async function supportReply(io: OpsIo, args: string[]) {
  const { values, positionals } = parse(args, { message: { type: 'string' }, as: { type: 'string' } });
  const id = conversationId(positionals, 'support reply <conversation-id> --message "<text>" [--as <your name>]');
  if (values.message === undefined) throw new OpsError('Missing --message', 2);
  // The same rules as the user's own messages (not empty, at most the chat's length).
  const checked = supportMessageBody.safeParse({ body: values.message });
  if (!checked.success) throw new OpsError(`--message: ${checked.error.issues[0]?.message}`);
  const operator = text('as', values.as, 100) ?? 'support';
  const sent = await addSupportReply(io.db, id, checked.data.body, operator);
  if (!sent) throw new OpsError(`No support chat ${id}`);
  io.out(`Replied in chat ${id} (message ${sent.id})`);
}

async function supportClose(io: OpsIo, args: string[]) {
  const { positionals } = parse(args, {});
  const id = conversationId(positionals, 'support close <conversation-id>');
  if (!(await closeSupportConversation(io.db, id))) throw new OpsError(`No support chat ${id}`);
  io.out(`Closed chat ${id}`);
}

/** The support commands, in the order the usage lists them. */
export const supportCommands: OpsCommand[] = [
  {
    name: 'support list',
    usage: ['support list [--all]'],
    help: ['Open support chats (--all: closed ones too), those waiting for an answer first.'],
    run: supportList,
  },
  {
    name: 'support show',
    usage: ['support show <conversation-id>'],
    help: ["A chat's whole history."],
    run: supportShow,
  },
  {
    name: 'support reply',
    usage: ['support reply <conversation-id> --message "<text>" [--as <your name>]'],
    help: ['Answers in a chat; the user sees it in the chat widget within seconds.'],
    run: supportReply,
  },
  {
    name: 'support close',
    usage: ['support close <conversation-id>'],
    help: ["Closes a chat (the user's next message reopens it)."],
    run: supportClose,
  },
];
