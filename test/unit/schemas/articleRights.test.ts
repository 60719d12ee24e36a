// The article rules the procedures enforce and the editor reads (src/schemas/articleRights.ts), role by role: what
// each may open, change and publish, on its own articles and another's.
import { createRefusal, defaultStatus, editRefusal, readRefusal } from "../../../src/schemas/articleRights.js";
import { ROLES, type Role } from "../../../src/schemas/staff.js";

const ME = 7;
const own = (status: "draft" | "published") => ({ authorId: ME, status });
const theirs = { authorId: 8, status: "draft" as const };

/** Per role: [open another's, change own draft, change own published, publish own draft, change another's, create published]. */
const TABLE: Record<Role, boolean[]> = {
  owner: [true, true, true, true, true, true],
  administrator: [true, true, true, true, true, true],
  editor: [true, true, true, true, true, true],
  author: [false, true, true, true, false, true],
  contributor: [false, true, false, false, false, false],
};

test.each(ROLES)("%s: opens, changes and publishes exactly what the role allows", (role) => {
  const person = { id: ME, role };
  const allowed = [
    readRefusal(person, theirs),
    editRefusal(person, own("draft")),
    editRefusal(person, own("published")),
    editRefusal(person, own("draft"), { status: "published" }),
    editRefusal(person, theirs),
    createRefusal(person, { status: "published" }),
  ].map((refusal) => refusal === null);
  expect(allowed).toEqual(TABLE[role]);
  expect(readRefusal(person, own("published"))).toBeNull();
  expect(defaultStatus(person)).toBe(TABLE[role][5] ? "published" : "draft");
});

test("a contributor keeps a draft a draft: no publish time, no live blog; the refusal says why", () => {
  const contributor = { id: ME, role: "contributor" as const };
  expect(editRefusal(contributor, own("draft"), { status: "draft", publishedAt: null })).toBeNull();
  expect(editRefusal(contributor, own("draft"), { publishedAt: "2030-01-01T00:00:00.000Z" })).toMatch(/submit them for review/);
  expect(editRefusal(contributor, own("published"))).toBe("Contributors change drafts only: this article is published or archived");
  expect(editRefusal({ id: ME, role: "author" }, own("published"), { liveStatus: "live" })).toMatch(/live blogs/);
});
