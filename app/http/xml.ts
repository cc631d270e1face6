// Escaping text for markup: XML (sitemaps, SVG covers) and HTML alike, in element content and in quoted attributes.

const ENTITIES: Record<string, string> = { "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" };

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => ENTITIES[ch] ?? ch);
}
