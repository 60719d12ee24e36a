import type { ReactNode } from "react";
import { Layout } from "./Layout.js";

/** The frame of the pages a mailed link opens (newsletter confirm and unsubscribe, account sign-in): a heading and a status that is announced. */
export function SubscriptionStatusPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Layout trackView={false}>
      <div className="container">
        <header className="page-header">
          <h1>{title}</h1>
        </header>
        <div className="unsubscribe-body" role="status" aria-live="polite">
          {children}
        </div>
      </div>
    </Layout>
  );
}
