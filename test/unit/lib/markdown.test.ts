// renderMarkdown: sanitised HTML (no scripts, handlers or javascript: links) and heading ids (lowercase, non-word characters removed, spaces as hyphens).
import { headingId } from "../../../src/lib/headingId.js";
import { renderMarkdown } from "../../../src/lib/markdown.js";

test("scripts, event handlers and javascript: links are removed; ordinary markup is kept", async () => {
  const { html } = await renderMarkdown(
    [
      "**bold** and _em_ and [safe](https://example.com) and [rel](/article/x)",
      "",
      "<script>alert('x')</script>",
      "",
      '<img src="x" onerror="alert(1)">',
      "",
      "[bad](javascript:alert(1)) [bad2](JaVaScRiPt:alert(2)) [data](data:text/html,<script>alert(3)</script>)",
      "",
      '<a href="javascript:alert(4)" onclick="alert(5)">raw</a>',
      "",
      '<iframe src="https://evil.example"></iframe><style>body{}</style>',
      "",
      "![img](https://example.com/a.png)",
      "",
      "| a | b |\n|---|---|\n| 1 | 2 |",
    ].join("\n"),
  );
  expect(html).toContain("<strong>bold</strong>");
  expect(html).toContain("<em>em</em>");
  expect(html).toContain('<a href="https://example.com">safe</a>');
  expect(html).toContain('<a href="/article/x">rel</a>');
  expect(html).toContain('<img src="https://example.com/a.png" alt="img">');
  expect(html).toContain("<table>");
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/onerror|onclick/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/href="data:/i);
  expect(html).not.toMatch(/<iframe|<style/i);
});

test("headings get ids (lowercase, strip non-word characters, spaces to hyphens), without a prefix", async () => {
  const { html, headings } = await renderMarkdown(
    "# Top Title\n\n## What's Next? The F-35 Programme!\n\n### Sub   heading\n\n## What's Next? The F-35 Programme!\n\n#### Ünïcode Über\n\n## <script>x</script>Safe",
  );
  expect(headings).toEqual([
    { id: "top-title", text: "Top Title", level: 1 },
    { id: "whats-next-the-f-35-programme", text: "What's Next? The F-35 Programme!", level: 2 },
    { id: "sub-heading", text: "Sub   heading", level: 3 },
    { id: "whats-next-the-f-35-programme-1", text: "What's Next? The F-35 Programme!", level: 2 },
    { id: headingId("Ünïcode Über"), text: "Ünïcode Über", level: 4 },
    { id: "safe", text: "Safe", level: 2 }, // a script goes with its text (HTML in markdown is parsed, then sanitised)
  ]);
  expect(html).toContain('<h2 id="whats-next-the-f-35-programme">');
  expect(html).not.toContain("user-content-");
});

test.each([
  ["Hello World", "hello-world"],
  ["What's new?", "whats-new"],
  ["  Padded  ", "padded"],
  ["snake_case stays", "snake_case-stays"],
  ["Mixed-Case Heading", "mixed-case-heading"],
])("headingId(%j) = %j", (text, expected) => {
  expect(headingId(text)).toBe(expected);
});

test("HTML kept in markdown (imported articles) survives rendering when the sanitiser allows it, and only then", async () => {
  const { html } = await renderMarkdown(
    [
      "H<sub>2</sub>O and E = mc<sup>2</sup>, press <kbd>Ctrl</kbd>",
      "",
      '<dl><dt>Term</dt><dd>Its <a href="https://example.com/x" onclick="steal()">definition</a></dd></dl>',
      "",
      '<table><tr><td colspan="2">merged</td></tr><tr><td>a</td><td>b</td></tr></table>',
      "",
      '<details><summary>More</summary>Hidden <img src="x" onerror="alert(1)"></details>',
      "",
      '<style>body{display:none}</style><iframe src="https://evil.example"></iframe><div style="position:fixed">boxed</div>',
    ].join("\n"),
  );
  expect(html).toContain("H<sub>2</sub>O and E = mc<sup>2</sup>, press <kbd>Ctrl</kbd>");
  expect(html).toContain('<dl><dt>Term</dt><dd>Its <a href="https://example.com/x">definition</a></dd></dl>');
  expect(html).toContain('<td colspan="2">merged</td>');
  expect(html).toContain("<details><summary>More</summary>Hidden <img");
  expect(html).toContain("boxed");
  expect(html).not.toMatch(/onclick|onerror|<style|display:none|<iframe|position:fixed/);
});
