import { trpc } from "../trpc.js";

export function HomePage() {
  const home = trpc.articles.home.useQuery();
  return (
    <main>
      <h1>Featured Development</h1>
      {home.data?.featured && <a href={`/article/${home.data.featured.slug}`}>{home.data.featured.title}</a>}
    </main>
  );
}
