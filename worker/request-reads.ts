// One page request's reads of /api/frontend, shared: two loaders of one render asking the same GET (the member
// layout's /member/profile and the profile page's own) get one call and a copy of its reply each. Anything else (a
// write) forgets what was read, so a loader after an action reads anew.

interface Read {
  body: ArrayBuffer;
  init: ResponseInit;
}

async function readWhole(reply: Response): Promise<Read> {
  const init = { status: reply.status, statusText: reply.statusText, headers: new Headers(reply.headers) };
  return { body: await reply.arrayBuffer(), init };
}

/** Wraps a render's `apiFetch` so identical GETs (URL and the headers that name the reader) are asked once. */
export function sharedReads(apiFetch: (request: Request) => Promise<Response>) {
  const reads = new Map<string, Promise<Read>>();
  return (request: Request): Promise<Response> => {
    if (request.method !== "GET") {
      reads.clear();
      return apiFetch(request);
    }
    const key = [request.url, request.headers.get("Cookie"), request.headers.get("Authorization")].join("\n");
    let read = reads.get(key);
    if (!read) {
      read = apiFetch(request).then(readWhole);
      reads.set(key, read);
      // A failed call is not kept: the next asker tries again.
      read.catch(() => reads.delete(key));
    }
    // Each asker gets a reply of its own (a JSON envelope, read whole once: no stream is teed and left unread).
    return read.then(({ body, init }) => new Response(body, init));
  };
}
