// Slugs and contact ids: lowercase ASCII letters, digits and hyphens (underscores for ids), accents folded, other
// scripts' letters spelled in Latin where they can be. How a given script is spelled is the transliteration
// library's choice; what we check of it is that the result is URL-safe, stable and finds the article again.
import { contactIdFromLabel, slugify, slugWithTimeSuffix } from "../../../src/schemas/slug.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

const URL_SAFE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const CONTACT_ID = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;

// Our own rules: case, whitespace, hyphens, punctuation, accents (an umlaut loses its dots: ü → u), emoji.
test.each([
  ["Hello World", "hello-world"],
  ["  Leading and trailing  ", "leading-and-trailing"],
  ["Multiple   spaces\tand\nlines", "multiple-spaces-and-lines"],
  ["Already-hyphen--ated", "already-hyphen-ated"],
  ["Punctuation: kept out! (yes?)", "punctuation-kept-out-yes"],
  ["F-35A & F-35B", "f-35a-f-35b"],
  ["Ça va à Zürich, señor", "ca-va-a-zurich-senor"],
  ["UPPER lower 123", "upper-lower-123"],
  ["🚀 Rocket 🚀", "rocket"],
  ["---", ""],
])("slugify(%j) = %j", (input, expected) => {
  expect(slugify(input)).toBe(expected);
});

// Letters of other alphabets: spelled in Latin (never dropped), one part per word, URL-safe and stable.
test.each([
  ["Ærø Øresund Straße", 3],
  ["Łódź Kraków", 2],
  ["Москва Ελλάδα", 2],
  ["مرحبا", 1],
])("slugify(%j) keeps each of its %i words, URL-safe and stable", (input, words) => {
  const slug = slugify(input);
  expect(slug).toMatch(URL_SAFE_SLUG);
  expect(slug.split("-")).toHaveLength(words);
  expect(encodeURIComponent(slug)).toBe(slug);
  expect(slugify(slug)).toBe(slug);
});

test("a script without a Latin spelling gives no characters a URL would have to escape", () => {
  expect(encodeURIComponent(slugify("日本"))).toBe(slugify("日本"));
});

test("a create-time slug ends in the last six digits of the time and stays within 200 characters", () => {
  expect(slugWithTimeSuffix("New Tank Order", 1_763_812_345_678)).toBe("new-tank-order-345678");
  expect(slugWithTimeSuffix("Leading zeros", 1_000_000_012_345)).toBe("leading-zeros-012345");
  const long = slugWithTimeSuffix("word ".repeat(100), 1_763_812_345_678);
  expect(long.length).toBeLessThanOrEqual(200);
  expect(long).toMatch(/^[a-z0-9-]+-345678$/);
  expect(long).not.toMatch(/--/);
  expect(slugWithTimeSuffix("!!!", 1_763_812_345_678)).toBe("345678");
});

describe("an article titled in another alphabet", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test.each(["Москва Ελλάδα", "Ærø Øresund Straße", "مرحبا بالعالم"])("%j gets a URL-safe slug that finds it again", async (title) => {
    const created = await t.api("POST", "/api/articles", { body: { title, content: "Body." }, cookie: await t.login() });
    expect(created.status).toBe(201);
    const { id, slug } = created.body;
    expect(slug).toMatch(URL_SAFE_SLUG);
    expect(slug).toMatch(/-\d{6}$/);
    const read = await t.api("GET", `/api/articles/slug/${slug}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id, title });
  });
});

test.each([
  ["Press & Media Office", "press_media_office"],
  ["  Advertising Sales  ", "advertising_sales"],
  ["Editor-in-Chief", "editor_in_chief"],
  ["Zürich Büro", "zurich_buro"],
  ["__Already__Underscored__", "already_underscored"],
  ["Desk #2 (Night)", "desk_2_night"],
  ["🛡️", ""],
])("contactIdFromLabel(%j) = %j", (label, expected) => {
  expect(contactIdFromLabel(label)).toBe(expected);
});

test("a contact label in another alphabet gives an id of letters, digits and underscores, one part per word", () => {
  const id = contactIdFromLabel("Øst Æble");
  expect(id).toMatch(CONTACT_ID);
  expect(id.split("_")).toHaveLength(2);
  expect(contactIdFromLabel(id)).toBe(id);
});
