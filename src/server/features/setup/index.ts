// The first administrator's setup: what other code may use of this feature.
export { SETUP_PATH, SetupService } from "./setup.service.ts";
