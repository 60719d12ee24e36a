// Pages whose frame is the same for every address of their route (/search: the site's frame and the sidebar, for
// every query): the frame is rendered once per kind of reader and kept, and each request renders only the slot
// (web/lib/frameSlot.tsx) and its data. The frame is dropped on any content change and after FRAME_TTL_MS (the
// ticker, a scheduled article going live), and never kept when one of its queries failed. The frame's fixed text and
// the page template's are kept encoded and compressed (src/lib/gzipSplice.ts): a request compresses only its own parts.
import { createServerSideHelpers } from "@trpc/react-query/server";
import { packPart, type PackedPart } from "../lib/gzipSplice.js";
import { takeTurn } from "../lib/turns.js";
import type { ContentEvents } from "../services/contentEvents.js";
import type { EntryServer, RouteParams, ServerRoute, SiteInfo } from "../schemas/ssr.js";
import type { appRouter } from "../trpc/router.js";

type Helpers = ReturnType<typeof createServerSideHelpers<typeof appRouter>>;

export const FRAME_TTL_MS = 10_000;
/** Kinds of reader (anonymous, signed-in, member, without ads) per route: a handful; the bound is a safety net. */
const FRAMES_MAX = 32;

/** The page template (web/index.html as built) around its three slots, the fixed parts kept compressed. */
export interface PageTemplate {
  /** Up to the head's tags. */
  start: PackedPart;
  /** From the head's tags to the app's HTML (the inline stylesheet). */
  middle: PackedPart;
  /** From the app's HTML to its state script. */
  beforeState: string;
  end: string;
}

export function splitTemplate(template: string): PageTemplate {
  const [start, rest] = template.split("<!--app-head-->");
  const [middle, rest2] = rest.split("<!--app-html-->");
  const [beforeState, end] = rest2.split("<!--app-state-->");
  if (end === undefined) throw new Error("The page template lacks one of its slots");
  return { start: packPart(start), middle: packPart(middle), beforeState, end };
}

/** The element holding a page's dehydrated state (web/boot.tsx reads it); src/ssr/index.ts writes it whole for other pages. */
export const STATE_SCRIPT = '<script id="__APP_STATE__" type="application/json">';
/** The state script up to its list of queries, and after it. */
const STATE_OPEN = STATE_SCRIPT + '{"mutations":[],"queries":[';
const STATE_CLOSE = "]}</script>";

interface Frame {
  /** The preload links the frame's render starts with: the slot's join them. */
  links: string;
  /** The frame's HTML after its links, up to the slot. */
  before: PackedPart;
  /** The frame's HTML after the slot, the template up to the state, and the state's frame queries. */
  after: PackedPart;
  /** Whether the frame has queries (the slot's follow them after a comma). */
  hasQueries: boolean;
  at: number;
}

export interface FramedPage {
  /** The whole page given its head's tags, in order: kept parts and this request's strings (spliceGzip). */
  parts: (head: string) => Array<PackedPart | string>;
  status: number | undefined;
}

export class FrameCache {
  private readonly frames = new Map<string, Promise<Frame>>();
  private readonly builtAt = new Map<string, number>();

  constructor(events: ContentEvents, private readonly now = () => Date.now()) {
    events.on(() => this.clear());
  }

  clear() {
    this.frames.clear();
    this.builtAt.clear();
  }

  /** The kept frame of `key`, or a new one from `build` (null: not kept, e.g. a query failed). */
  async get(key: string, build: () => Promise<{ frame: Frame; keep: boolean }>): Promise<Frame> {
    const at = this.builtAt.get(key);
    const kept = this.frames.get(key);
    if (kept && at !== undefined && this.now() - at < FRAME_TTL_MS) return kept;
    if (this.frames.size >= FRAMES_MAX) this.clear();
    const building = build().then(({ frame, keep }) => {
      if (!keep && this.frames.get(key) === building) this.frames.delete(key);
      return frame;
    });
    building.catch(() => this.frames.delete(key));
    this.frames.set(key, building);
    this.builtAt.set(key, this.now());
    return building;
  }
}

/** Renders a framed route's page: the kept frame with this request's slot in it. */
export async function renderFramed(args: {
  frames: FrameCache;
  route: ServerRoute<Helpers> & { framed: NonNullable<ServerRoute<Helpers>["framed"]> };
  entry: EntryServer<Helpers>;
  /** Helpers over an anonymous context: the frame shows nothing of one reader (their kind is in `site`). */
  frameHelpers: () => Helpers;
  helpers: Helpers;
  template: PageTemplate;
  url: string;
  params: RouteParams;
  search: URLSearchParams;
  site: SiteInfo;
}): Promise<FramedPage> {
  const { frames, route, entry, helpers, template, url, params, search, site } = args;
  const framePromise = frames.get(`${route.path}|${JSON.stringify(site)}`, async () => {
    const h = args.frameHelpers();
    await route.framed.frame(h).catch(() => undefined);
    const part = entry.renderFrame(route.path, h.queryClient, site);
    const at = part.html.indexOf(part.slotMarker);
    if (at < 0) throw new Error(`The frame of ${route.path} has no slot`);
    // React puts the preload links of a render (eager images) at the start of its HTML: the slot's join the frame's there.
    const [links, before] = leadingLinks(part.html.slice(0, at));
    const after = part.html.slice(at + part.slotMarker.length) + template.beforeState + STATE_OPEN + part.queries;
    const frame = { links, before: packPart(before), after: packPart(after), hasQueries: part.queries !== "", at: Date.now() };
    return { frame, keep: part.status === undefined };
  });
  const [frame] = await Promise.all([framePromise, route.framed.slot(helpers, params, search).catch(() => undefined)]);
  // Between the query and the render, a turn of the event loop (src/lib/turns.ts): cached hits waiting meanwhile are answered.
  await takeTurn();
  const slot = entry.renderSlot(url, helpers.queryClient, site);
  const [slotLinks, slotRest] = leadingLinks(slot.html);
  const slotQueries = (frame.hasQueries && slot.queries ? "," : "") + slot.queries;
  return {
    parts: (head) => [template.start, head, template.middle, frame.links + slotLinks, frame.before, slotRest, frame.after, slotQueries + STATE_CLOSE + template.end],
    status: slot.status,
  };
}

/** The `<link …/>` elements a rendered HTML starts with, and the rest. */
function leadingLinks(html: string): [string, string] {
  const links = /^(?:<link [^>]*\/>)*/.exec(html)![0];
  return [links, html.slice(links.length)];
}
