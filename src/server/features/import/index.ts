// CSV imports and exports: what other code may use of this feature.
export { readCsv, toCsv, unneutralise } from "./csv.ts";
export { ExportRepository } from "./export.repository.ts";
export { ExportService } from "./export.service.ts";
export { registerExportRoutes } from "./export.routes.ts";
export { IMPORT_GEOCODING_JOB, ImportGeocoder } from "./import-geocoder.ts";
export { ImportRepository } from "./import.repository.ts";
export { ImportService } from "./import.service.ts";
export { IMPORTS_PATH, registerImportRoutes } from "./import.routes.ts";
