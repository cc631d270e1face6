// Whether a newer build is out (SPEC §4, §9): the latest-build file the worker serves, read by build-update.ts's
// hourly poll. Apart from it so the check loads with its first run, not with the page.
export const LATEST_BUILD_URL = "/_app/builds/latest.json";

export async function fetchLatestBuildId(fetcher: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetcher(LATEST_BUILD_URL, { cache: "no-store" });
    if (!response.ok) return null;
    const body = (await response.json()) as { id?: unknown };
    return typeof body.id === "string" && body.id ? body.id : null;
  } catch {
    return null; // offline or a deploy in progress: try again at the next poll
  }
}

export function isNewerBuild(currentId: string, latestId: string | null): boolean {
  return latestId !== null && latestId !== currentId;
}
