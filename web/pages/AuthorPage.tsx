import { Link, useParams, useSearchParams } from "react-router-dom";
import { ArticleCard, FIRST_SCREEN_CARDS, SkeletonGrid } from "../components/ArticleCard.js";
import { Layout } from "../components/Layout.js";
import { pageNumber } from "../hooks/queries.js";
import { useSite } from "../lib/site.js";
import { useDocumentTitle } from "../lib/useDocumentTitle.js";
import { rpc } from "../lib/rpc.js";

/** /author/{slug}: a staff member's name, bio, avatar and published articles, newest first, paged. */
export function AuthorPage() {
  const { slug = "" } = useParams();
  const [search] = useSearchParams();
  const page = pageNumber(search);
  const { siteName } = useSite();
  const query = rpc.authors.page.useQuery({ slug, page });
  useDocumentTitle(query.data ? `${query.data.author.name} | ${siteName}` : `Author | ${siteName}`);
  if (query.isPending) return <Layout><div className="container"><SkeletonGrid count={6} /></div></Layout>;
  if (query.isError)
    return (
      <Layout>
        <div className="container narrow center-block">
          <h1>Author not found</h1>
          <p>
            <Link to="/">Back to the front page</Link>
          </p>
        </div>
      </Layout>
    );
  const { author, articles, total, pageSize } = query.data;
  const base = `/author/${author.slug}`;
  return (
    <Layout>
      <div className="container">
        <header className="page-header author-header">
          {author.avatarUrl && <img className="author-avatar" src={author.avatarUrl} alt="" width={96} height={96} />}
          <h1>{author.name}</h1>
          {author.bio && <p className="page-desc">{author.bio}</p>}
          <p>
            <a href={`${base}/rss.xml`}>RSS feed of {author.name}'s articles</a>
          </p>
        </header>
        {articles.length === 0 ? (
          <div className="empty-state">
            <h2 className="empty-title">No articles yet</h2>
          </div>
        ) : (
          <div className="card-grid cols-3">
            {articles.map((a, i) => (
              <ArticleCard key={a.id} article={a} headingLevel={2} eager={i < FIRST_SCREEN_CARDS} />
            ))}
          </div>
        )}
        {(page > 1 || page * pageSize < total) && (
          <nav className="pager" aria-label="More articles">
            {page > 1 && (
              <Link to={page === 2 ? base : `${base}?page=${page - 1}`} className="btn btn-outline">
                ← Newer articles
              </Link>
            )}
            {page * pageSize < total && (
              <Link to={`${base}?page=${page + 1}`} className="btn btn-outline">
                Older articles →
              </Link>
            )}
          </nav>
        )}
      </div>
    </Layout>
  );
}
