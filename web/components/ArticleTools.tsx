import type { ArticleDto } from "../../src/schemas/article.js";
import { useReadingList } from "../lib/readingList.js";
import { ShareButtons } from "./ShareButtons.js";
import { useToast } from "./toast.js";
import { Tooltip } from "./Tooltip.js";

/** The share menu and the save button under an article's byline. */
export function ArticleTools({ a }: { a: ArticleDto }) {
  const { toast } = useToast();
  const reading = useReadingList();
  const saved = reading.isSaved(a.slug);
  return (
    <div className="article-tools">
      <ShareButtons title={a.title} path={`/article/${a.slug}`} articleId={a.id} variant="compact" />
      <Tooltip content={saved ? "Remove from your saved articles" : "Keep this article in your saved list"}>
        <button
          type="button"
          className={`btn btn-outline${saved ? " btn-saved" : ""}`}
          aria-pressed={saved}
          onClick={() => {
            const nowSaved = reading.toggle(a);
            toast({ title: nowSaved ? "Saved" : "Removed", description: nowSaved ? "Added to your saved articles." : "Removed from your saved articles." });
          }}
        >
          {saved ? "Saved" : "Save"}
        </button>
      </Tooltip>
    </div>
  );
}
