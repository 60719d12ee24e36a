// The stylesheet belongs to the entry, so the build inlines it into the page template (one render-blocking resource: none).
import "./styles/index.css";

// The server's HTML is the whole page: the app's code (libraries, the site's frame, the page's chunk) starts loading
// only once the browser has painted it, so on a slow phone nothing competes with the first paint. A hidden tab paints
// no frame: it starts at once.
const start = () => void import("./boot.js");
if (document.visibilityState === "hidden") start();
else requestAnimationFrame(() => setTimeout(start));
