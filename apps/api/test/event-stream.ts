/**
 * `GET /api/users/me/stream` read as the web app reads it (fetch with a bearer token), on a server
 * listening at `base`: the events heard so far, whether the server ended the stream, and close().
 */
export async function openEventStream(base: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/users/me/stream`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: unknown }[] = [];
  let buffer = '';
  let ended = false;
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: data ? JSON.parse(data) : null });
        }
      }
    } catch {
      // closed by close()
    }
    ended = true;
  })();
  return {
    response,
    events,
    ended: () => ended,
    async close() {
      controller.abort();
      await pump;
    },
  };
}
