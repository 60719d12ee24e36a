// The reader's 'Save' list, kept in this browser only (localStorage), with what a card needs to show.
import { useCallback, useSyncExternalStore } from "react";
import type { ArticleCard } from "../../src/schemas/article.js";

const KEY = "ds-reading-list";
export type SavedArticle = Pick<ArticleCard, "id" | "slug" | "title" | "excerpt" | "author" | "category" | "imageUrl" | "imageAlt" | "isBreaking" | "isPremium" | "publishedAt"> & { savedAt: string };

const listeners = new Set<() => void>();
let cache: { raw: string | null; list: SavedArticle[] } = { raw: null, list: [] };
const SERVER_LIST: SavedArticle[] = [];

function read(): SavedArticle[] {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(KEY);
  } catch {
    return cache.list;
  }
  if (raw === cache.raw) return cache.list;
  let list: SavedArticle[] = [];
  try {
    const parsed = JSON.parse(raw ?? "[]");
    if (Array.isArray(parsed)) list = parsed.filter((a) => a && typeof a.slug === "string" && typeof a.title === "string");
  } catch {
    list = [];
  }
  cache = { raw, list };
  return list;
}

function write(list: SavedArticle[]) {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // storage full or disabled: the list simply does not persist
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The saved list; empty on the server and during hydration (the store has a stable server snapshot). */
export function useReadingList() {
  const list = useSyncExternalStore(subscribe, read, () => SERVER_LIST);
  const isSaved = useCallback((slug: string) => list.some((a) => a.slug === slug), [list]);
  const toggle = useCallback((article: Omit<SavedArticle, "savedAt">) => {
    const current = read();
    const saved = current.some((a) => a.slug === article.slug);
    const { id, slug, title, excerpt, author, category, imageUrl, imageAlt, isBreaking, isPremium, publishedAt } = article;
    write(saved ? current.filter((a) => a.slug !== article.slug) : [{ id, slug, title, excerpt, author, category, imageUrl, imageAlt, isBreaking, isPremium, publishedAt, savedAt: new Date().toISOString() }, ...current]);
    return !saved;
  }, []);
  const remove = useCallback((slug: string) => write(read().filter((a) => a.slug !== slug)), []);
  return { list, isSaved, toggle, remove };
}
