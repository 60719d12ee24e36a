// Every benchmark, one after the other: `npm run bench`.
import { benchEvents } from "./events.js";

console.log("== Audience events and analytics ==");
await benchEvents();
process.exit(0);
