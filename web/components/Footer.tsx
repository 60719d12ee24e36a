import { Link } from "react-router-dom";
import { useContacts } from "../hooks/queries.js";
import { useSite } from "../lib/site.js";
import { NewsletterForm } from "./NewsletterForm.js";

export const FOOTER_LINKS = [
  { to: "/about", label: "About Us" },
  { to: "/editorial-team", label: "Editorial Team" },
  { to: "/careers", label: "Careers" },
  { to: "/partnerships", label: "Partnerships" },
  { to: "/contact", label: "Contact" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-of-service", label: "Terms of Service" },
  { to: "/legal", label: "Legal" },
  { to: "/corrections", label: "Corrections" },
];


/** The footer of every public page: the daily-briefing form, the company links and the active business contacts. */
export function Footer() {
  const { siteName } = useSite();
  const contacts = useContacts();
  const active = (contacts.data ?? []).filter((c) => c.isActive).sort((a, b) => a.displayOrder - b.displayOrder);
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="footer-brand">
            {siteName}
          </h2>
          <p className="footer-text">Independent reporting and analysis on defense, military affairs and national security.</p>
          <h3 className="footer-heading">Daily briefing</h3>
          <NewsletterForm variant="footer" />
        </section>
        <nav aria-label="Company">
          <h2 className="footer-heading">Company</h2>
          <ul className="footer-links">
            {FOOTER_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contacts">
          <h2 id="footer-contacts" className="footer-heading">
            Business Contacts
          </h2>
          {active.length > 0 ? (
            <ul className="footer-contacts">
              {active.map((c) => (
                <li key={c.id}>
                  <strong>{c.label}</strong>
                  <a href={`mailto:${c.email}`}>{c.email}</a>
                  {c.phone && <span>{c.phone}</span>}
                  {c.description && <span className="footer-muted">{c.description}</span>}
                </li>
              ))}
            </ul>
          ) : (
            <p className="footer-muted">Contact information will appear here once configured in the admin panel.</p>
          )}
        </section>
      </div>
      <div className="container footer-bottom">
        <span>
          © {siteName}. All rights reserved.
        </span>
        <span>
          <a href="/rss.xml">RSS</a> · <Link to="/saved">Saved articles</Link>
        </span>
      </div>
    </footer>
  );
}
