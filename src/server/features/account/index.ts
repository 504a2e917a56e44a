// The signed-in person's own account: what other code may use of this feature.
export { AccountRepository } from "./account.repository.ts";
export { AccountService } from "./account.service.ts";
export { registerAccountRoutes } from "./account.routes.ts";
