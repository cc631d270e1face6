// Build updates (SPEC §4, §9): poll the latest-build file every hour; once a newer build is out, the next
// navigation is taken as a full page load so the reader gets the new code.
import { useEffect, useRef } from "react";
import { createPath, useLocation, useNavigation } from "react-router";

const BUILD_POLL_INTERVAL_MS = 60 * 60 * 1000;

export function useBuildUpdate(currentId: string) {
  const updateReady = useRef(false);
  const navigation = useNavigation();
  const location = useLocation();
  const loadedAt = useRef(location.key);

  useEffect(() => {
    // The check's code comes with its first run, an hour in: no page's first load carries it.
    const timer = window.setInterval(async () => {
      const { fetchLatestBuildId, isNewerBuild } = await import("./build-latest");
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
