import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/http';
import { fetchSupportMessages, sendSupportMessage, type SupportMessage } from '../api/support.api';

/** How often an open chat asks for replies. */
export const SUPPORT_POLL_MS = 5000;

/** Adds messages to a list by id (a sent message may come back again from a poll), oldest first. */
function merge(list: SupportMessage[], more: SupportMessage[]): SupportMessage[] {
  if (!more.length) return list;
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export interface SupportChat {
  messages: SupportMessage[];
  /** True until the first answer (or failure). */
  loading: boolean;
  /** Why the chat could not be read, while that lasts. */
  loadError: string | null;
  /** Sends a message; rejects with the server's message. */
  send(body: string): Promise<void>;
}

/**
 * The signed-in user's support chat while `active`: loads the latest messages, then asks for newer
 * ones every few seconds (after the previous answer, never two at once; not while the tab is hidden).
 */
export function useSupportChat(active: boolean): SupportChat {
  const [messages, setMessages] = useState<SupportMessage[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  // The poll cursor moves only with polls: a message sent now may be newer than a reply not yet fetched.
  const cursor = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      if (document.visibilityState !== 'hidden') {
        try {
          const chat = await fetchSupportMessages(cursor.current);
          if (stopped) return;
          cursor.current = chat.cursor;
          setMessages((list) => merge(list, chat.messages));
          setLoadError(null);
        } catch (e) {
          if (stopped) return;
          setLoadError(errorMessage(e));
        }
        setLoading(false);
      }
      if (!stopped) timer = setTimeout(poll, SUPPORT_POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active]);

  const send = useCallback(async (body: string) => {
    const sent = await sendSupportMessage({ body });
    setMessages((list) => merge(list, [sent]));
  }, []);

  return { messages, loading, loadError, send };
}
