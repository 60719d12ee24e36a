import { useId, useState, type FormEvent } from "react";
import { formatCommentTime } from "../lib/format.js";
import { useSite } from "../lib/site.js";
import { useComments } from "../hooks/queries.js";
import { rpc } from "../lib/rpc.js";
import { useToast } from "./toast.js";

/** Approved comments (polled every 30 s) and the comment form with its honeypot. */
export function Comments({ articleId }: { articleId: number }) {
  const { timeZone } = useSite();
  const comments = useComments(articleId);
  const utils = rpc.useUtils();
  const { toast } = useToast();
  const [form, setForm] = useState({ authorName: "", authorEmail: "", content: "", website: "" });
  const ids = { name: useId(), email: useId(), content: useId(), website: useId() };
  const post = rpc.comments.create.useMutation({
    onSuccess: (comment) => {
      if (comment.isApproved) toast({ title: "Comment posted", description: "Your comment has been posted successfully." });
      else toast({ title: "Comment awaiting review", description: "Your comment will appear after a moderator approves it." });
      setForm({ authorName: "", authorEmail: "", content: "", website: "" });
      void utils.comments.list.invalidate({ articleId });
    },
    onError: (error) => toast({ title: "Error", description: error.message || "Failed to submit comment", variant: "destructive" }),
  });
  const approved = (comments.data ?? []).filter((c) => c.isApproved);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const authorName = form.authorName.trim();
    const authorEmail = form.authorEmail.trim();
    const content = form.content.trim();
    if (!authorName || !authorEmail || !content) {
      toast({ title: "Missing information", description: "Please fill in all fields", variant: "destructive" });
      return;
    }
    post.mutate({ articleId, authorName, authorEmail, content, ...(form.website ? { website: form.website } : {}) });
  };
  const field = (key: keyof typeof form) => ({ value: form[key], onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })) });

  return (
    <section className="comments" aria-labelledby="comments-title">
      <h2 id="comments-title">Discussion ({approved.length})</h2>
      {/* POST so that, before the app has loaded, an early submit never puts the e-mail address into a URL. */}
      <form className="comment-form" onSubmit={submit} noValidate method="post">
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
        <button type="submit" className="btn btn-primary" disabled={post.isPending}>
          {post.isPending ? "Posting..." : "Post Comment"}
        </button>
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
      {comments.isPending ? (
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading comments...
        </p>
      ) : approved.length === 0 ? (
        <div className="empty-state">
          <p className="empty-title">No comments yet</p>
          <p>Be the first to share your thoughts on this article</p>
        </div>
      ) : (
        <ol className="comment-list">
          {approved.map((c) => (
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
