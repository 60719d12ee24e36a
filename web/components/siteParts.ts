// The islands of every page's frame, one module so they load as one file at idle time (see islands.tsx).
export { PremiumDialog } from "./PremiumDialog.js";
export { Ticker } from "./Ticker.js";
