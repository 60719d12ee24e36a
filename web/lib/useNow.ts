import { useEffect, useState } from "react";

/** The current time, but only after mount (null during server rendering and hydration), refreshed every minute,
 *  so relative times never make the server's HTML and the first client render disagree. */
export function useNow(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
