// An image as the API describes it ({ url, width, height, alt }), at its own size so nothing moves when it loads. With
// `sizes`, the browser is told the file's width too (one file, so it can choose when to fetch it). Loading hints and
// classes are the caller's; `alt` replaces the API's text (empty for an image that a link's text already names).
import type { ImgHTMLAttributes } from "react";
import type { components } from "~/lib/api/schema";

type Attributes = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "width" | "height">;

export function ApiImage({
  image,
  sizes,
  alt = image.alt,
  ...rest
}: { image: components["schemas"]["Image"] } & Attributes) {
  const srcSet = sizes ? `${image.url} ${image.width}w` : undefined;
  return (
    <img src={image.url} srcSet={srcSet} sizes={sizes} width={image.width} height={image.height} alt={alt} {...rest} />
  );
}
