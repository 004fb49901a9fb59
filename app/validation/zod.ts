import { z } from "zod";

// Zod compiles object parsers with `new Function` where it may. The CSP forbids that in the
// browser (and Workers forbid it on the server), and merely probing for it is reported as a
// CSP violation on every page that builds a schema. Interpreted parsing is plenty for forms of
// this size. Every module takes zod from here, so this runs before any schema is built.
z.config({ jitless: true });

export { z };
