// The part of /search that changes with the query: the form with its options, the count, "Did you mean …", the
// results with their highlighted snippets, and the pages. The server renders only this per request (FrameSlot).
import { type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { AD_SLOTS, CATEGORIES, SEARCH_MIN_LENGTH, categoryLabel } from "../../src/schemas/constants.js";
import { SEARCH_QUERY_MAX, SEARCH_RANGES, SEARCH_RANGE_LABELS } from "../../src/schemas/searchConstants.js";
import type { SearchPageAnswer } from "../../src/schemas/search.js";
import { AdSlot } from "../components/AdSlot.js";
import { ArticleCard, FIRST_SCREEN_CARDS, SkeletonGrid } from "../components/ArticleCard.js";
import { PathLink } from "../components/PathLink.js";
import { searchInput } from "../hooks/queries.js";
import { useSite } from "../lib/site.js";
import { useDocumentTitle } from "../lib/useDocumentTitle.js";
import { rpc } from "../lib/rpc.js";

export const MID_PAGE_AD_AFTER = 6;

type Input = ReturnType<typeof searchInput>;

/** The address of a search: the input's options, empty and default ones (relevance, page 1) left out. */
export function searchPath(input: Partial<Input>) {
  const params = new URLSearchParams();
  const isDefault = (k: string, v: unknown) => (k === "page" && v === 1) || (k === "sort" && v === "relevance");
  for (const [k, v] of Object.entries(input)) if (v !== undefined && v !== "" && !isDefault(k, v)) params.set(k, String(v));
  return `/search?${params}`;
}

export function SearchMain() {
  const [params] = useSearchParams();
  const input = searchInput(params);
  const { q } = input;
  const { siteName } = useSite();
  useDocumentTitle(q ? `Search: ${q} | ${siteName}` : `Search | ${siteName}`);
  const tooShort = q.length > 0 && q.length < SEARCH_MIN_LENGTH;
  const results = rpc.search.results.useQuery(input, { enabled: q.length >= SEARCH_MIN_LENGTH });
  return (
    <>
      <header className="page-header">
        <h1>Search</h1>
        <SearchForm input={input} />
      </header>
      {!q ? (
        <div className="empty-state">
          <h2 className="empty-title">Enter a search term</h2>
          <p>Search across every article by title, summary, text or category.</p>
        </div>
      ) : tooShort ? (
        <div className="empty-state">
          <h2 className="empty-title">Enter at least {SEARCH_MIN_LENGTH} characters</h2>
          <p>Search across every article by title, summary, text or category.</p>
        </div>
      ) : results.isPending ? (
        <SkeletonGrid count={6} />
      ) : results.isError || !results.data ? (
        <div className="alert alert-error" role="alert">
          {/* What the reader asked cannot be answered as it is (a date range that ends before it starts): say what. */}
          {results.error?.data?.code === "BAD_REQUEST" ? results.error.message : "Search failed. Please try again later."}
        </div>
      ) : (
        <Results answer={results.data} input={input} />
      )}
    </>
  );
}

function SearchForm({ input }: { input: Input }) {
  const navigate = useNavigate();
  // Without code the form is a plain GET to /search; with it, the same address without its empty fields.
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = Object.fromEntries([...new FormData(e.currentTarget)].map(([k, v]) => [k, typeof v === "string" ? v.trim() : ""]));
    if (!data.q) return;
    if (data.range !== "custom") [data.from, data.to] = ["", ""];
    void navigate(searchPath(data));
  };
  const resubmit = (e: React.ChangeEvent<HTMLSelectElement>) => e.currentTarget.form?.requestSubmit();
  return (
    // Keyed by the options, so going back or following a link shows that search's options.
    <form key={searchPath(input)} role="search" className="search-page-form" onSubmit={submit} action="/search" method="get">
      <div className="search-page-query">
        <label htmlFor="search-page-input" className="sr-only">
          Search articles
        </label>
        <input id="search-page-input" name="q" type="search" maxLength={SEARCH_QUERY_MAX} placeholder="Search news..." defaultValue={input.q} />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </div>
      <div className="search-options">
        <label>
          <span>Sort by</span>
          <select name="sort" defaultValue={input.sort ?? "relevance"} onChange={resubmit}>
            <option value="relevance">Relevance</option>
            <option value="newest">Newest</option>
          </select>
        </label>
        <label>
          <span>Category</span>
          <select name="category" defaultValue={input.category ?? ""} onChange={resubmit}>
            <option value="">All categories</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Date</span>
          <select name="range" defaultValue={input.range ?? ""} onChange={(e) => e.currentTarget.value !== "custom" && resubmit(e)}>
            <option value="">{SEARCH_RANGE_LABELS.any}</option>
            {SEARCH_RANGES.map((r) => (
              <option key={r} value={r}>
                {SEARCH_RANGE_LABELS[r]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>From</span>
          <input type="date" name="from" defaultValue={input.from ?? ""} />
        </label>
        <label>
          <span>To</span>
          <input type="date" name="to" defaultValue={input.to ?? ""} />
        </label>
      </div>
    </form>
  );
}

/** 12,345: US-English grouping without toLocaleString (its formatter costs a phone tens of milliseconds to build while the page hydrates). */
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

function Results({ answer, input }: { answer: SearchPageAnswer; input: Input }) {
  const { items, total, approximate, page, pages, didYouMean } = answer;
  if (!items.length)
    return (
      <div className="empty-state">
        <h2 className="empty-title">No results found</h2>
        {didYouMean ? (
          <p className="did-you-mean">
            Did you mean{" "}
            <PathLink to={searchPath({ ...input, q: didYouMean, page: undefined })}>
              <strong>{didYouMean}</strong>
            </PathLink>
            ?
          </p>
        ) : (
          <p>{page > 1 && total ? "There are no more results for this search." : `No articles match “${input.q}”. Try different keywords, other options or browse a category.`}</p>
        )}
      </div>
    );
  return (
    <section aria-labelledby="results-title">
      <h2 id="results-title" className="results-count" aria-live="polite" aria-atomic="true">
        {approximate ? "About " : ""}
        {count(total)} {total === 1 ? "result" : "results"} for “{input.q}”{page > 1 ? ` (page ${page} of ${pages})` : ""}
      </h2>
      <div className="card-grid">
        {items.slice(0, MID_PAGE_AD_AFTER).map((a, i) => (
          <ArticleCard key={a.id} article={a} snippetHtml={a.snippet} eager={page === 1 && i < FIRST_SCREEN_CARDS} />
        ))}
      </div>
      {items.length > MID_PAGE_AD_AFTER && (
        <>
          <AdSlot slot={AD_SLOTS.searchMiddle} format="banner" className="mid-ad" />
          <div className="card-grid">
            {items.slice(MID_PAGE_AD_AFTER).map((a) => (
              <ArticleCard key={a.id} article={a} snippetHtml={a.snippet} />
            ))}
          </div>
        </>
      )}
      {pages > 1 && <Pages input={input} page={page} pages={pages} />}
    </section>
  );
}

/** Previous, the pages around this one (and the first and last), Next: plain links. */
function Pages({ input, page, pages }: { input: Input; page: number; pages: number }) {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const to = (n: number) => searchPath({ ...input, page: n });
  return (
    <nav className="search-pages" aria-label="Pages of results">
      {page > 1 && (
        <PathLink to={to(page - 1)} rel="prev" className="btn btn-outline">
          Previous
        </PathLink>
      )}
      <ol>
        {shown.map((n, i) => (
          <li key={n}>
            {i > 0 && n - shown[i - 1] > 1 && <span aria-hidden="true">…</span>}
            {n === page ? (
              <span aria-current="page" className="current">
                {n}
              </span>
            ) : (
              <PathLink to={to(n)} aria-label={`Page ${n}`}>
                {n}
              </PathLink>
            )}
          </li>
        ))}
      </ol>
      {page < pages && (
        <PathLink to={to(page + 1)} rel="next" className="btn btn-outline">
          Next
        </PathLink>
      )}
    </nav>
  );
}
