import { data } from "react-router";

// A form post's size, checked from its Content-Length before the body is read: request.formData()
// buffers the whole body, so a page whose forms carry a few fields refuses a large post at once
// with a 413 and a message instead of reading it (as the dashboard does with its MAX_FORM_BYTES).
// Thrown, so the route's error boundary shows the message on the page, with or without JavaScript.

/** Forms of a few short fields (an address, a date, a message of 5,000 characters). */
export const SMALL_FORM_BYTES = 64 * 1024;

/** Throws a 413 with `message` when the post declares more than `maxBytes`. */
export function requireFormSize(request: Request, message: string, maxBytes = SMALL_FORM_BYTES) {
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) {
    throw data(message, { status: 413 });
  }
}
