import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router-dom";
import { AD_SLOTS, CATEGORIES } from "../../src/schemas/constants.js";
import { SEARCH_QUERY_MAX } from "../../src/schemas/searchConstants.js";
import { trackPageView } from "../lib/analytics.js";
import { useSite } from "../lib/site.js";
import { AdSlot } from "./AdSlot.js";
import { Footer, PremiumDialog, Ticker } from "./islands.js";
import { releaseIslands } from "../lib/island.js";
import { opensInPlace } from "../lib/links.js";
import { fieldValue, useFieldsTypedBeforeCode } from "../lib/formFields.js";
import { AccountLink } from "./premium/AccountLink.js";
import { useSearchSuggestions } from "./SearchSuggestions.js";
import { AlertsBell } from "./AlertsBell.js";

const NAV = [{ to: "/", label: "Home" }, ...CATEGORIES.map((c) => ({ to: `/category/${c}`, label: c.charAt(0).toUpperCase() + c.slice(1) }))];


function SearchForm({ id, onDone, inputRef }: { id: string; onDone?: () => void; inputRef?: React.Ref<HTMLInputElement> }) {
  const navigate = useNavigate();
  const [q, setQ] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  useFieldsTypedBeforeCode(formRef, (read) => setQ(read("q")));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // What the field holds, typed before the code came included.
    const query = fieldValue(e.currentTarget, "q").trim();
    if (!query) return;
    void navigate(`/search?q=${encodeURIComponent(query)}`);
    setQ("");
    onDone?.();
  };
  const suggestions = useSearchSuggestions(id, q, () => {
    setQ("");
    onDone?.();
  });
  return (
    <form ref={formRef} role="search" className="header-search" onSubmit={submit} action="/search" method="get">
      <label htmlFor={id} className="sr-only">
        Search news
      </label>
      {/* A blank query is refused by the browser itself, before and without the page's code (the server trims the rest). */}
      <input id={id} ref={inputRef} name="q" type="search" maxLength={SEARCH_QUERY_MAX} required pattern=".*\S.*" title="Enter a search term" placeholder="Search news..." value={q} onChange={(e) => setQ(e.target.value)} {...suggestions.inputProps} />
      <button type="submit" className="search-btn" aria-label="Search">
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {suggestions.list}
    </form>
  );
}

function Header({ onSubscribe, alertsBell }: { onSubscribe: () => void; alertsBell: boolean }) {
  const { siteName } = useSite();
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const mobileSearch = useRef<HTMLInputElement>(null);
  const location = useLocation();

  useEffect(() => {
    setMenuOpen(false);
    setSearchOpen(false);
  }, [location.pathname, location.search]);
  useEffect(() => {
    if (menuOpen) nav.current?.querySelector<HTMLAnchorElement>("a")?.focus();
  }, [menuOpen]);
  useEffect(() => {
    if (searchOpen) mobileSearch.current?.focus();
  }, [searchOpen]);

  const closeMenuOnEscape = (e: React.KeyboardEvent) => {
    if (e.key === "Escape" && menuOpen) {
      setMenuOpen(false);
      menuButton.current?.focus();
    }
  };

  return (
    <header className="site-header" onKeyDown={closeMenuOnEscape}>
      <div className="header-bar container">
        <button ref={menuButton} type="button" className="icon-btn menu-toggle" aria-expanded={menuOpen} aria-controls="primary-nav" aria-label={menuOpen ? "Close menu" : "Open menu"} onClick={() => setMenuOpen((o) => !o)}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /> : <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
          </svg>
        </button>
        <Link to="/" className="logo" aria-label={`${siteName} home`}>
          <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true">
            <path d="M16 2l12 5v8c0 8-5.5 13-12 15C9.5 28 4 23 4 15V7z" fill="#b91c1c" />
            <path d="M16 8l2.2 4.6 5 .6-3.7 3.4 1 5-4.5-2.5-4.5 2.5 1-5-3.7-3.4 5-.6z" fill="#fff" />
          </svg>
          <span>{siteName}</span>
        </Link>
        <div className="header-search-desktop">
          <SearchForm id="header-search" />
        </div>
        <div className="header-actions">
          <button type="button" className="icon-btn search-toggle" aria-expanded={searchOpen} aria-controls="mobile-search" aria-label={searchOpen ? "Close search" : "Open search"} onClick={() => setSearchOpen((o) => !o)}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          {alertsBell && <AlertsBell />}
          <AccountLink />
          {/* The plans page, before and without the page's code; the dialog once it runs (a button for assistive
              technology either way, as GOV.UK's start buttons). */}
          <a href="/subscribe" role="button" className="btn btn-accent" onClick={opensInPlace(onSubscribe)}>
            Subscribe
          </a>
        </div>
      </div>
      <div id="mobile-search" className="mobile-search container" hidden={!searchOpen}>
        <SearchForm id="mobile-search-input" inputRef={mobileSearch} onDone={() => setSearchOpen(false)} />
      </div>
      <nav id="primary-nav" ref={nav} className={`primary-nav${menuOpen ? " open" : ""}`} aria-label="Sections">
        <ul className="container">
          {NAV.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === "/"}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

let firstPathname: string | null = null;
let navigated = false;

/** After a client-side navigation (not the first page load): back to the top and focus on the new page's
 *  content, so keyboard and screen-reader users start at the page, not at the link they used. */
function useClientNavigation(pathname: string, hash: string, main: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    firstPathname ??= pathname;
    if (!navigated && pathname === firstPathname) return;
    navigated = true;
    // Islands on later pages render at once: their moment (idle time, the viewport) was for the first page.
    releaseIslands();
    if (hash) return;
    window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [pathname]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** The frame of every public page: header, ticker, top ad, the page, footer, the premium dialog; records page views.
 *  `alertsBell`: the breaking-news alerts bell in the header (home and article pages). */
export function Layout({ children, tickerRefetchSeconds = 60, trackView = true, topAdSlot = AD_SLOTS.topBanner, alertsBell = false }: { children: ReactNode; tickerRefetchSeconds?: 30 | 60; trackView?: boolean; topAdSlot?: string; alertsBell?: boolean }) {
  const [premiumOpen, setPremiumOpen] = useState(false);
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  useEffect(() => {
    if (trackView) trackPageView({ path: location.pathname });
  }, [location.pathname, location.search, trackView]); // a new search or page of results is a new page view
  useClientNavigation(location.pathname, location.hash, main);
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header onSubscribe={() => setPremiumOpen(true)} alertsBell={alertsBell} />
      <Ticker refetchSeconds={tickerRefetchSeconds} />
      <div className="container top-ad">
        <AdSlot slot={topAdSlot} format="banner" />
      </div>
      <main id="main" tabIndex={-1} ref={main}>
        {children}
      </main>
      <Footer />
      <PremiumDialog open={premiumOpen} onClose={() => setPremiumOpen(false)} />
    </>
  );
}
