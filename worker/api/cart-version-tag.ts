// The saved cart's version as an HTTP entity tag: GET /cart/cache answers it in ETag, and a save names the version
// it was made over in If-Match (RFC 9110 §13.1.1, strong comparison), so a save over a cart another device has
// changed since is refused (412) instead of losing that change.

/** The ETag of version `version`. */
export function cartVersionTag(version: number): string {
  return `"${version}"`;
}

/**
 * The versions an If-Match names: null when it names none (no header, or `*`, which any cart matches, for it
 * always has a current value, if only the empty one). Weak and foreign tags never match, so a header of only those
 * names an empty list: the save is refused.
 */
export function versionsNamedBy(ifMatch: string | undefined): number[] | null {
  if (ifMatch === undefined || ifMatch.trim() === "*") return null;
  const versions: number[] = [];
  for (const tag of ifMatch.split(",")) {
    const strong = /^\s*"(0|[1-9][0-9]{0,14})"\s*$/.exec(tag);
    if (strong) versions.push(Number(strong[1]));
  }
  return versions;
}
