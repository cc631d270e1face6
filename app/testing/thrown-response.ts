// What a loader or action threw as its answer (a redirect, a page's status): the Response, for a test to read.
export async function thrownResponse(run: () => unknown): Promise<Response> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("nothing was thrown");
}
