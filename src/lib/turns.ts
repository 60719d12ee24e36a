// Turn-taking between heavy synchronous chunks of work (a render, a search's statements on SQLite, where
// better-sqlite3 answers synchronously). Yielding with setImmediate alone is not enough: every setImmediate callback
// queued before a check phase runs in that same check phase, so with several renders queued their chunks run back to
// back, and a cached hit waiting on its socket is read only when all of them are done. takeTurn() lets at most ONE
// waiter start per turn of the event loop: a pump resolves one waiter per setImmediate and re-arms itself for the next
// turn, so the poll phase (the sockets of waiting requests) runs between two chunks.
//
// A waiter's chunk is not tracked: the pump moves on at the next turn whatever the chunk does (throws, is abandoned,
// awaits I/O), so nothing can wedge it, and every waiter is resolved after as many turns as there are waiters before it.

const waiting: Array<() => void> = [];
let armed = false;

function pump() {
  const next = waiting.shift();
  // Armed again first, so that the next waiter gets the next turn whatever this one does.
  armed = waiting.length > 0;
  if (armed) setImmediate(pump);
  next?.();
}

/** Resolves in a later turn of the event loop, at most one waiter per turn (first come, first served). Await it before
 *  a long synchronous stretch, so that I/O waiting meanwhile (cached hits) is served between such stretches. */
export function takeTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!armed) {
      armed = true;
      setImmediate(pump);
    }
  });
}

/** Waiters not yet resolved (the unit test checks that none is left behind). */
export const turnsWaiting = () => waiting.length;
