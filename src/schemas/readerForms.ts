// The reader's forms that work before, and without, the page's code (progressive enhancement): each is a plain
// <form method="post"> to the page it sits on, naming itself in a hidden `form` field. The server (src/http/
// readerForms.ts) runs the same procedure the page's code calls and answers 303 back to the page with the outcome
// named in the query string (`?form=…&notice=…`), or re-renders the page with the error and the reader's input.
// The same words as the toasts the page's code raises.

export const SIGN_IN_MESSAGE = "If that address can receive mail, a sign-in link is on its way. It works once, for 15 minutes.";

/** The hidden field that names the form, and the query parameters of the answer's redirect. */
export const FORM_FIELD = "form";
export const NOTICE_PARAM = "notice";

export const READER_FORMS = ["newsletter-card", "newsletter-footer", "comment", "signin", "plans", "newsletter-confirm"] as const;
export type ReaderFormId = (typeof READER_FORMS)[number];

export interface FormNotice {
  title: string;
  description: string;
  /** An error: shown as an alert, not a status. */
  error?: boolean;
}

/** The successes a redirect names (errors are re-rendered with their own message). */
export const FORM_NOTICES = {
  subscribed: { title: "Subscribed!", description: "You'll receive daily defense briefings in your inbox." },
  "comment-posted": { title: "Comment posted", description: "Your comment has been posted successfully." },
  "comment-held": { title: "Comment awaiting review", description: "Your comment will appear after a moderator approves it." },
  "signin-sent": { title: "Check your inbox", description: SIGN_IN_MESSAGE },
  "premium-requested": { title: "Subscription successful!", description: "Welcome to the premium plan. Check your email for confirmation." },
  confirmed: { title: "Subscribed!", description: "Your address will receive the daily briefing every morning. Each e-mail has a one-click unsubscribe link." },
} as const satisfies Record<string, FormNotice>;
export type NoticeKey = keyof typeof FORM_NOTICES;

export const MISSING_INFORMATION: FormNotice = { title: "Missing information", description: "Please fill in all fields", error: true };
export const EMAIL_REQUIRED: FormNotice = { title: "Email required", description: "Please enter your email address to continue.", error: true };

/** A form's outcome the server renders into the page: a failure (the page rendered again with it) or a success. */
export interface FormState {
  form: ReaderFormId;
  notice: FormNotice;
  /** The reader's input, kept (never a password or a token). */
  values: Record<string, string>;
  /** The HTTP status of the failure (400, 404, 429 …). */
  status: number;
}

/** The success a redirect named in the page's address (`?form=…&notice=…`), which the server renders into the page. */
export function noticeFromQuery(search: URLSearchParams): FormState | undefined {
  const form = search.get(FORM_FIELD) as ReaderFormId;
  const key = search.get(NOTICE_PARAM);
  if (!READER_FORMS.includes(form) || !key || !Object.hasOwn(FORM_NOTICES, key)) return undefined;
  return { form, notice: FORM_NOTICES[key as NoticeKey], values: {}, status: 200 };
}

/** The page's address with a success named (any earlier outcome dropped), scrolled to the form. */
export function noticeUrl(pageUrl: string, form: ReaderFormId, notice: NoticeKey): string {
  const url = new URL(pageUrl, "http://x");
  url.searchParams.delete(FORM_FIELD);
  url.searchParams.delete(NOTICE_PARAM);
  url.searchParams.set(FORM_FIELD, form);
  url.searchParams.set(NOTICE_PARAM, notice);
  return `${url.pathname}${url.search}#${formAnchor(form)}`;
}

/** The form element's id, which the answer's redirect scrolls to. */
export const formAnchor = (form: ReaderFormId) => `form-${form}`;
