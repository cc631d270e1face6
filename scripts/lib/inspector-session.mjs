// One session with a V8 inspector (the local workerd's, for the worker's isolate): commands by method name, each
// answered or given up after a time. Needs a global WebSocket (Node 22+, which `npm run` provides).

/**
 * Opens a session at `inspectorUrl` (rejects when it cannot). `call(method, params)` resolves with the reply, or with
 * null when none comes within `seconds`; `close()` ends the session. Events (messages without an id) are dropped.
 */
export async function openInspectorSession(inspectorUrl, seconds = 10) {
  const socket = new WebSocket(inspectorUrl);
  const waiting = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data));
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  };
  try {
    await new Promise((resolve, reject) => {
      socket.onopen = resolve;
      socket.onerror = reject;
    });
  } catch (error) {
    socket.close();
    throw error;
  }
  let next = 0;
  const call = (method, params = {}) =>
    Promise.race([
      new Promise((resolve) => {
        const id = ++next;
        waiting.set(id, resolve);
        socket.send(JSON.stringify({ id, method, params }));
      }),
      new Promise((resolve) => setTimeout(() => resolve(null), seconds * 1_000)),
    ]);
  return { call, close: () => socket.close() };
}
