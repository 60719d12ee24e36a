import { useParams } from "react-router-dom";
import { Layout } from "../components/Layout.js";
import { useSite } from "../lib/site.js";
import { useDocumentTitle } from "../lib/useDocumentTitle.js";
import { rpc } from "../lib/rpc.js";
import { ArticleView, articleTitle } from "./ArticlePage.js";
import { NotFoundPage } from "./NotFoundPage.js";

/** True when the article shows a picture from another host (its main image or one in its body). */
const hasOffSiteImage = (a: { imageUrl: string | null; contentHtml: string }) => /^https?:/i.test(a.imageUrl ?? "") || /<img[^>]+src="https?:/i.test(a.contentHtml);

/** /preview/{token}: an article of any status exactly as readers will see it, for whoever holds the link. */
export function PreviewPage() {
  const { token = "" } = useParams();
  const { siteName } = useSite();
  const preview = rpc.previews.view.useQuery({ token }, { retryOnMount: false, retry: false });
  const a = preview.data;
  useDocumentTitle(a ? articleTitle(a.title, siteName) : undefined);
  // Unknown, expired and revoked links are the site's 404 page (not counted as a page view: the path holds the token).
  if (preview.isError) return <NotFoundPage trackView={false} />;
  return (
    <Layout tickerRefetchSeconds={30} trackView={false}>
      <div className="container article-container">
        <p className="preview-notice" role="note">
          Preview: this link shows the article as readers will see it. Please do not share it further.
          {a && hasOffSiteImage(a) && " Pictures from other sites are not loaded here, so that no other site learns this link: they show on the published article."}
        </p>
        {a ? <ArticleView a={a} /> : <p role="status">Loading preview…</p>}
      </div>
    </Layout>
  );
}
