// The newsletter's opens and clicks count software apart from readers: isbot decides, plus HEAD and no user agent.
import { isBotRequest } from "../../../src/services/newsletterSender.js";

// The mail scanners, link expanders and tools the sender's own list named before it gave way to isbot.
const SOFTWARE = [
  "Barracuda Sentinel (EE)", "Mozilla/5.0 proofpoint", "Mimecast", "Microsoft Office SafeLinks", "Outlook-iOS-LinkPreview/1.0",
  "LinkExpander", "BingPreview/1.0b", "facebookexternalhit/1.1", "Googlebot/2.1 (+http://www.google.com/bot.html)", "Yahoo! Slurp",
  "curl/8.5.0", "Wget/1.21", "python-requests/2.31", "Go-http-client/1.1", "Mozilla/5.0 HeadlessChrome/120.0", "PhantomJS/2.1",
];
const READERS = [
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0",
];

test.each(SOFTWARE)("%s is software", (agent) => expect(isBotRequest("GET", agent)).toBe(true));
test.each(READERS)("%s is a reader", (agent) => expect(isBotRequest("GET", agent)).toBe(false));
test("a HEAD request, or one without a user agent, is software", () => {
  expect(isBotRequest("HEAD", READERS[0])).toBe(true);
  expect(isBotRequest("GET", undefined)).toBe(true);
  expect(isBotRequest("GET", "")).toBe(true);
});
