import { categoryLabel } from "../schemas/constants.js";
import { escapeHtml } from "../lib/html.js";

/** An article as an issue carries it (a snapshot taken when the issue is created). */
export interface IssueArticle {
  title: string;
  excerpt: string;
  url: string;
  category: string;
  isPremium: boolean;
  publishedAt: string;
}

export interface DigestInput {
  siteName: string;
  siteUrl: string;
  subject: string;
  dateLabel: string;
  articles: IssueArticle[];
  unsubscribeUrl: string;
  /** The open pixel's URL; none in a preview. */
  pixelUrl?: string;
  /** The tracked form of a link in the HTML part (identity in a preview). */
  link: (url: string) => string;
}

/** The daily briefing's HTML and plain-text parts for one recipient. */
export function renderDigest(d: DigestInput): { html: string; text: string } {
  const name = escapeHtml(d.siteName);
  const items = d.articles
    .map((a) => {
      const label = `${escapeHtml(categoryLabel(a.category))}${a.isPremium ? ' · <strong style="color:#b8860b">Premium</strong>' : ""}`;
      return (
        `<tr><td style="padding:16px 0;border-bottom:1px solid #e5e7eb">` +
        `<div style="font-size:12px;text-transform:uppercase;color:#6b7280">${label}</div>` +
        `<h2 style="margin:4px 0 8px;font-size:18px"><a href="${escapeHtml(d.link(a.url))}" style="color:#111827;text-decoration:none">${escapeHtml(a.title)}</a></h2>` +
        `<p style="margin:0 0 8px;color:#374151">${escapeHtml(a.excerpt)}</p>` +
        `<a href="${escapeHtml(d.link(a.url))}" style="color:#b91c1c">${a.isPremium ? "Read the premium analysis" : "Read more"} &rarr;</a></td></tr>`
      );
    })
    .join("");
  const pixel = d.pixelUrl ? `<img src="${escapeHtml(d.pixelUrl)}" width="1" height="1" alt="" style="display:block;border:0">` : "";
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(d.subject)}</title></head>` +
    `<body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">` +
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="background:#fff;padding:24px;max-width:600px">` +
    `<tr><td><a href="${escapeHtml(d.link(`${d.siteUrl}/`))}" style="font-size:22px;font-weight:bold;color:#111827;text-decoration:none">${name}</a>` +
    `<div style="color:#6b7280">Daily briefing · ${escapeHtml(d.dateLabel)}</div></td></tr>` +
    items +
    `<tr><td style="padding-top:16px;font-size:12px;color:#6b7280">You receive this briefing because you subscribed at ${name}. ` +
    `<a href="${escapeHtml(d.unsubscribeUrl)}" style="color:#6b7280">Unsubscribe</a> with one click.</td></tr>` +
    `</table>${pixel}</td></tr></table></body></html>`;

  const text = [
    `${d.siteName} daily briefing - ${d.dateLabel}`,
    "",
    ...d.articles.flatMap((a) => [`${a.isPremium ? "[Premium] " : ""}${a.title}`, `${categoryLabel(a.category)}`, a.excerpt, a.url, ""]),
    "--",
    `You receive this briefing because you subscribed at ${d.siteName}.`,
    `Unsubscribe: ${d.unsubscribeUrl}`,
    "",
  ].join("\n");
  return { html, text };
}
