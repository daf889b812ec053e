import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_BASE, sessionRefused } from './api-client';
import { getToken } from './session';

/*
 * The real-time stream (`GET /api/users/me/stream`, decision 063): while a signed-in screen is
 * shown, the server names what changed and the screens read it again. Read with fetch, since an
 * EventSource cannot send the bearer token. Closed while the page is hidden (no data spent on a
 * pocketed phone); on return, everything it names is read again, as missed signals may exist.
 */

export interface RealtimeSignal {
  type: 'notifications' | 'conversation' | 'support';
  conversationId?: string;
}

/** The query keys each signal makes stale (the features' keys start with these words). */
const STALE_KEYS: Record<RealtimeSignal['type'], readonly string[]> = {
  notifications: ['notifications'],
  conversation: ['conversations'],
  support: ['support-inbox'],
};

const FIRST_RETRY_MS = 2000;
const LONGEST_RETRY_MS = 60_000;
/** A stream open this long (a heartbeat came) counts as working: the next retry is quick again. */
const HELD_MS = 20_000;

/** Splits the text of a stream into its events (`event:` and `data:` lines, blank-line separated); answers the rest. */
export function readEvents(buffer: string, onSignal: (signal: RealtimeSignal) => void): string {
  let rest = buffer;
  for (let cut = rest.indexOf('\n\n'); cut >= 0; cut = rest.indexOf('\n\n')) {
    const block = rest.slice(0, cut);
    rest = rest.slice(cut + 2);
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (!data) continue;
    try {
      const signal = JSON.parse(data) as RealtimeSignal;
      if (signal.type in STALE_KEYS) onSignal(signal);
    } catch {
      // Not a signal of ours: ignored.
    }
  }
  return rest;
}

/** Opens the stream and keeps it open while the page is shown; answers the stop function. */
export function openRealtime(onSignal: (signal: RealtimeSignal) => void, onResume: () => void): () => void {
  let controller: AbortController | null = null;
  let retryMs = FIRST_RETRY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const connect = async () => {
    const token = getToken();
    if (stopped || !token || document.visibilityState !== 'visible' || controller) return;
    controller = new AbortController();
    const mine = controller;
    try {
      const response = await fetch(`${API_BASE}/users/me/stream`, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        signal: mine.signal,
      });
      // Signed out, refused, or limited: no retry loop. A session refused (the account blocked,
      // signed out elsewhere: the server ended the stream at once) ends here too, as any call's 401
      // does: the screen goes to the sign-in page without waiting for the person's next action.
      if (!response.ok || !response.body) {
        if (response.status === 401 || response.status === 403) stopped = true;
        if (response.status === 401 && getToken() === token) sessionRefused();
        throw new Error(`stream ${response.status}`);
      }
      // The backoff starts again only once the stream has held: a proxy that answers and then
      // closes at once must not be asked every two seconds.
      const opened = Date.now();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer = readEvents(buffer + value, onSignal);
        if (Date.now() - opened > HELD_MS) retryMs = FIRST_RETRY_MS;
      }
    } catch {
      // Network lost, server restarted, or closed by us: see below.
    }
    if (controller === mine) controller = null;
    if (!stopped && !mine.signal.aborted) {
      timer = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
    }
  };

  const onVisibility = () => {
    if (document.visibilityState === 'visible') {
      onResume();
      void connect();
    } else {
      controller?.abort();
      controller = null;
    }
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('online', onVisibility);
  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('online', onVisibility);
  };
}

function invalidate(queryClient: QueryClient, type: RealtimeSignal['type']) {
  return queryClient.invalidateQueries({ queryKey: STALE_KEYS[type] });
}

/** Keeps the signed-in screens current: the stream's signals make their queries stale. */
export function useRealtimeUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      openRealtime(
        (signal) => void invalidate(queryClient, signal.type),
        () => {
          for (const type of Object.keys(STALE_KEYS) as RealtimeSignal['type'][]) void invalidate(queryClient, type);
        },
      ),
    [queryClient],
  );
}
