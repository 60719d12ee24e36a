import { Link } from "react-router-dom";
import { Layout } from "../components/Layout.js";
import { useSite } from "../lib/site.js";
import { useDocumentTitle } from "../lib/useDocumentTitle.js";

export function NotFoundPage({ trackView = true }: { trackView?: boolean }) {
  const { siteName } = useSite();
  useDocumentTitle(`Page Not Found | ${siteName}`);
  return (
    <Layout trackView={trackView}>
      <div className="container narrow center-block">
        <h1>Page Not Found</h1>
        <p>The page you are looking for does not exist or has been moved.</p>
        <Link to="/" className="btn btn-primary">
          Back to the homepage
        </Link>
      </div>
    </Layout>
  );
}
