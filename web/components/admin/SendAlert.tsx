// "Send alert" in the editor: a breaking-news web push for this (published) article, to one topic's subscribers.
// Not a <form>: it sits inside the editor's form, and Enter in its fields must neither save the article nor send.
import { useState, type KeyboardEvent } from "react";
import { Link } from "react-router-dom";
import { MAX_ALERT_BODY, MAX_ALERT_TITLE } from "../../../src/schemas/push.js";
import { PUSH_TOPICS, pushTopicLabel, type PushTopic } from "../../../src/schemas/pushTopics.js";
import { trpc } from "../../trpc.js";
import { useToast } from "../toast.js";

export function SendAlert({ articleId, title, excerpt, category, isBreaking }: { articleId: number; title: string; excerpt: string; category: string; isBreaking: boolean }) {
  const { toast } = useToast();
  const send = trpc.push.send.useMutation();
  const utils = trpc.useUtils();
  const [form, setForm] = useState({ title: "", body: "", topic: (isBreaking ? "breaking" : category) as PushTopic });

  const noEnter = (e: KeyboardEvent) => e.key === "Enter" && e.preventDefault();

  async function submit() {
    try {
      const result = await send.mutateAsync({ articleId, topic: form.topic, title: form.title.trim() || undefined, body: form.body.trim() || undefined });
      toast({ title: "Alert sending", description: `To ${result.recipients} subscriber${result.recipients === 1 ? "" : "s"} of ${pushTopicLabel(form.topic)}.` });
      setForm((f) => ({ ...f, title: "", body: "" }));
      await utils.push.campaigns.invalidate();
    } catch (err) {
      toast({ title: "Alert not sent", description: (err as Error).message, variant: "destructive" });
    }
  }

  return (
    <section className="admin-card" aria-labelledby="send-alert-title">
      <h2 id="send-alert-title">Send alert</h2>
      <p className="admin-muted">
        A web push notification that opens this article, for the readers who chose the topic. Figures are on the <Link to="/alerts">Alerts</Link> screen.
      </p>
      <div className="admin-stack">
        <label className="admin-field">
          <span>Title</span>
          <input name="alertTitle" onKeyDown={noEnter} value={form.title} maxLength={MAX_ALERT_TITLE} placeholder={title.slice(0, MAX_ALERT_TITLE)} onChange={(e) => setForm({ ...form, title: e.target.value })} />
          <small>Empty: the article&apos;s title.</small>
        </label>
        <label className="admin-field">
          <span>Text</span>
          <textarea name="alertBody" rows={2} value={form.body} maxLength={MAX_ALERT_BODY} placeholder={excerpt.slice(0, MAX_ALERT_BODY)} onChange={(e) => setForm({ ...form, body: e.target.value })} />
          <small>Empty: the article&apos;s own summary.</small>
        </label>
        <label className="admin-field">
          <span>Topic</span>
          <select name="alertTopic" value={form.topic} onChange={(e) => setForm({ ...form, topic: e.target.value as PushTopic })}>
            {PUSH_TOPICS.map((t) => (
              <option key={t} value={t}>
                {pushTopicLabel(t)}
              </option>
            ))}
          </select>
        </label>
        <div>
          <button type="button" className="admin-btn admin-btn-primary" onClick={() => void submit()} disabled={send.isPending}>
            {send.isPending ? "Sending..." : "Send alert"}
          </button>
        </div>
      </div>
    </section>
  );
}
