// News posts: what other code may use of this feature.
export { PostRepository } from "./post.repository.ts";
export { PostService } from "./post.service.ts";
export { registerPostRoutes } from "./post.routes.ts";
