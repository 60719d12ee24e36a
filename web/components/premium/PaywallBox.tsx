import { useState } from "react";
import { Link } from "react-router-dom";
import { GATED_CLASS, PREMIUM_PLANS } from "../../../src/schemas/constants.js";
import { useSite } from "../../lib/site.js";
import { opensInPlace } from "../../lib/links.js";
import { PremiumDialog } from "../islands.js";

/** Shown under a premium article's preview: the rest of the body was not sent, only members receive it. The box stands
 *  where the members-only part would be, so it carries the class the JSON-LD's hasPart names (and none of the free text). */
export function PaywallBox() {
  const { reader } = useSite();
  const [open, setOpen] = useState(false);
  return (
    <section className={`paywall ${GATED_CLASS}`} aria-labelledby="paywall-title">
      <h2 id="paywall-title">Continue reading with Premium</h2>
      <p>
        The rest of this analysis is for Premium members: unlimited premium analysis, daily briefings and reading without ads, from ${PREMIUM_PLANS.monthly.price} a month or ${PREMIUM_PLANS.annual.price} a year.
      </p>
      <div className="paywall-actions">
        <a href="/subscribe" role="button" className="btn btn-primary" onClick={opensInPlace(() => setOpen(true))}>
          Subscribe
        </a>
        {!reader && (
          <Link to="/account" reloadDocument className="paywall-signin">
            Already a member? Sign in
          </Link>
        )}
      </div>
      <PremiumDialog open={open} onClose={() => setOpen(false)} />
    </section>
  );
}
