// Slugs and contact ids: lowercase, letters, digits and hyphens, other scripts' letters transliterated.
import { contactIdFromLabel, slugify, slugWithTimeSuffix } from "../../src/schemas/slug.js";

test.each([
  ["Hello World", "hello-world"],
  ["  Leading and trailing  ", "leading-and-trailing"],
  ["Multiple   spaces\tand\nlines", "multiple-spaces-and-lines"],
  ["Already-hyphen--ated", "already-hyphen-ated"],
  ["Punctuation: kept out! (yes?)", "punctuation-kept-out-yes"],
  ["F-35A & F-35B", "f-35a-f-35b"],
  ["Ça va à Zürich, señor", "ca-va-a-zurich-senor"],
  // Letters without a decomposition are transliterated, not dropped.
  ["Ærø Øresund Straße", "aero-oresund-strasse"],
  ["Łódź Kraków", "lodz-krakow"],
  ["Москва Ελλάδα", "moskva-ellada"],
  ["UPPER lower 123", "upper-lower-123"],
  ["🚀 Rocket 🚀", "rocket"],
  ["مرحبا", "mrhba"],
  ["日本", ""],
  ["---", ""],
])("slugify(%j) = %j", (input, expected) => {
  expect(slugify(input)).toBe(expected);
  expect(slugify(input)).toMatch(/^[a-z0-9-]*$/);
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

test.each([
  ["Press & Media Office", "press_media_office"],
  ["  Advertising Sales  ", "advertising_sales"],
  ["Editor-in-Chief", "editor_in_chief"],
  ["Zürich Büro", "zurich_buro"],
  ["Øst Æble", "ost_aeble"],
  ["__Already__Underscored__", "already_underscored"],
  ["Desk #2 (Night)", "desk_2_night"],
  ["🛡️", ""],
])("contactIdFromLabel(%j) = %j", (label, expected) => {
  expect(contactIdFromLabel(label)).toBe(expected);
});
