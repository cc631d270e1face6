// Build updates (SPEC §4, §9): poll the latest-build file every hour; once a newer build is out, the next
// navigation is taken as a full page load so the reader gets the new code.
import { useEffect, useRef } from "react";
import { createPath, useLocation, useNavigation } from "react-router";

const BUILD_POLL_INTERVAL_MS = 60 * 60 * 1000;
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

export function useBuildUpdate(currentId: string) {
  const updateReady = useRef(false);
  const navigation = useNavigation();
  const location = useLocation();
  const loadedAt = useRef(location.key);

  useEffect(() => {
    const timer = window.setInterval(async () => {
      if (isNewerBuild(currentId, await fetchLatestBuildId())) updateReady.current = true;
    }, BUILD_POLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [currentId]);

  // A navigation has started: load its target as a full page instead.
  useEffect(() => {
    if (updateReady.current && navigation.state !== "idle" && navigation.location) {
      window.location.assign(createPath(navigation.location));
    }
  }, [navigation]);

  // A navigation finished without a loading state (no data to fetch): reload where it landed.
  useEffect(() => {
    if (updateReady.current && location.key !== loadedAt.current) window.location.reload();
  }, [location.key]);
}
