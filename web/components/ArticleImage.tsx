import { heightAt, parseMediaUrl, srcSet } from "../../src/schemas/media.js";

interface Props {
  url: string;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown at each viewport width. */
  sizes: string;
  /** The page's main image: fetched first and never lazily. */
  priority?: boolean;
  /** Above the fold but not the main image: loaded at once, at normal priority. */
  eager?: boolean;
  /** Box used for external images, whose size is unknown. */
  fallbackWidth: number;
  fallbackHeight: number;
}

/** An uploaded image as a <picture> (AVIF, WebP, the original format at every width) with its real width and height;
 *  any other URL as a plain <img>, as before. */
export function ArticleImage({ url, alt, sizes, priority = false, eager = false, fallbackWidth, fallbackHeight }: Props) {
  const loading = priority || eager ? "eager" : "lazy";
  const fetchPriority = priority ? "high" : undefined;
  const ref = parseMediaUrl(url);
  if (!ref) return <img src={url} alt={alt} width={fallbackWidth} height={fallbackHeight} loading={loading} fetchPriority={fetchPriority} decoding="async" />;
  const largest = ref.widths.at(-1)!;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(ref, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(ref, "webp")} sizes={sizes} />
      <img src={url} srcSet={srcSet(ref, ref.ext)} sizes={sizes} alt={alt} width={largest} height={heightAt(ref, largest)} loading={loading} fetchPriority={fetchPriority} decoding="async" />
    </picture>
  );
}
