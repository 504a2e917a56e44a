// Accounts as administrators manage them: what other code may use of this feature.
export { ACCOUNT_COLUMNS, AUTHOR_COLUMNS, UsersRepository } from "./users.repository.ts";
export { UsersService } from "./users.service.ts";
export { registerUsersRoutes } from "./users.routes.ts";
