declare module "swagger-ui-dist" {
  const swaggerUiDist: { getAbsoluteFSPath(): string };
  export default swaggerUiDist;
}

declare module "turndown-plugin-gfm" {
  import type TurndownService from "turndown";
  /** Tables, strikethrough and task lists (GitHub Flavored Markdown). */
  export const gfm: TurndownService.Plugin;
}
