// A part of every page whose code the browser loads apart from the page's first scripts (decision 0055): the server
// renders it in place as always, and the browser hydrates it once its chunk has come, the rest of the page meanwhile
// hydrated and working. The server's component is imported behind `import.meta.env.SSR` (a static import, even unused,
// would put the part back into the importer's chunk), so the server renders it at once, without suspending:
//
//   const Part = loadedApart(import.meta.env.SSR ? (await import("./part.tsx")).Part : null, () => import("./part.tsx").then((m) => m.Part));
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";

export function loadedApart<P extends object>(onServer: ComponentType<P> | null, load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): ComponentType<P> {
  const Part = onServer ?? lazy(async () => ({ default: await load() }));
  function LoadedApart(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    );
  }
  return LoadedApart;
}
