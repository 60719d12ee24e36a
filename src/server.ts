// The server's entry point: `npm start` runs its compiled form (dist/node/server.js), `npm run dev` this file.
import { runFromEnvironment } from "./main.js";

await runFromEnvironment();
