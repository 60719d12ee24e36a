import { HtmlBody } from "../components/HtmlBody.js";
import { Layout } from "../components/Layout.js";
import { useSite } from "../lib/site.js";
import { useDocumentTitle } from "../lib/useDocumentTitle.js";
import { rpc } from "../lib/rpc.js";

/** The ten static pages: the server's sanitised HTML of the stored (or built-in) markdown. */
export function StaticPage({ pageId }: { pageId: string }) {
  const { siteName } = useSite();
  const page = rpc.pages.get.useQuery({ page: pageId }, { retryOnMount: false });
  useDocumentTitle(page.data ? `${page.data.title} | ${siteName}` : page.isError ? `Page not found | ${siteName}` : undefined);
  return (
    <Layout>
      <div className="container narrow">
        {page.isPending ? (
          <div role="status" aria-label="Loading page">
            <div className="skeleton skeleton-title" />
            <div className="skeleton skeleton-line" />
            <div className="skeleton skeleton-line" />
          </div>
        ) : page.data ? (
          <article className="static-page">
            <h1 className="static-title">{page.data.title}</h1>
            <HtmlBody html={page.data.contentHtml} />
          </article>
        ) : (
          <div className="center-block">
            <h1>Page not found</h1>
          </div>
        )}
      </div>
    </Layout>
  );
}
