// Presentational pieces for the figures screens: a figure that says 'Not connected' when the API
// has no value, a data-driven SVG chart for every `series`, bar lists for records, and a generic
// renderer so fields the API gains later appear without new code.
import type { ReactNode } from "react";
import type { Series } from "../../../src/schemas/analytics.js";

export type Unit = "usd" | "percent" | "count" | "ratio" | "score";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 2 });
const num = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

export function formatValue(value: number, unit: Unit) {
  switch (unit) {
    case "usd":
      return usd.format(value);
    case "percent":
      return `${num.format(value)} %`;
    case "score":
      return `${num.format(value)} / 100`;
    default:
      return num.format(value);
  }
}

/** What would give a figure a value, by field name; the default covers figures that need recorded data. */
const HINTS: Record<string, string> = {
  openRate: "Connect a newsletter sending system that reports opens (SMTP_URL with a tracking provider).",
  clickRate: "Connect a newsletter sending system that reports clicks (SMTP_URL with a tracking provider).",
  lastSent: "Appears once a newsletter has been sent through a connected sending system.",
  keywordRankings: "Connect a search-console source to see keyword ranks.",
  pagespeedScore: "Connect a page-speed source (such as PageSpeed Insights) to measure it.",
  mobileOptimization: "Connect a page-speed source (such as PageSpeed Insights) to measure it.",
  coreWebVitals: "Connect a field-data source (such as the Chrome UX Report) to measure it.",
  adOptimizationScore: "Connect the ad network's reporting (AD_CLIENT_ID and its reporting access).",
  directAdvertiserLeads: "Record direct advertising enquiries (for example from the Advertise page) to count them.",
  adNetwork: "Connect the ad network's reporting to know its earnings.",
  directAdvertising: "Record direct advertising deals to know their revenue.",
};
export const hintFor = (field: string) => HINTS[field] ?? "Appears once the site has recorded the visits, shares or sign-ups it is computed from.";

export function NotConnected({ field }: { field: string }) {
  return (
    <span className="admin-notconnected">
      <strong>Not connected</strong>
      <small>{hintFor(field)}</small>
    </span>
  );
}

/** One figure; `field` names it for the 'Not connected' hint when the value is null. */
export function Figure({ label, value, unit = "count", field, note }: { label: string; value: number | string | boolean | null | undefined; unit?: Unit; field: string; note?: ReactNode }) {
  return (
    <div className="admin-figure" data-field={field}>
      <dt>{label}</dt>
      <dd>
        {value === null || value === undefined ? (
          <NotConnected field={field} />
        ) : typeof value === "number" ? (
          formatValue(value, unit)
        ) : typeof value === "boolean" ? (
          value ? "Yes" : "No"
        ) : (
          value
        )}
        {note && <small className="admin-figure-note">{note}</small>}
      </dd>
    </div>
  );
}

/** Horizontal bars for a name → number record (revenue by category, shares by network, …). */
export function BarList({ data, unit = "count", empty = "Nothing recorded yet." }: { data: Record<string, number> | [string, number][]; unit?: Unit; empty?: string }) {
  const rows = (Array.isArray(data) ? data : Object.entries(data)).slice().sort((a, b) => b[1] - a[1]);
  if (!rows.length) return <p className="admin-muted admin-small">{empty}</p>;
  const max = Math.max(...rows.map((r) => Math.abs(r[1])), 1e-9);
  return (
    <ul className="admin-barlist">
      {rows.map(([name, value]) => (
        <li key={name}>
          <span className="admin-barlist-label">{name}</span>
          <span className="admin-barlist-track" aria-hidden="true">
            <span style={{ width: `${(Math.abs(value) / max) * 100}%` }} />
          </span>
          <span className="admin-barlist-value">{formatValue(value, unit)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Target against actual: a bar filled to actual/target, with both numbers. */
export function TargetBar({ label, target, actual, unit, field }: { label: string; target: number; actual: number | null | undefined; unit: Unit; field: string }) {
  const pct = actual === null || actual === undefined || target <= 0 ? null : Math.min(100, (actual / target) * 100);
  return (
    <div className="admin-target" data-field={field}>
      <div className="admin-target-head">
        <span>{label}</span>
        <span>
          {actual === null || actual === undefined ? <NotConnected field={field} /> : formatValue(actual, unit)} <span className="admin-muted">of {formatValue(target, unit)}</span>
        </span>
      </div>
      <div className="admin-target-track" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct === null ? undefined : Math.round(pct)}>
        <span style={{ width: `${pct ?? 0}%` }} className={pct !== null && pct >= 100 ? "met" : undefined} />
      </div>
    </div>
  );
}

const SERIES_UNIT: Record<Series[number]["unit"], Unit> = { count: "count", usd: "usd", percent: "percent" };

/** A line chart of one daily series, drawn in SVG from the data alone. */
export function SeriesChart({ series }: { series: Series[number] }) {
  const points = series.points;
  const unit = SERIES_UNIT[series.unit];
  const total = points.reduce((s, p) => s + p.value, 0);
  const W = 600;
  const H = 160;
  const pad = { l: 2, r: 2, t: 6, b: 2 };
  const max = Math.max(...points.map((p) => p.value), 0);
  const min = Math.min(...points.map((p) => p.value), 0);
  const span = max - min || 1;
  const x = (i: number) => pad.l + (points.length <= 1 ? (W - pad.l - pad.r) / 2 : (i / (points.length - 1)) * (W - pad.l - pad.r));
  const y = (v: number) => pad.t + (1 - (v - min) / span) * (H - pad.t - pad.b);
  const line = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(" ");
  const area = points.length ? `${line} L${x(points.length - 1).toFixed(1)},${y(min).toFixed(1)} L${x(0).toFixed(1)},${y(min).toFixed(1)} Z` : "";
  return (
    <figure className="admin-chart" data-series={series.key}>
      <figcaption>
        <span>{series.label}</span>
        <span className="admin-muted">
          {unit === "percent" ? `latest ${points.length ? formatValue(points[points.length - 1].value, unit) : "—"}` : `${formatValue(total, unit)} in ${points.length} days`}
        </span>
      </figcaption>
      {points.length === 0 ? (
        <p className="admin-muted admin-small">No data points yet.</p>
      ) : (
        <>
          <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${series.label}, ${points.length} daily values from ${points[0].date} to ${points[points.length - 1].date}, highest ${formatValue(max, unit)}`} preserveAspectRatio="none">
            <line x1={pad.l} x2={W - pad.r} y1={y(min)} y2={y(min)} className="admin-chart-axis" vectorEffect="non-scaling-stroke" />
            <path d={area} className="admin-chart-area" />
            <path d={line} className="admin-chart-line" vectorEffect="non-scaling-stroke" />
            {points.map((p, i) => (
              <rect key={p.date} x={x(i) - (W / points.length) / 2} width={W / points.length} y={0} height={H} className="admin-chart-hit">
                <title>{`${p.date}: ${formatValue(p.value, unit)}`}</title>
              </rect>
            ))}
          </svg>
          <div className="admin-chart-axislabels admin-muted">
            <span>{points[0].date}</span>
            <span>max {formatValue(max, unit)}</span>
            <span>{points[points.length - 1].date}</span>
          </div>
        </>
      )}
    </figure>
  );
}

/** Every series a response carries, one chart each (optionally only those whose key matches). */
export function SeriesCharts({ series, only }: { series?: Series; only?: (key: string) => boolean }) {
  const shown = (series ?? []).filter((s) => !only || only(s.key));
  if (!shown.length) return null;
  return (
    <div className="admin-charts">
      {shown.map((s) => (
        <SeriesChart key={s.key} series={s} />
      ))}
    </div>
  );
}

const humanise = (key: string) => key.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").replace(/^./, (c) => c.toUpperCase());
const guessUnit = (key: string): Unit => (/revenue|recurring|usd|value|price|amount|mrr/i.test(key) ? "usd" : /rate|percent|share|growth|conversion/i.test(key) ? "percent" : /score/i.test(key) ? "score" : "count");

/**
 * Fields of a response the screen does not name yet, drawn by their shape: numbers and nulls as
 * figures, records as bar lists, string lists as lists, object lists as tables.
 */
export function ExtraFields({ data, known }: { data: Record<string, unknown> | undefined; known: string[] }) {
  if (!data) return null;
  const extra = Object.entries(data).filter(([k]) => !known.includes(k) && k !== "series");
  if (!extra.length) return null;
  return (
    <div className="admin-extra">
      {extra.map(([key, value]) => (
        <AnyValue key={key} name={key} value={value} />
      ))}
    </div>
  );
}

function AnyValue({ name, value }: { name: string; value: unknown }): ReactNode {
  const label = humanise(name);
  if (value === null || typeof value === "number" || typeof value === "string" || typeof value === "boolean") {
    return (
      <dl className="admin-figures">
        <Figure label={label} value={value} unit={guessUnit(name)} field={name} />
      </dl>
    );
  }
  if (Array.isArray(value)) {
    if (!value.length) return <Block title={label}><p className="admin-muted admin-small">Nothing recorded yet.</p></Block>;
    if (value.every((v) => typeof v !== "object" || v === null))
      return (
        <Block title={label}>
          <ol className="admin-list">{value.map((v, i) => <li key={i}>{String(v)}</li>)}</ol>
        </Block>
      );
    const columns = [...new Set(value.flatMap((v) => Object.keys(v as object)))];
    return (
      <Block title={label}>
        <div className="admin-table-wrap">
          <table className="admin-table admin-table-compact">
            <thead>
              <tr>{columns.map((c) => <th key={c}>{humanise(c)}</th>)}</tr>
            </thead>
            <tbody>
              {value.map((row, i) => (
                <tr key={i}>
                  {columns.map((c) => {
                    const v = (row as Record<string, unknown>)[c];
                    return <td key={c}>{v === null || v === undefined ? "—" : typeof v === "number" ? formatValue(v, guessUnit(c)) : typeof v === "object" ? JSON.stringify(v) : String(v as string | boolean)}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Block>
    );
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.every(([, v]) => typeof v === "number")) return <Block title={label}><BarList data={entries as [string, number][]} unit={guessUnit(name)} /></Block>;
    return (
      <Block title={label}>
        {entries.map(([k, v]) => (
          <AnyValue key={k} name={k} value={v} />
        ))}
      </Block>
    );
  }
  return null;
}

export function Block({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`admin-block ${className ?? ""}`}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

/** A numbered list of titles, or a line saying there is nothing yet. */
export function TitleList({ items, empty }: { items: string[]; empty: string }) {
  return items.length ? (
    <ol className="admin-list">
      {items.map((t) => (
        <li key={t}>{t}</li>
      ))}
    </ol>
  ) : (
    <p className="admin-muted admin-small">{empty}</p>
  );
}

const SPLIT_LABELS: Record<string, string> = { adNetwork: "Ad network", directAdvertising: "Direct advertising", premiumSubscriptions: "Premium subscriptions" };

/**
 * The administrator's target revenue split against what is known per stream (US dollars per month).
 * Actual shares are only shown when every stream's revenue is known.
 */
export function RevenueSplit({ target, actual }: { target: Record<string, number>; actual: Record<string, number | null | undefined> }) {
  const keys = Object.keys(target);
  const known = keys.every((k) => typeof actual[k] === "number");
  const sum = known ? keys.reduce((s, k) => s + (actual[k] as number), 0) : 0;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table-compact admin-split">
        <thead>
          <tr>
            <th>Stream</th>
            <th>Target share</th>
            <th>Actual per month</th>
            <th>Actual share</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k} data-stream={k}>
              <td>{SPLIT_LABELS[k] ?? humanise(k)}</td>
              <td>{formatValue(target[k], "percent")}</td>
              <td>{typeof actual[k] === "number" ? formatValue(actual[k] as number, "usd") : <NotConnected field={k} />}</td>
              <td>{known && sum > 0 ? formatValue(Math.round(((actual[k] as number) / sum) * 1000) / 10, "percent") : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
