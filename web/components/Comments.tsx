import { useId, useRef, useState, type FormEvent } from "react";
import { useCommentThread, type CommentThread } from "../hooks/islands/useCommentThread.js";
import { formatCommentTime } from "../lib/format.js";
import { useSite } from "../lib/site.js";
import { useToast } from "./toast.js";
import { FormName, FormNotice, useFormOutcome } from "./FormNotice.js";
import { formAnchor } from "../../src/schemas/readerForms.js";
import { fieldValue, useFieldsTypedBeforeCode } from "../lib/formFields.js";
import { useLocation } from "react-router-dom";

const EMPTY_FORM = { authorName: "", authorEmail: "", content: "", website: "" };

/** The comments island (web/components/islands.tsx): the article's thread, loaded when the island hydrates. */
export function Comments({ articleId }: { articleId: number }) {
  const thread = useCommentThread(articleId);
  return <CommentSection articleId={articleId} {...thread} />;
}

/** Approved comments and the comment form with its honeypot; the form empties once a comment is accepted. Before
 *  (or without) the page's code the form posts to the article's page, which answers with the outcome shown here. */
export function CommentSection({ articleId, comments, loading, posting, post }: CommentThread & { articleId: number }) {
  const { timeZone } = useSite();
  const { toast } = useToast();
  const { outcome, clear } = useFormOutcome("comment");
  const [form, setForm] = useState(() => ({ ...EMPTY_FORM, ...outcome?.values }));
  const { pathname, search } = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  useFieldsTypedBeforeCode(formRef, (read) => setForm({ authorName: read("authorName"), authorEmail: read("authorEmail"), content: read("content"), website: read("website") }));
  const ids = { name: useId(), email: useId(), content: useId(), website: useId() };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // What the fields hold, typed before the code came included.
    const typed = { authorName: fieldValue(e.currentTarget, "authorName"), authorEmail: fieldValue(e.currentTarget, "authorEmail"), content: fieldValue(e.currentTarget, "content"), website: fieldValue(e.currentTarget, "website") };
    setForm(typed);
    const authorName = typed.authorName.trim();
    const authorEmail = typed.authorEmail.trim();
    const content = typed.content.trim();
    clear();
    if (!authorName || !authorEmail || !content) {
      toast({ title: "Missing information", description: "Please fill in all fields", variant: "destructive" });
      return;
    }
    void post({ authorName, authorEmail, content, ...(typed.website ? { website: typed.website } : {}) }).then((accepted) => accepted && setForm(EMPTY_FORM));
  };
  const field = (key: keyof typeof form) => ({ value: form[key], onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })) });

  return (
    <section className="comments" aria-labelledby="comments-title">
      <h2 id="comments-title">Discussion ({comments.length})</h2>
      {/* POST to the article's page: before the app has loaded, the server takes the comment (src/http/readerForms.ts). */}
      <form ref={formRef} id={formAnchor("comment")} className="comment-form" onSubmit={submit} noValidate method="post" action={pathname + search}>
        <FormNotice outcome={outcome} />
        <div className="form-row">
          <div className="field">
            <label htmlFor={ids.name}>Name</label>
            <input id={ids.name} name="authorName" autoComplete="name" required maxLength={100} {...field("authorName")} />
          </div>
          <div className="field">
            <label htmlFor={ids.email}>Email</label>
            <input id={ids.email} name="authorEmail" type="email" autoComplete="email" required maxLength={254} {...field("authorEmail")} />
            <small className="field-hint">Your email will not be published</small>
          </div>
        </div>
        <div className="field honeypot" aria-hidden="true">
          <label htmlFor={ids.website}>Website</label>
          <input id={ids.website} name="website" tabIndex={-1} autoComplete="off" {...field("website")} />
        </div>
        <div className="field">
          <label htmlFor={ids.content}>Comment</label>
          <textarea id={ids.content} name="content" rows={4} required maxLength={5000} {...field("content")} />
        </div>
        <p className="field-hint">Comments are automatically filtered for quality and will post immediately</p>
        <button type="submit" className="btn btn-primary" disabled={posting}>
          {posting ? "Posting..." : "Post Comment"}
        </button>
        <FormName form="comment" />
        <input type="hidden" name="articleId" value={articleId} />
      </form>
      <div className="guidelines">
        <h3>Community guidelines</h3>
        <ul>
          <li>Keep the discussion professional and focused on defense.</li>
          <li>Respect differing views.</li>
          <li>Hate speech, lewd content and excessive profanity are automatically blocked.</li>
          <li>Comments post right after automated quality filtering.</li>
        </ul>
      </div>
      {loading ? (
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading comments...
        </p>
      ) : comments.length === 0 ? (
        <div className="empty-state">
          <p className="empty-title">No comments yet</p>
          <p>Be the first to share your thoughts on this article</p>
        </div>
      ) : (
        <ol className="comment-list">
          {comments.map((c) => (
            <li key={c.id} className="comment">
              <div className="comment-head">
                <strong>{c.authorName}</strong>
                <span className="badge badge-verified">Verified Reader</span>
                <time dateTime={c.createdAt}>{formatCommentTime(c.createdAt, timeZone)}</time>
              </div>
              <p className="comment-body">{c.content}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
