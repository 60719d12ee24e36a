// The short mails that carry one link (a newsletter confirmation, a sign-in link): React components rendered to
// static markup, as the digest is (newsletterDigest.tsx), so every text and address is escaped by React.
import { renderToStaticMarkup } from "react-dom/server";

export interface LinkMail {
  /** The paragraph before the link. */
  lead: string;
  href: string;
  /** The link's text. */
  label: string;
  /** The paragraph after the link, if any. */
  after?: string;
}

/** The HTML part of a one-link mail: the lead, the link, what follows. */
export function linkMailHtml({ lead, href, label, after }: LinkMail): string {
  return renderToStaticMarkup(
    <>
      <p>{lead}</p>
      <p>
        <a href={href}>{label}</a>
      </p>
      {after && <p>{after}</p>}
    </>,
  );
}
