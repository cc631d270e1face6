// The first-load JavaScript budget (.config/js-budget.json): one limit for every route, in KiB gzip, and optional
// lower limits for single routes (never higher: the budget is a ceiling for all). Pure, so it is unit-tested.

/** Checks the budget file's shape and rules; returns it, or throws with the reason. */
export function parseBudget(budget) {
  const limit = budget?.firstLoadKiB;
  if (typeof limit !== "number" || !(limit > 0)) throw new Error("js budget: firstLoadKiB must be a positive number");
  const routes = budget.routes ?? {};
  for (const [id, routeLimit] of Object.entries(routes)) {
    if (typeof routeLimit !== "number" || !(routeLimit > 0)) {
      throw new Error(`js budget: the limit of route ${id} must be a positive number`);
    }
    if (routeLimit > limit) {
      throw new Error(`js budget: route ${id} may not have more (${routeLimit} KiB) than every route's ${limit} KiB`);
    }
  }
  return { firstLoadKiB: limit, routes };
}

/**
 * The routes over their limit, from the figures of first-load-js.mjs.
 * @param {{ id: string, path: string, gzip: number }[]} figures
 * @param {any} budget
 * @returns {{ id: string, path: string, kib: number, limitKiB: number }[]}
 */
export function overBudget(figures, budget) {
  const { firstLoadKiB, routes } = parseBudget(budget);
  const known = new Set(figures.map((figure) => figure.id));
  const unknown = Object.keys(routes).filter((id) => !known.has(id));
  if (unknown.length > 0) throw new Error(`js budget: no such route: ${unknown.join(", ")}`);
  return figures
    .map((figure) => ({
      id: figure.id,
      path: figure.path,
      kib: figure.gzip / 1024,
      limitKiB: routes[figure.id] ?? firstLoadKiB,
    }))
    .filter((figure) => figure.kib > figure.limitKiB);
}
