// The news feature's public face: a post as its card shows it.
export { toPostCard, type PostCardData } from "./post-card-data.ts";
