// The open event streams of live blogs on this instance (GET /api/articles/{id}/live). Each event is serialised once
// per variant (members', and the preview of a premium live blog) and written to every stream of its live blog; a
// stream that sees an event skip a number (events of two instances crossing in Redis) reads the gap from the event
// log first, once for all the streams that need it, so no reader misses one or gets one twice.
import type { ServerResponse } from "node:http";
import type { LiveEventDto } from "../../schemas/live.js";
import { metrics } from "../metrics.js";
import { presentLivePost } from "../../presenters/live.js";

/** Idle streams get a comment this often, so proxies and browsers keep them open. */
export const HEARTBEAT_MS = 25_000;
/** What the stream asks a browser to wait before reconnecting (the `retry:` hint). */
export const RETRY_MS = 2_000;
/** A reader whose connection holds more unsent bytes than this is too slow: closed, and reconnects from its last id. */
const MAX_UNSENT_BYTES = 1024 * 1024;

export interface LiveStream {
  articleId: number;
  /** A premium live blog read by someone who is not a member: posts without their body. */
  gated: boolean;
  /** The id of the last event written (or known to the reader). */
  lastSeq: number;
  res: ServerResponse;
  /** Events held while the stream's start or a gap is read from the log. */
  held: LiveEventDto[] | null;
}

type LoadAfter = (articleId: number, lastSeq: number) => Promise<LiveEventDto[]>;

/** The data line of an event: the post (post, update), its id (delete), nothing (end). */
function eventData(event: LiveEventDto, gated: boolean): string {
  if (event.kind === "delete") return JSON.stringify({ id: event.postId });
  if (!event.post) return "{}";
  return JSON.stringify(presentLivePost(event.post, !gated));
}

export function formatEvent(event: LiveEventDto, gated: boolean): string {
  return `id: ${event.id}\nevent: ${event.kind}\ndata: ${eventData(event, gated)}\n\n`;
}

export class LiveStreams {
  private readonly byArticle = new Map<number, Set<LiveStream>>();
  private open = 0;
  private heartbeat: NodeJS.Timeout | undefined;
  /** Gap reads in flight, shared by every stream that needs the same one. */
  private readonly gapReads = new Map<string, Promise<LiveEventDto[]>>();

  constructor(
    private readonly loadAfter: LoadAfter,
    private readonly logError: (error: unknown) => void = () => undefined,
    private readonly heartbeatMs = HEARTBEAT_MS,
  ) {}

  /** How many streams are open on this instance (`sse_streams_open` in /metrics counts the whole process's). */
  openCount(): number {
    return this.open;
  }

  /** Registers a stream before its start is read, so no event published meanwhile is lost (it is held). */
  add(stream: LiveStream): () => void {
    let set = this.byArticle.get(stream.articleId);
    if (!set) this.byArticle.set(stream.articleId, (set = new Set()));
    set.add(stream);
    this.open++;
    metrics.sseStreams.inc();
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => this.beat(), this.heartbeatMs);
      this.heartbeat.unref();
    }
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      this.open--;
      metrics.sseStreams.dec();
      set.delete(stream);
      if (!set.size) this.byArticle.delete(stream.articleId);
      if (!this.open && this.heartbeat) this.heartbeat = void clearInterval(this.heartbeat);
    };
  }

  /** The stream's start is written (its last id known): what was held meanwhile follows. */
  start(stream: LiveStream, lastSeq: number) {
    stream.lastSeq = lastSeq;
    const held = stream.held ?? [];
    stream.held = null;
    for (const event of held) this.offer(stream, event);
  }

  /** An event of this instance or another: written to every stream of its live blog. */
  deliver(event: LiveEventDto) {
    const streams = this.byArticle.get(event.articleId);
    if (!streams) return;
    // Serialised once per variant for all the streams of the live blog.
    const texts = new Map<boolean, string>();
    for (const stream of streams) this.offer(stream, event, texts);
  }

  /** `texts`: this event's serialisations so far (shared by the streams it goes to). */
  private offer(stream: LiveStream, event: LiveEventDto, texts = new Map<boolean, string>()) {
    if (stream.held) {
      stream.held.push(event);
      return;
    }
    if (event.id <= stream.lastSeq) return;
    if (event.id > stream.lastSeq + 1) {
      stream.held = [event];
      void this.fillGap(stream);
      return;
    }
    let text = texts.get(stream.gated);
    if (text === undefined) texts.set(stream.gated, (text = formatEvent(event, stream.gated)));
    this.write(stream, text);
    metrics.sseEvents.inc();
    stream.lastSeq = event.id;
  }

  private async fillGap(stream: LiveStream) {
    const key = `${stream.articleId}:${stream.lastSeq}`;
    let read = this.gapReads.get(key);
    if (!read) {
      read = this.loadAfter(stream.articleId, stream.lastSeq).finally(() => this.gapReads.delete(key));
      this.gapReads.set(key, read);
    }
    let missing: LiveEventDto[];
    try {
      missing = await read;
    } catch (error) {
      this.logError(error);
      // The reader reconnects with its last id and gets the gap from the log then.
      stream.res.destroy();
      return;
    }
    const held = stream.held ?? [];
    stream.held = null;
    for (const event of [...missing, ...held]) this.offer(stream, event);
  }

  private write(stream: LiveStream, text: string) {
    if (stream.res.destroyed) return;
    if (stream.res.writableLength > MAX_UNSENT_BYTES) {
      stream.res.destroy();
      return;
    }
    stream.res.write(text);
  }

  private beat() {
    for (const streams of this.byArticle.values()) for (const stream of streams) if (!stream.held) this.write(stream, ": keep-alive\n\n");
  }

  /** Shutting down: every stream is told to reconnect (to another instance) and closed. */
  closeAll() {
    for (const streams of this.byArticle.values()) {
      for (const stream of streams) {
        if (stream.res.destroyed) continue;
        stream.res.end(`retry: 500\nevent: reconnect\ndata: {}\n\n`);
      }
    }
  }

  stop() {
    if (this.heartbeat) this.heartbeat = void clearInterval(this.heartbeat);
  }
}
