// A small Server-Sent Events client for tests: reads a stream with fetch, parses its events (and comments), and waits
// for the ones a test expects.
export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

export async function openSse(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: "text/event-stream", ...headers }, signal: controller.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let retry: number | undefined;
  let ended = false;
  const waiters: Array<() => void> = [];
  const notify = () => waiters.splice(0).forEach((w) => w());
  const reading = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event: SseEvent = { event: "message", data: "" };
          let hasData = false;
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) comments.push(line.slice(1).trim());
            else if (line.startsWith("id: ")) event.id = line.slice(4);
            else if (line.startsWith("event: ")) event.event = line.slice(7);
            else if (line.startsWith("data: ")) [event.data, hasData] = [line.slice(6), true];
            else if (line.startsWith("retry: ")) retry = Number(line.slice(7));
          }
          if (hasData) events.push(event);
        }
        notify();
      }
    } catch {
      // aborted
    } finally {
      ended = true;
      notify();
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    events,
    comments,
    get retry() {
      return retry;
    },
    get ended() {
      return ended;
    },
    /** Waits until `count` events have arrived (or the stream ended, or the time ran out). */
    async waitFor(count: number, timeoutMs = 5000): Promise<SseEvent[]> {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count && !ended && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, Math.max(0, deadline - Date.now()));
        });
      }
      return events;
    },
    async close() {
      controller.abort();
      // An abort right after the server ended the body can leave the reader pending: do not wait on it for long.
      await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, 500))]);
    },
  };
}
