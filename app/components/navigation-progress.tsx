import { useNavigation } from "react-router";

/** A thin bar at the top while a navigation loads. */
export function NavigationProgress() {
  const busy = useNavigation().state !== "idle";
  return (
    <div aria-hidden="true" className="fixed top-0 left-0 right-0 h-1 overflow-hidden z-50 pointer-events-none">
      {busy && <div className="nav-progress h-full w-1/3 bg-primary" />}
    </div>
  );
}
