import { type ComponentProps, Suspense, use } from "react";
import type { DesignFields } from "./design-fields";

// The Design section's code stays off the home page's first JavaScript (issue #28: "the designer's
// code may load after hydration"). The server loads it before rendering (loadDesigner in the home
// loader), so its HTML is in the page and works without JavaScript. In the browser the section's
// boundary suspends while its chunk arrives; React keeps the server's HTML meanwhile and hydrates
// it then (clicks made before are replayed).

type Fields = typeof DesignFields;
let loaded: Fields | undefined;
let loading: Promise<Fields> | undefined;

/** Loads the designer's controls once per page (or isolate). */
export function loadDesigner(): Promise<Fields> {
  loading ??= import("./design-fields").then((module) => (loaded = module.DesignFields));
  return loading;
}

// In the browser the chunk is asked for as soon as this module runs, beside the page's other
// modules rather than after them, so that it has usually arrived when hydration reaches the
// section, and a click in the section is not lost to a part not yet hydrated.
if (typeof document !== "undefined") void loadDesigner();

function Designer(props: ComponentProps<Fields>) {
  const Loaded = loaded ?? use(loadDesigner());
  // Not a new component per render: the module's one DesignFields, once loaded.
  // eslint-disable-next-line react-hooks/static-components
  return <Loaded {...props} />;
}

export function DesignSection(props: ComponentProps<Fields>) {
  return (
    <Suspense fallback={null}>
      <Designer {...props} />
    </Suspense>
  );
}
