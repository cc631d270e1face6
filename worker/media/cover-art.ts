// Deterministic SVG pictures for the built-in catalogue (no binary assets to ship): a calm palette picked by id. The
// SVG cover (the title set vertically, as Traditional-Chinese covers often are) serves the `.svg` cover addresses of
// catalogues seeded before the PNG covers (cover-png.ts); banners, activities and articles keep their lettering here.
import { escapeXml } from "~/http/xml";
import type { CoverFacts } from "./cover-facts";
import { paletteAt, picturePaletteAt } from "./palettes";

const FORMAT_MARK: Record<number, string> = { 1: "", 2: "電子書", 3: "有聲書", 4: "文創" };

export function coverSvg({ id, title, author, format, width, height }: CoverFacts): string {
  const [ink, paper, accent] = paletteAt(id);
  const chars = [...title.replace(/[：:（）()《》\s]/g, "")].slice(0, 12);
  const size = Math.round(Math.min(width * 0.13, (height * 0.62) / Math.max(chars.length, 1)));
  const x = Math.round(width * 0.7);
  const top = Math.round(height * 0.14);
  const titleText = chars
    .map((ch, i) => `<text x="${x}" y="${top + (i + 1) * size}" font-size="${size}">${escapeXml(ch)}</text>`)
    .join("");
  const mark = FORMAT_MARK[format] ?? "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">
<rect width="100%" height="100%" fill="${paper}"/>
<rect x="0" y="0" width="${Math.round(width * 0.08)}" height="100%" fill="${ink}"/>
<circle cx="${Math.round(width * 0.32)}" cy="${Math.round(height * 0.7)}" r="${Math.round(width * 0.2)}" fill="${accent}" opacity="0.55"/>
<g fill="${ink}" font-family="Noto Serif CJK TC, Noto Serif TC, serif" font-weight="700" text-anchor="middle">${titleText}</g>
<text x="${Math.round(width * 0.14)}" y="${Math.round(height * 0.93)}" fill="${ink}" font-family="Noto Sans CJK TC, sans-serif" font-size="${Math.round(width * 0.05)}">${escapeXml(author ?? "")}</text>
${mark ? `<text x="${Math.round(width * 0.14)}" y="${Math.round(height * 0.1)}" fill="${ink}" font-family="Noto Sans CJK TC, sans-serif" font-size="${Math.round(width * 0.045)}">${mark}</text>` : ""}
</svg>`;
}

export function samplePageSvg({
  title,
  page,
  width,
  height,
}: {
  title: string;
  page: number;
  width: number;
  height: number;
}) {
  const lines = Array.from({ length: 14 }, (_, i) => {
    const y = Math.round(height * 0.16 + i * height * 0.052);
    const w = Math.round(width * (i % 5 === 4 ? 0.45 : 0.76));
    return `<rect x="${Math.round(width * 0.12)}" y="${y}" width="${w}" height="${Math.round(height * 0.012)}" fill="#8a8578"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)} 試閱第 ${page} 頁">
<rect width="100%" height="100%" fill="#fbf8f1"/>
<text x="${Math.round(width * 0.12)}" y="${Math.round(height * 0.1)}" font-family="Noto Serif CJK TC, serif" font-size="${Math.round(width * 0.05)}" fill="#2b2923">${escapeXml(title)}</text>
${lines}
<text x="${Math.round(width / 2)}" y="${Math.round(height * 0.96)}" text-anchor="middle" font-size="${Math.round(width * 0.035)}" fill="#57534e">${page}</text>
</svg>`;
}

/** A wide picture for banners, activities and articles: the title over soft shapes in a palette picked by id. */
export function pictureSvg({
  id,
  title,
  subtitle,
  width,
  height,
}: {
  id: number;
  title: string;
  subtitle: string;
  width: number;
  height: number;
}) {
  const [ink, paper, accent] = picturePaletteAt(id);
  const size = Math.round(Math.min(height * 0.14, (width * 0.8) / Math.max([...title].length, 1)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">
<rect width="100%" height="100%" fill="${paper}"/>
<circle cx="${Math.round(width * 0.82)}" cy="${Math.round(height * 0.3)}" r="${Math.round(height * 0.42)}" fill="${accent}" opacity="0.45"/>
<rect x="0" y="${Math.round(height * 0.86)}" width="100%" height="${Math.round(height * 0.14)}" fill="${ink}"/>
<text x="${Math.round(width * 0.07)}" y="${Math.round(height * 0.5)}" fill="${ink}" font-family="Noto Serif CJK TC, Noto Serif TC, serif" font-weight="700" font-size="${size}">${escapeXml(title)}</text>
<text x="${Math.round(width * 0.07)}" y="${Math.round(height * 0.5 + size * 1.2)}" fill="${ink}" font-family="Noto Sans CJK TC, sans-serif" font-size="${Math.round(size * 0.45)}">${escapeXml(subtitle)}</text>
</svg>`;
}
