// The tests of a Playwright JSON report that failed and then passed on their retry: "file:line title [project]".
export function flakyTests(report) {
  const found = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === "flaky") found.push(`${spec.file}:${spec.line} ${spec.title} [${test.projectName}]`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return found;
}
