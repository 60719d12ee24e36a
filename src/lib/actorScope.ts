// The staff member a request acts as, for the code below the procedures that records who did something (revisions'
// "saved by"). Set by the staff procedure builders (src/trpc/trpc.ts) and the Express doors, for the call's duration.
import { AsyncLocalStorage } from "node:async_hooks";

export interface ScopedActor {
  id: number;
  name: string;
  email: string | null;
}

const storage = new AsyncLocalStorage<ScopedActor>();
export const runAsActor = <T>(actor: ScopedActor, fn: () => T): T => storage.run(actor, fn);
export const currentActor = (): ScopedActor | undefined => storage.getStore();
