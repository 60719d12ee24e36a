// The islands of every page's frame, one module so they load as one file at idle time (see islands.tsx).
import { lazy, Suspense, useState, type ComponentProps } from "react";

export { Ticker } from "./Ticker.js";

const Dialog = lazy(() => import("./PremiumDialog.js").then((m) => ({ default: m.PremiumDialog })));

/** The premium dialog's island: nothing until the reader first asks for it ("Subscribe" is a link to the plans page
 *  until then), so the dialog, its form and its request are a chunk of their own, loaded on that click. */
export function PremiumDialog(props: ComponentProps<typeof Dialog>) {
  const [wanted, setWanted] = useState(false);
  if (props.open && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  ) : null;
}
