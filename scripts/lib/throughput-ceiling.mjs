// The most a page that renders on the server and makes some in-process API calls could reach, as a ratio of its
// throughput to /healthz's, if everything else it does cost nothing (scripts/bench.mjs prints it for /member/orders).
// One workerd main thread does all the work, so a request's cost is 1 / throughput under load. Every direct request
// pays /healthz's floor (the HTTP entry, the middleware); an API call made in-process costs about its direct time less
// that floor.

/**
 * @param {{ healthz: number, render: number, renderCalls: number[], calls: number[] }} throughputs requests a second:
 *   `render`, a page rendered on every request that makes the API calls `renderCalls` (each measured alone, directly);
 *   `calls`, the API calls of the page in question (each measured alone, directly).
 * @returns {number} the page's best ratio to /healthz.
 */
export function throughputCeiling({ healthz, render, renderCalls, calls }) {
  const cost = (rps) => 1 / rps;
  const overFloor = (rps) => cost(rps) - cost(healthz);
  const sum = (list) => list.reduce((total, rps) => total + overFloor(rps), 0);
  const least = cost(render) - sum(renderCalls) + sum(calls);
  return cost(healthz) / least;
}
