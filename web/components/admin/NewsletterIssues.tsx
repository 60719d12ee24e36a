import type { RouterOutputs } from "../../trpc.js";
import { useSiteTime } from "./zonedTime.js";

type Issue = RouterOutputs["newsletterAdmin"]["issues"][number];

/** The newsletter issues with their deliveries, unique opens and clicks (bots apart); shared by the newsletter screen and the analytics card. */
export function NewsletterIssues({ issues, limit }: { issues: Issue[]; limit?: number }) {
  const { format } = useSiteTime();
  if (!issues.length) return <p className="admin-muted admin-small">No issue sent yet.</p>;
  return (
    <div className="admin-table-wrap">
    <table className="admin-table" aria-label="Newsletter issues">
      <thead>
        <tr>
          <th>Sent</th>
          <th>Subject</th>
          <th>Recipients</th>
          <th>Delivered</th>
          <th>Failed</th>
          <th>Opens</th>
          <th>Clicks</th>
        </tr>
      </thead>
      <tbody>
        {issues.slice(0, limit).map((i) => (
          <tr key={i.id}>
            <td>{i.sentAt ? format(i.sentAt) : "—"}</td>
            <td>
              {i.subject}
              {i.status === "sending" && <small className="admin-muted"> · sending ({i.pending} waiting)</small>}
            </td>
            <td>{i.recipients}</td>
            <td>{i.sent}</td>
            <td title={`${i.bounced} bounced`}>{i.failed}</td>
            <td title={`${i.botOpens} by bots, not counted`}>{i.opens}</td>
            <td title={`${i.botClicks} by bots and link scanners, not counted`}>{i.clicks}</td>
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}
