// setupFiles of the API project: this test file's environment uses its worker's own databases (workerDatabases.ts).
import { useWorkerDatabases } from "./workerDatabases.js";

useWorkerDatabases(process.env.JEST_WORKER_ID ?? "1");
