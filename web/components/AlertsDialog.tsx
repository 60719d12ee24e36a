// The alerts dialog, opened by the bell: the reader picks topics, and only then, on "Turn on alerts", does the
// browser ask for permission. The subscription goes to POST /api/push/subscriptions; "Turn off" removes it.
// Plain fetch, no client library: this chunk stays small.
import { useEffect, useId, useRef, useState } from "react";
import { PUSH_TOPICS, pushTopicLabel, type PushTopic } from "../../src/schemas/pushTopics.js";

const TOPICS_KEY = "alerts:topics";
type State = "loading" | "unsupported" | "off" | "on" | "working";

const supported = () => typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

function storedTopics(): PushTopic[] {
  try {
    const kept = JSON.parse(localStorage.getItem(TOPICS_KEY) ?? "[]") as string[];
    const known = kept.filter((t): t is PushTopic => (PUSH_TOPICS as readonly string[]).includes(t));
    return known.length ? known : ["breaking"];
  } catch {
    return ["breaking"];
  }
}

/** The browser's current subscription, if any (never prompts). */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

const keyBytes = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

async function api(method: "POST" | "DELETE", path: string, body: unknown) {
  const res = await fetch(path, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(((await res.json().catch(() => ({}))) as { message?: string }).message ?? `HTTP ${res.status}`);
}

export default function AlertsDialog({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [state, setState] = useState<State>("loading");
  const [topics, setTopics] = useState<PushTopic[]>(storedTopics);
  const [message, setMessage] = useState("");

  useEffect(() => {
    ref.current?.showModal();
    if (!supported()) return setState("unsupported");
    void currentSubscription().then(
      (s) => setState(s && Notification.permission === "granted" ? "on" : "off"),
      () => setState("off"),
    );
  }, []);

  const toggle = (topic: PushTopic) => setTopics((list) => (list.includes(topic) ? list.filter((t) => t !== topic) : [...list, topic]));

  async function turnOn() {
    if (!topics.length) return setMessage("Choose at least one topic.");
    setState("working");
    setMessage("");
    try {
      // The permission prompt comes here, after the reader's click, never before.
      if ((await Notification.requestPermission()) !== "granted") {
        setState("off");
        return setMessage("Notifications are blocked for this site. Allow them in your browser's site settings to get alerts.");
      }
      const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      await navigator.serviceWorker.ready;
      const { publicKey } = (await (await fetch("/api/push/public-key")).json()) as { publicKey: string };
      const subscription = (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
      await api("POST", "/api/push/subscriptions", { ...subscription.toJSON(), topics });
      localStorage.setItem(TOPICS_KEY, JSON.stringify(topics));
      setState("on");
      setMessage("Alerts are on. You can change your topics here at any time.");
    } catch (error) {
      setState("off");
      setMessage(`Alerts could not be turned on: ${(error as Error).message}`);
    }
  }

  async function turnOff() {
    setState("working");
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await api("DELETE", "/api/push/subscriptions", { endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      setState("off");
      setMessage("Alerts are off.");
    } catch (error) {
      setState("on");
      setMessage(`Alerts could not be turned off: ${(error as Error).message}`);
    }
  }

  return (
    <dialog ref={ref} className="premium-dialog alerts-dialog" aria-labelledby={titleId} onClose={onClose} onClick={(e) => e.target === ref.current && onClose()}>
      <div className="premium-form">
        <div className="dialog-head">
          <h2 id={titleId}>Breaking news alerts</h2>
          <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {state === "unsupported" ? (
          <p className="dialog-lead">This browser cannot receive alerts from websites.</p>
        ) : (
          <>
            <p className="dialog-lead">Get a notification when news breaks, for the topics you choose.</p>
            <fieldset className="alert-topics" disabled={state === "loading" || state === "working"}>
              <legend className="sr-only">Topics</legend>
              {PUSH_TOPICS.map((topic) => (
                <label key={topic}>
                  <input type="checkbox" name="topics" value={topic} checked={topics.includes(topic)} onChange={() => toggle(topic)} />
                  {pushTopicLabel(topic)}
                </label>
              ))}
            </fieldset>
            <button type="button" className="btn btn-primary btn-block" onClick={turnOn} disabled={state === "loading" || state === "working"}>
              {state === "working" ? "Please wait..." : state === "on" ? "Save topics" : "Turn on alerts"}
            </button>
            {state === "on" && (
              <button type="button" className="btn btn-outline btn-block" onClick={turnOff}>
                Turn off alerts
              </button>
            )}
          </>
        )}
        <p className="alerts-message" role="status">
          {message}
        </p>
      </div>
    </dialog>
  );
}
