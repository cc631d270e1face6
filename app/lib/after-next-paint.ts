// Work an interaction starts but need not finish before the reader sees its result (a chunk's download, a
// navigation's route matching): run after the next paint, so it is no part of the interaction's latency (INP). A
// requestAnimationFrame callback runs just before that paint, and a task queued from it runs after.
// https://web.dev/articles/optimize-inp#yield_to_allow_rendering_work_to_occur_sooner
export function afterNextPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work));
}
