import { Comment } from "../../../src/entities/Comment.js";
import { FILTER_REASONS } from "../../../src/services/commentFilter.js";
import { createArticle } from "../../helpers/factories.js";
import { useTestApp } from "../../helpers/testApp.js";

const t = useTestApp({ RATE_LIMIT_COMMENTS: "1000" });

let n = 0;
/** Posts a comment and returns the API's answer with the stored row. */
async function post(content: string, extra: Record<string, unknown> = {}, articleId?: number) {
  const id = articleId ?? (await createArticle(t.services)).id;
  const res = await t.api("POST", `/api/articles/${id}/comments`, { body: { authorName: `Reader ${++n}`, authorEmail: `r${n}@example.com`, content, ...extra } });
  expect(res.status).toBe(201);
  const stored = await t.ds.getRepository(Comment).findOneByOrFail({ id: res.body.id });
  return { answer: res.body, stored, articleId: id };
}

test.each([
  ["plain profanity", "This is fucking ridiculous procurement"],
  ["l33t spelling", "What a load of sh1t from the ministry"],
  ["repeated letters", "fuuuuuck this programme"],
  ["a slur", "Those n1gg3rs again"],
  ["lewd terms", "send nudes and a big cock"],
])("holds %s for review, stored with the reason", async (_label, content) => {
  const { answer, stored } = await post(content);
  expect(answer.isApproved).toBe(false);
  expect(stored).toMatchObject({ status: "pending", moderationReason: FILTER_REASONS.language, content });
});

test("publishes ordinary defense vocabulary (no false alarm on analysis, cockpit, Dick Cheney, tit-for-tat)", async () => {
  for (const content of [
    "Good analysis of the fleet.",
    "The analyst was right; analysts rarely are.",
    "The F-35 cockpit display is a step up.",
    "Dick Cheney argued the opposite in 2003.",
    "A tit-for-tat exchange of artillery fire.",
    "Assad's air defences were degraded.",
  ]) {
    const { answer, stored } = await post(content);
    expect([content, answer.isApproved, stored.moderationReason]).toEqual([content, true, null]);
  }
});

test("holds more than two links, publishes two", async () => {
  const two = await post("Sources: https://a.example/1 and https://b.example/2");
  expect(two.answer.isApproved).toBe(true);
  const three = await post("See https://a.example/1 https://b.example/2 and www.c-example.com");
  expect(three.answer.isApproved).toBe(false);
  expect(three.stored.moderationReason).toBe(FILTER_REASONS.links);
});

test("holds the same text posted again on the article within 10 minutes", async () => {
  const first = await post("An identical opinion about frigates.");
  expect(first.answer.isApproved).toBe(true);
  const again = await post("An identical opinion about frigates.", {}, first.articleId);
  expect(again.answer.isApproved).toBe(false);
  expect(again.stored.moderationReason).toBe(FILTER_REASONS.duplicate);
  // On another article the same text is fine; older than 10 minutes it is fine again.
  expect((await post("An identical opinion about frigates.")).answer.isApproved).toBe(true);
  await t.ds.getRepository(Comment).update({ articleId: first.articleId }, { createdAt: new Date(Date.now() - 11 * 60_000) });
  expect((await post("An identical opinion about frigates.", {}, first.articleId)).answer.isApproved).toBe(true);
});

test("holds a filled honeypot field; nothing is lost and the public list stays clean", async () => {
  const { answer, stored, articleId } = await post("Looks like a normal comment", { website: "http://spam.example" });
  expect(answer.isApproved).toBe(false);
  expect(stored.moderationReason).toBe(FILTER_REASONS.honeypot);
  expect((await t.api("GET", `/api/articles/${articleId}/comments`)).body).toEqual([]);
});
