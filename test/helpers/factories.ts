import type { ArticleCreateInput } from "../../src/schemas/article.js";
import type { Services } from "../../src/services/index.js";

let counter = 0;
const unique = () => `${Date.now().toString(36)}-${++counter}`;

/** A valid article payload; override any field. */
export function articleInput(overrides: Partial<ArticleCreateInput> = {}): ArticleCreateInput {
  const id = unique();
  return {
    title: `Test article ${id}`,
    slug: `test-article-${id}`,
    content: `## Overview\n\nBody of article ${id}.\n\n### Details\n\nMore text.`,
    category: "land",
    ...overrides,
  };
}

export async function createArticle(services: Services, overrides: Partial<ArticleCreateInput> = {}) {
  return services.articles.create(articleInput(overrides));
}
