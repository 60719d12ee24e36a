import { PremiumPlanForm } from "../components/PremiumDialog.js";
import { Layout } from "../components/Layout.js";
import { usePremiumSubscribe } from "../hooks/islands/usePremiumSubscribe.js";
import { useSite } from "../lib/site.js";
import { useDocumentTitle } from "../lib/useDocumentTitle.js";

/** /subscribe: the two plans and the form, where the header's Subscribe leads before (or without) the page's code;
 *  the dialog shows the same form once the code runs. */
export function SubscribePage() {
  const { siteName } = useSite();
  useDocumentTitle(`Premium plans | ${siteName}`);
  const request = usePremiumSubscribe();
  return (
    <Layout>
      <div className="container plans-page">
        <PremiumPlanForm {...request}>
          <h1>Upgrade to Premium</h1>
        </PremiumPlanForm>
      </div>
    </Layout>
  );
}
