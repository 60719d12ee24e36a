import { Link } from "react-router-dom";
import { useSite } from "../../lib/site.js";

/** The header's "Sign in" / "Account" link: signed-in pages say so in their site facts (anonymous pages stay
 *  cacheable). On phones it shrinks to an icon; the words stay its accessible name. */
export function AccountLink() {
  const { reader } = useSite();
  return (
    <Link to="/account" className="btn btn-outline account-link" reloadDocument>
      <svg className="account-link-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="account-link-text">{reader ? "Account" : "Sign in"}</span>
    </Link>
  );
}
