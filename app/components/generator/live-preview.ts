// What the browser loads, when idle, to redraw the generator's preview on every change: the QR
// core and design module (qr/preview.ts) and the translation of its English refusals
// (error-text.ts), which keeps both off the home page's first load (issue #32's 5 KB budget).
export { buildPreview, keepLast } from "../../qr/preview";
export { translatePreview } from "./error-text";
