// The Worker in front of the app under `npm start` (tests/server/start.mjs), inside workerd. Two
// jobs that Cloudflare's edge and Vite's server did before the app:
//
// - The Host guard. The app answers localhost, and customers' custom domains (issue #18) under the
//   reserved .test and .localhost names (e.g. qr.my-brand.test) when asked with their Host header.
//   Any other Host gets a 403, as under Vite's guard against DNS rebinding: a page on another name
//   that resolves to 127.0.0.1 cannot read the local app.
// - The rest of a request body. workerd closes the connection when a Worker answers before it read
//   the whole body, and a client still sending (Node's fetch with a form or a stream) then fails
//   with EPIPE instead of reading the answer. So the body goes to the app through a pipe, and once
//   the app answered, what it left unread is read and dropped before the answer leaves.

/* global IdentityTransformStream */

const LOCAL_HOST = /^(localhost|127\.0\.0\.1|.+\.localhost|.+\.test)$/;
// Cloudflare's limit on a request body (Free and Pro plans); past it the connection closes.
const MAX_DROPPED_BYTES = 100 * 1024 * 1024;

export default {
  async fetch(request, env) {
    if (!LOCAL_HOST.test(new URL(request.url).hostname)) {
      return new Response(
        "This host is not served locally: use localhost, or a name under .test or .localhost.\n",
        { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } },
      );
    }
    if (request.body === null) return env.APP.fetch(request);

    const reader = request.body.getReader();
    // workerd's own pipe: unlike a TransformStream, aborting it fails a write that waits for a reader.
    const pipe = new IdentityTransformStream();
    const writer = pipe.writable.getWriter();
    const forwarding = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return writer.close();
        await writer.write(value);
      }
    })().catch(() => {
      // The app answered without reading to the end: the pipe was closed under the last write.
    });
    const response = await env.APP.fetch(new Request(request, { body: pipe.readable }));
    await writer.abort().catch(() => {});
    await forwarding;
    try {
      for (let dropped = 0; dropped <= MAX_DROPPED_BYTES;) {
        const { done, value } = await reader.read();
        if (done) break;
        dropped += value.byteLength;
      }
    } catch {
      // The client went away while sending: nobody is left to read the answer anyway.
    }
    return response;
  },
};
