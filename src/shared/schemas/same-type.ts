/** `true` when a schema's output and a plain type are the same type; `true satisfies SameType<A, B>` checks it at compile time. */
export type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
