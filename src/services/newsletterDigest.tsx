// The daily briefing as a mail: React components rendered to static markup (React escapes every text and
// attribute), the plain-text part beside it. Inline styles and layout tables, as mail clients need.
import type { CSSProperties } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { categoryLabel } from "../schemas/constants.js";

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

const muted: CSSProperties = { color: "#6b7280" };

function DigestItem({ article: a, link }: { article: IssueArticle; link: DigestInput["link"] }) {
  return (
    <tr>
      <td style={{ padding: "16px 0", borderBottom: "1px solid #e5e7eb" }}>
        <div style={{ fontSize: 12, textTransform: "uppercase", ...muted }}>
          {categoryLabel(a.category)}
          {a.isPremium && (
            <>
              {" · "}
              <strong style={{ color: "#b8860b" }}>Premium</strong>
            </>
          )}
        </div>
        <h2 style={{ margin: "4px 0 8px", fontSize: 18 }}>
          <a href={link(a.url)} style={{ color: "#111827", textDecoration: "none" }}>
            {a.title}
          </a>
        </h2>
        <p style={{ margin: "0 0 8px", color: "#374151" }}>{a.excerpt}</p>
        <a href={link(a.url)} style={{ color: "#b91c1c" }}>
          {a.isPremium ? "Read the premium analysis" : "Read more"} →
        </a>
      </td>
    </tr>
  );
}

function DigestMail({ d }: { d: DigestInput }) {
  return (
    <html>
      <head>
        <meta charSet="utf-8" />
        <title>{d.subject}</title>
      </head>
      <body style={{ margin: 0, background: "#f3f4f6", fontFamily: "Arial,Helvetica,sans-serif" }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: 24 }}>
                <table role="presentation" width={600} cellPadding={0} cellSpacing={0} style={{ background: "#fff", padding: 24, maxWidth: 600 }}>
                  <tbody>
                    <tr>
                      <td>
                        <a href={d.link(`${d.siteUrl}/`)} style={{ fontSize: 22, fontWeight: "bold", color: "#111827", textDecoration: "none" }}>
                          {d.siteName}
                        </a>
                        <div style={muted}>Daily briefing · {d.dateLabel}</div>
                      </td>
                    </tr>
                    {d.articles.map((a, i) => (
                      <DigestItem key={i} article={a} link={d.link} />
                    ))}
                    <tr>
                      <td style={{ paddingTop: 16, fontSize: 12, ...muted }}>
                        You receive this briefing because you subscribed at {d.siteName}.{" "}
                        <a href={d.unsubscribeUrl} style={muted}>
                          Unsubscribe
                        </a>{" "}
                        with one click.
                      </td>
                    </tr>
                  </tbody>
                </table>
                {/* The open pixel: fetched when the mail is shown, so never hinted for preloading. */}
                {d.pixelUrl && <img src={d.pixelUrl} width={1} height={1} alt="" fetchPriority="low" style={{ display: "block", border: 0 }} />}
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** The daily briefing's HTML and plain-text parts for one recipient. */
export function renderDigest(d: DigestInput): { html: string; text: string } {
  const html = `<!doctype html>${renderToStaticMarkup(<DigestMail d={d} />)}`;
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
