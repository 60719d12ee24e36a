import { Link, useParams, useSearchParams } from "react-router-dom";
import { CATEGORY_DESCRIPTIONS, categoryLabel } from "../../src/schemas/constants.js";
import { ArticleCard, FIRST_SCREEN_CARDS, SkeletonGrid } from "../components/ArticleCard.js";
import { Layout } from "../components/Layout.js";
import { CATEGORY_PAGE_SIZE, categoryInput, pageNumber } from "../hooks/queries.js";
import { useSite } from "../lib/site.js";
import { useDocumentTitle } from "../lib/useDocumentTitle.js";
import { rpc } from "../lib/rpc.js";

export function CategoryPage() {
  const { category = "" } = useParams();
  const { siteName } = useSite();
  const label = categoryLabel(category);
  useDocumentTitle(category ? `${label} | ${siteName}` : `Category not found | ${siteName}`);
  const [search] = useSearchParams();
  const page = pageNumber(search);
  const articles = rpc.articles.cards.useQuery(categoryInput(category, page), { enabled: Boolean(category) });
  if (!category)
    return (
      <Layout>
        <div className="container narrow center-block">
          <h1>Category not found</h1>
        </div>
      </Layout>
    );
  return (
    <Layout>
      <div className="container">
        <header className="page-header">
          <span className="badge badge-category">{label}</span>
          <h1>{label}</h1>
          {CATEGORY_DESCRIPTIONS[category] && <p className="page-desc">{CATEGORY_DESCRIPTIONS[category]}</p>}
        </header>
        {articles.isPending ? (
          <SkeletonGrid count={6} />
        ) : articles.isError ? (
          <div className="empty-state" role="alert">
            <h2 className="empty-title">Error Loading Category</h2>
            <p>Unable to load articles for this category. Please try again later.</p>
          </div>
        ) : articles.data.length === 0 ? (
          <div className="empty-state">
            <h2 className="empty-title">No Articles Found</h2>
            <p>No articles are currently available in the {label} category.</p>
          </div>
        ) : (
          <div className="card-grid cols-3">
            {articles.data.map((a, i) => (
              <ArticleCard key={a.id} article={a} headingLevel={2} eager={i < FIRST_SCREEN_CARDS} />
            ))}
          </div>
        )}
        {(page > 1 || articles.data?.length === CATEGORY_PAGE_SIZE) && (
          <nav className="pager" aria-label="More articles">
            {page > 1 && (
              <Link to={page === 2 ? `/category/${category}` : `/category/${category}?page=${page - 1}`} className="btn btn-outline">
                ← Newer articles
              </Link>
            )}
            {articles.data?.length === CATEGORY_PAGE_SIZE && (
              <Link to={`/category/${category}?page=${page + 1}`} className="btn btn-outline">
                Older articles →
              </Link>
            )}
          </nav>
        )}
      </div>
    </Layout>
  );
}
