// The admin paths live with the shared schemas (src/schemas/adminPaths.ts): the server's robots.txt reads them too.
export { ADMIN_PATHS, type AdminPath } from "../../../src/schemas/adminPaths.js";
