import { Link } from "react-router-dom";
import { ArticleCard } from "../components/ArticleCard.js";
import { Layout } from "../components/Layout.js";
import { useReadingList } from "../lib/readingList.js";
import { useSite } from "../lib/site.js";
import { useDocumentTitle } from "../lib/useDocumentTitle.js";
import { useNow } from "../lib/useNow.js";

/** The reader's 'Save' list, kept in this browser. */
export function SavedPage() {
  const { siteName } = useSite();
  useDocumentTitle(`Saved articles | ${siteName}`);
  const { list, remove } = useReadingList();
  const mounted = useNow() !== null;
  return (
    <Layout>
      <div className="container">
        <header className="page-header">
          <h1>Saved articles</h1>
          <p className="page-desc">Articles you saved with the 'Save' button. The list is kept in this browser only.</p>
        </header>
        {!mounted ? null : list.length === 0 ? (
          <div className="empty-state">
            <h2 className="empty-title">No saved articles yet</h2>
            <p>
              Use the 'Save' button on any article to keep it here. <Link to="/">Browse the latest news</Link>.
            </p>
          </div>
        ) : (
          <ul className="card-grid cols-3 saved-list">
            {list.map((a) => (
              <li key={a.slug} className="saved-item">
                <ArticleCard article={a} headingLevel={2} />
                <button type="button" className="btn btn-outline btn-small" onClick={() => remove(a.slug)}>
                  Remove<span className="sr-only"> {a.title}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Layout>
  );
}
