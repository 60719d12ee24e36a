// lowerThreadPriority (src/lib/threadPriority.ts): where the thread's id cannot be read or its priority cannot be set,
// it answers undefined and throws nothing (the read thread then runs as before). That it sets the read thread's own
// priority, and no other thread's, is in test/unit/repositories/readThreads.test.ts.
import { lowerThreadPriority } from "../../../src/lib/threadPriority.js";

test("no /proc/thread-self (not Linux): undefined, nothing thrown", () => {
  expect(
    lowerThreadPriority(10, () => {
      throw Object.assign(new Error("ENOENT: no such file or directory, readlink '/proc/thread-self'"), { code: "ENOENT" });
    }),
  ).toBeUndefined();
});

test("a link that names no thread: undefined", () => {
  expect(lowerThreadPriority(10, () => "thread-self")).toBeUndefined();
  expect(lowerThreadPriority(10, () => `${process.pid}/task/0`)).toBeUndefined();
});

test("a thread the system refuses (gone): undefined, nothing thrown", () => {
  // Past Linux's largest thread id (2^22): setpriority answers ESRCH.
  expect(lowerThreadPriority(10, () => `${process.pid}/task/${2 ** 22 + 1}`)).toBeUndefined();
});
