import { Link } from "react-router-dom";
import { useSite } from "../../lib/site.js";

/** The header's "Sign in" / "Account" link: signed-in pages say so in their site facts (anonymous pages stay cacheable). */
export function AccountLink() {
  const { reader } = useSite();
  return (
    <Link to="/account" className="btn btn-outline account-link" reloadDocument>
      {reader ? "Account" : "Sign in"}
    </Link>
  );
}
