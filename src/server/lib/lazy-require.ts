// Packages only some requests need, loaded the first time one does instead of at start (each holds megabytes).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** A CommonJS package's exports, required (and set up by `prepare`) on the first call. */
export function lazyRequire<T>(id: string, prepare?: (loaded: T) => void): () => T {
  let loaded: T | undefined;
  return () => {
    if (loaded === undefined) {
      loaded = require(id) as T;
      prepare?.(loaded);
    }
    return loaded;
  };
}
