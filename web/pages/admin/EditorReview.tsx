// The editor's review box (issue 25): where a draft stands between its writer and an editor. A writer who may not
// publish sees whether the draft waits for an editor, or the editor's note when it was sent back; an editor sees
// a submitted draft's "Approve and publish" and "Send back" (with a note, POST /api/admin/review/{id}/send-back).
// Not a <form>: it sits inside the editor's form, and Enter in the note must neither save the article nor send.
import { useState, type KeyboardEvent } from "react";
import type { ArticleDto } from "../../../src/schemas/article.js";
import { useSiteTime } from "../../components/admin/zonedTime.js";

type ReviewState = Pick<ArticleDto, "status" | "submittedAt" | "reviewNote">;

export interface ReviewProps {
  /** The article as stored (null: not saved yet). */
  article: ReviewState | null;
  /** The signed-in role publishes this article itself: no review box unless it is waiting for one. */
  mayPublish: boolean;
  /** The signed-in role works the review queue (articles:any). */
  reviews: boolean;
  /** Why the signed-in role cannot change this article, if it cannot. */
  readOnly: string | null;
  busy: boolean;
  onApprove: () => void;
  onSendBack: (note: string) => Promise<boolean>;
}

export function EditorReview({ article, mayPublish, reviews, readOnly, busy, onApprove, onSendBack }: ReviewProps) {
  const { format } = useSiteTime();
  const [note, setNote] = useState("");
  const draft = article === null || article.status === "draft";
  const submitted = draft && Boolean(article?.submittedAt);
  const sentBack = draft && !submitted && Boolean(article?.reviewNote);
  if (!readOnly && !submitted && !sentBack && mayPublish) return null;

  const noEnter = (e: KeyboardEvent) => e.key === "Enter" && !e.shiftKey && e.preventDefault();
  async function sendBack() {
    if (await onSendBack(note.trim())) setNote("");
  }

  return (
    <section className="admin-card admin-review" aria-labelledby="review-title" data-review={readOnly ? "read-only" : submitted ? "submitted" : sentBack ? "sent-back" : "draft"}>
      <h2 id="review-title">Review</h2>
      {readOnly ? (
        <p className="admin-muted">{readOnly}.</p>
      ) : submitted ? (
        <p>
          <strong>Submitted for review</strong> {format(article!.submittedAt!)}.{" "}
          {reviews ? "Publish it, or send it back to its writer with a note." : "An editor will publish it or send it back with a note; you can still change it meanwhile."}
        </p>
      ) : sentBack ? (
        <>
          <p>
            <strong>Sent back by an editor</strong> with this note:
          </p>
          <blockquote className="admin-review-note" data-testid="review-note">
            {article!.reviewNote}
          </blockquote>
          {!mayPublish && <p className="admin-muted">Make the changes it asks for, then submit the draft for review again.</p>}
        </>
      ) : (
        <p className="admin-muted">A draft. When it is ready, submit it for review: an editor publishes it.</p>
      )}
      {submitted && reviews && (
        <div className="admin-review-actions">
          <button type="button" className="admin-btn admin-btn-primary" onClick={onApprove} disabled={busy}>
            Approve and publish
          </button>
          <label className="admin-field">
            <span>Note for the writer</span>
            <textarea name="reviewNote" rows={3} maxLength={1000} value={note} onKeyDown={noEnter} onChange={(e) => setNote(e.target.value)} placeholder="What to change before it can be published" />
          </label>
          <button type="button" className="admin-btn" onClick={sendBack} disabled={busy || !note.trim()}>
            Send back
          </button>
        </div>
      )}
    </section>
  );
}
